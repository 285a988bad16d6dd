#!/bin/bash
# Every table from one source: the CSV files nfsweep and make bench write
# have the columns their .def files give, in that order, as the schema
# document (results-schema/README.md, made by make docs) states them; a row
# of the wrong width or a field no column has is refused by the writer.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
doc=$T_TOP/results-schema/README.md

# documented FILE: the column names of FILE's table in the schema document, comma-joined
documented() {
	awk -v f="### $1:" 'index($0, f) == 1 { on = 1; next } on && /^### / { exit }
		on && /^\| `/ { split($0, c, "`"); printf "%s%s", n++ ? "," : "", c[2] } END { print "" }' "$doc"
}

compare_csv() {
	local want got
	want=$(documented compare.csv)
	[ "$(tr ',' '\n' <<<"$want" | wc -l)" -ge 12 ] || fail "the schema documents compare.csv as: $want"
	cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$T_DISK/sweep.csv"
	"$N" compare "$T_DISK/sweep.csv" --base nc1 >/dev/null || fail "compare exited $?"
	got=$(head -n 1 "$T_DISK/compare.csv" | tr -d '\r')
	[ "$got" = "$want" ] || fail "compare.csv's header: $got; documented: $want"
	python3 - "$T_DISK/compare.csv" <<'PY' || fail "compare.csv rows"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
bad = [i + 1 for i, r in enumerate(rows) if len(r) != len(rows[0])]
kinds = {r[0] for r in rows[1:]}
if bad or not {"headline", "point"} <= kinds:
    sys.exit("lines of another width: %s; kinds %s" % (bad, kinds))
PY
	"$N" compare "$T_DISK/sweep.csv" "$T_DISK/sweep.csv" >/dev/null || fail "compare A A exited $?"
	got=$(head -n 1 "$T_DISK/compare-runs.csv" | tr -d '\r')
	[ "$got" = "$want" ] || fail "compare-runs.csv's header: $got; documented: $want"
}

bench_csv() {
	local want got row
	want=$(documented results/bench/STAMP.csv)
	got=$(python3 "$T_TOP/tools/bench_report.py" --header) || fail "bench_report.py --header"
	[ "$got" = "$want" ] || fail "the bench CSV's header: $got; documented: $want"
	row=$(python3 "$T_TOP/tools/bench_report.py" --row rand4k-read 1 nfsweep-uring 1 100 \
		< "$T_TOP/tests/data/fio/uring-randread.json") || fail "bench_report.py --row"
	python3 - "$want" "$row" <<'PY' || fail "the --row row: $row"
import csv, sys
head = sys.argv[1].split(",")
row = dict(zip(head, next(csv.reader([sys.argv[2]]))))
if len(next(csv.reader([sys.argv[2]]))) != len(head) or row["engine"] != "nfsweep-uring" \
        or row["round"] != "1" or not float(row["iops"]) > 0 or row["syscalls_per_io"]:
    sys.exit("a row out of place: %s" % row)
PY
	got=$(python3 "$T_TOP/tools/bench_report.py" --emit workload=x iodepth=1 nosuch=2 2>&1) &&
		fail "a field no column has was written: $got"
	grep -q "not a column of .*bench_columns.def: nosuch" <<<"$got" || fail "not named: $got"
	# the shell and Python writers go through it: no row is typed by hand
	got=$(grep -nE "csv\.write\(\"|echo \"[^\"]*,[^\"]*,[^\"]*\" >+ \"\\\$csv\"" \
		"$T_TOP"/tools/bench*.sh "$T_TOP"/tools/bench*.py)
	[ -z "$got" ] || fail "a bench row written by hand: $got"
}

scenario "compare.csv from compare_columns.def" compare_csv
scenario "the bench CSV from bench_columns.def" bench_csv
scenarios_done
