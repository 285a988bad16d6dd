#!/bin/bash
# tools/limits-measure.sh [DIR] - what limited each point, against what the lab builds in
# (docs/limits.md, "Checked against shapings the rules were not tuned on"): for each lab
# shaping below, one boot and t_limits_lab's sweep (seq64k and rand4k, pure reads and pure
# writes, nc1 and nc8, 4 jobs x iodepth 4, 3-s points, two repeats: 16 points), the lab's own
# description of its shaping in the rows' note. Then the table (tools/limits_table.py): each
# point's built-in limit, worked out from that description alone, against the limit
# `nfsweep limits` names today. About two minutes a shaping. Writes DIR (default
# results/limits-measure-DATE); ONLY="name ..." runs those shapings alone (a name not in the
# list: exit 2; a lab/run that fails: exit 1, its log named).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/results/limits-measure-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
nfsweep=$top/build/harness/nfsweep
[ -x "$nfsweep" ] || { echo "limits-measure: build first (make harness engines)" >&2; exit 2; }
# name: lab/run's options (the first eight are the ones the rules of 6a7cb56 were set on)
shapings=(
	"scale50: --shaping cloud --scale 50"
	"slots3: --shaping cloud --conn-slots 3"
	"rtt15: --shaping cloud --rtt 15000us"
	"v41: --shaping cloud --vers 4.1"
	"slots64-rtt3: --shaping cloud --conn-slots 64 --rtt 3000us"
	"none: --shaping none"
	"slots16-rtt5: --shaping cloud --conn-slots 16 --rtt 5000us"
	"egress-only: --shaping cloud --conn-slots 64 --conn-rate 200mbit --read-cap 400mbit --rtt 2000us"
	"scale200: --shaping cloud --scale 200"
	"slots4-rtt6: --shaping cloud --conn-slots 4 --rtt 6000us"
	"slots32-rtt10: --shaping cloud --conn-slots 32 --rtt 10000us"
	"conncap-only: --shaping cloud --conn-slots 64 --rtt 2000us --conn-rate 80mbit --egress-cap 800mbit --read-cap 800mbit"
	"readcap-low: --shaping cloud --conn-slots 64 --rtt 4000us --read-cap 80mbit"
	"v42-scale80: --shaping cloud --vers 4.2 --scale 80"
)
# (the guest's arguments as arguments: lab/run keeps their quoting)
guest='"$1" run --profile seq64k,rand4k --mix 100,0 --target nc1=/mnt/nc1 --target nc8=/mnt/nc8 \
	--iodepth 4 --numjobs 4 --runtime 3 --ramp 1 --size 16m --repeat 2 --nfs --no-report \
	--note "$LAB_NOTE" --out "$2/s.csv"'
names=" ${shapings[*]%%:*} "
for o in ${ONLY:-}; do
	[[ $names == *" $o "* ]] ||
		{ echo "limits-measure: ONLY: no shaping named $o (see this file's list)" >&2; exit 2; }
done
for s in "${shapings[@]}"; do
	name=${s%%:*}
	read -r -a opts <<<"${s#*: }"
	[ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $name "* ]] || continue
	rm -rf "${out:?}/$name" && mkdir -p "$out/$name" || exit 1
	echo "limits-measure: $name (lab/run ${opts[*]})" >&2
	"$top/lab/run" "${opts[@]}" --rw "$out" --timeout 900 -- bash -c "$guest" sh "$nfsweep" \
		"$out/$name" >"$out/$name/lab.log" 2>&1 ||
		{ echo "limits-measure: $name: lab/run failed: $out/$name/lab.log" >&2; exit 1; }
done
python3 "$top/tools/limits_table.py" --nfsweep "$nfsweep" "$out" | tee "$out/table.md"
