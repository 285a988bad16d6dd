#!/bin/bash
# Every table from one source: the CSV files nfsweep writes have the
# columns their .def files give, in that order, as the schema document
# (results-schema/README.md, made by make docs) states them, every row of
# one width.
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

scenario "compare.csv from compare_columns.def" compare_csv
scenarios_done
