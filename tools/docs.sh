#!/bin/sh
# docs.sh NFSWEEP - rewrite what is generated from nfsweep's own tables:
#   results-schema/README.md   the column table (nfsweep schema)
#   harness/nfsweep.1          SYNOPSIS, OPTIONS and EXIT STATUS
#                              (nfsweep help --man-synopsis|--man-options|--man-exit)
#   README.md                  the exit statuses' table (nfsweep help --readme-exit)
#   harness/nfsweep.bash-completion   (nfsweep completion)
# Each generated part sits between "BEGIN GENERATED X" and "END GENERATED X"
# lines (comments in the file's own syntax), or is the whole file.
# With --check: change nothing, exit 1 naming each file that is stale.
set -eu
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
bin=${1:?usage: docs.sh [--check] NFSWEEP}
# DOCS_TOP: the tree whose documents are written or checked (the tests check a copy)
top=${DOCS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stale=0

# splice FILE NAME CMD: replace the lines between the BEGIN/END GENERATED NAME markers with CMD's output.
splice() {
	"$bin" $3 > "$tmp/part" || { echo "docs: '$bin $3' failed" >&2; exit 1; }
	awk -v part="$tmp/part" -v name="$2" '
		index($0, "BEGIN GENERATED " name) { print; while ((getline l < part) > 0) print l; skip = 1; next }
		index($0, "END GENERATED " name) { skip = 0 }
		!skip { print }' "$1" > "$tmp/out"
	grep -q "BEGIN GENERATED $2" "$1" || { echo "docs: $1 has no BEGIN GENERATED $2 marker" >&2; exit 1; }
	settle "$1"
}
# settle FILE: FILE becomes $tmp/out (or, with --check, is compared with it).
settle() {
	if [ $check = 1 ]; then
		cmp -s "$tmp/out" "$1" || { echo "docs: $1 is out of date with nfsweep's tables: run make docs" >&2; stale=1; }
	else
		cmp -s "$tmp/out" "$1" || cp "$tmp/out" "$1"
	fi
}

splice "$top/results-schema/README.md" COLUMNS "schema"
splice "$top/harness/nfsweep.1" SYNOPSIS "help --man-synopsis"
splice "$top/harness/nfsweep.1" OPTIONS "help --man-options"
splice "$top/harness/nfsweep.1" EXIT "help --man-exit"
splice "$top/README.md" EXIT "help --readme-exit"
"$bin" completion > "$tmp/out"
settle "$top/harness/nfsweep.bash-completion"
exit $stale
