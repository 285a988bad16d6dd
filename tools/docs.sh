#!/bin/sh
# docs.sh NFSWEEP - rewrite what is generated from nfsweep's own tables:
#   results-schema/README.md   the column table (nfsweep schema)
#   harness/nfsweep.1          SYNOPSIS, OPTIONS and EXIT STATUS
#                              (nfsweep help --man-synopsis|--man-options|--man-exit)
#   docs/troubleshooting.md    the exit statuses' table (nfsweep help --readme-exit)
#   harness/nfsweep.bash-completion   (nfsweep completion)
#   docs/engines.md            the options of nfsweep-uring and nfsweep-aio, from each engine's
#                              own option table as fio reads it (fio --enghelp=ENGINE[,OPTION]:
#                              the name, fio's own engine's name for it, the default, the help)
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

# splice_part FILE NAME: replace the lines between the BEGIN/END GENERATED NAME markers with $tmp/part.
splice_part() {
	awk -v part="$tmp/part" -v name="$2" '
		index($0, "BEGIN GENERATED " name) { print; while ((getline l < part) > 0) print l; skip = 1; next }
		index($0, "END GENERATED " name) { skip = 0 }
		!skip { print }' "$1" > "$tmp/out"
	grep -q "BEGIN GENERATED $2" "$1" || { echo "docs: $1 has no BEGIN GENERATED $2 marker" >&2; exit 1; }
	settle "$1"
}
# splice FILE NAME CMD: the BEGIN/END GENERATED NAME part is nfsweep CMD's output.
splice() {
	"$bin" $3 > "$tmp/part" || { echo "docs: '$bin $3' failed" >&2; exit 1; }
	splice_part "$1" "$2"
}
# engine_options SO FIO_ENGINE: the table of engine SO's options, in its table's order; each
# one's alias is the name fio's engine FIO_ENGINE gives the same setting (empty: it has none).
# fio prints an option's help (parse.c, show_option_help) alike in every release 3.33-3.42:
# "NAME: HELP", then "alias: ", "type: ", "default: " and "valid values: VALUE HELP" lines.
engine_options() {
	name=$(basename "$1" .so)
	printf '| %s option | fio %s'"'"'s name | default | meaning |\n|---|---|---|---|\n' "$name" "$2"
	fio --enghelp="$1" | sed 's/^ *\([^ :]*\) *:.*/\1/' | while read -r opt; do
		fio --enghelp="$1,$opt" | awk -v opt="$opt" '
			function cell(s) { gsub(/\|/, "\\|", s); return s }
			NR == 1 { sub(/^ *[^ :]+: /, ""); help = $0; next }
			/^ *alias: / { sub(/^ *alias: /, ""); alias = "`" $0 "`"; next }
			/^ *default: / { sub(/^ *default: /, ""); def = "`" $0 "`"; next }
			/^ *(valid values)?: / {
				sub(/^ *(valid values)?: /, ""); v = $1; sub(/^[^ ]+ +/, "")
				vals = vals (vals ? "; " : "") "`" v "`: " $0
			}
			END {
				if (vals) help = help " (" vals ")"
				printf "| `%s` |%s| %s | %s |\n", opt, alias ? " " alias " " : " ", def, cell(help)
			}'
	done
}
# splice_engine FILE NAME SO FIO_ENGINE: the BEGIN/END GENERATED NAME part is engine_options'.
splice_engine() {
	command -v fio >/dev/null || { echo "docs: fio is not installed (tools/deps.sh build)" >&2; exit 1; }
	[ -f "$3" ] || { echo "docs: $3: no such engine (make engines)" >&2; exit 1; }
	engine_options "$3" "$4" > "$tmp/part"
	[ "$(wc -l < "$tmp/part")" -gt 2 ] || { echo "docs: fio --enghelp=$3 listed no option" >&2; exit 1; }
	splice_part "$1" "$2"
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
splice "$top/docs/troubleshooting.md" EXIT "help --readme-exit"
# the engines beside nfsweep in the build (ENGINES: another directory)
engines=${ENGINES:-$(dirname "$bin")/../engines}
splice_engine "$top/docs/engines.md" URING_OPTIONS "$engines/nfsweep-uring.so" io_uring
splice_engine "$top/docs/engines.md" AIO_OPTIONS "$engines/nfsweep-aio.so" libaio
"$bin" completion > "$tmp/out"
settle "$top/harness/nfsweep.bash-completion"
exit $stale
