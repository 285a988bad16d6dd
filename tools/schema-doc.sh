#!/bin/sh
# schema-doc.sh NFSWEEP DOC - rewrite the column table in DOC (between the
# BEGIN/END COLUMNS markers) from `nfsweep schema`: the document derives from
# results-schema/columns.def like the CSV header and the writer do.
# With --check: exit 1 if DOC is not what it would be.
set -eu
check=0
[ "$1" = --check ] && { check=1; shift; }
bin=$1 doc=$2
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -v cmd="$bin schema" '
	/<!-- BEGIN COLUMNS/ { print; while ((cmd | getline l) > 0) print l; skip = 1; next }
	/<!-- END COLUMNS/ { skip = 0 }
	!skip { print }' "$doc" > "$tmp"
if [ $check = 1 ]; then
	cmp -s "$tmp" "$doc" || { echo "schema-doc: $doc is out of date with columns.def: run make schema-doc" >&2; exit 1; }
else
	cp "$tmp" "$doc"
fi
