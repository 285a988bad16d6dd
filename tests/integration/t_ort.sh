#!/bin/bash
# nfsweep ort on the published SPEC SFS 2008 curves gives the published ORT
# (last line, two decimals); bad curves are refused with clear errors.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
R=$T_TOP/results-schema/reference/curves
for f in "$R"/*.csv; do
	want=$(awk -F, 'NR == 2 { print $NF }' "$f" | tr -d '\r')
	got=$("$N" ort "$f" | tail -n 1)
	[ -z "$want" ] || [ "$got" = "$want" ] || fail "$(basename "$f"): ORT $got, published $want"
	echo "$(basename "$f"): $got${want:+ (published $want)}"
done
expect() {	# expect CODE NEEDLE CSV-TEXT
	printf '%b' "$3" > "$T_DISK/c.csv"
	msg=$("$N" ort "$T_DISK/c.csv" 2>&1)
	rc=$?
	[ $rc = "$1" ] || fail "'$3': exit $rc, not $1 ($msg)"
	grep -q -- "$2" <<<"$msg" || fail "'$3': '$msg' lacks '$2'"
}
expect 1 "at least two" 'ops_s,rt_ms\n100,1\n'
expect 1 "ascending" 'ops_s,rt_ms\n100,1\n50,2\n'
expect 1 "must both be > 0" 'ops_s,rt_ms\n100,0\n200,2\n'
expect 1 "must both be > 0" 'ops_s,rt_ms\n-100,1\n200,2\n'
expect 1 "must be numbers" 'ops_s,rt_ms\n100,fast\n200,2\n'
expect 3 "no rt_ms" 'ops_s,latency\n100,1\n200,2\n'

echo ok
