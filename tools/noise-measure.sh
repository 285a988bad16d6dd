#!/bin/bash
# tools/noise-measure.sh [DIR] - how much the same point varies from run to run in the lab's
# cloud model (lab/README.md), and so how many repeats and how long a point `nfsweep compare`
# needs to tell a 10 % difference (README, "Before and after"; results-schema/README.md,
# "Differences and noise"). Two points (seq64k and rand4k, 100 % read, nc1) at three lengths
# (--runtime 3, 10 and 30 s), each run $ROUNDS times (6), the lengths and points in turn
# within each round, so that drift falls on all of them alike. One lab boot, about 15 min.
# Then the table (tools/noise_table.py). Writes DIR (default results/noise-measure-DATE).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/results/noise-measure-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
: "${ROUNDS:=6}" "${RUNTIMES:=3 10 30}"
nfsweep=$top/build/harness/nfsweep
[ -x "$nfsweep" ] || { echo "noise-measure: build first (make harness engines)" >&2; exit 2; }
"$top/tools/deps.sh" bench || exit 2
cat >"$out/guest.sh" <<'GUEST'
set -u
N=$1 out=$2 rounds=$3
read -r -a runtimes <<<"$4"
common=(--mix 100 --target nc1=/mnt/nc1 --nfs --engine nfsweep-uring --numjobs 2 --iodepth 8
	--size 32m --ramp 1 --no-report)
for r in $(seq 1 "$rounds"); do
	for rt in "${runtimes[@]}"; do
		for prof in seq64k rand4k; do
			echo "noise-measure: round $r, $prof, $rt s" >&2
			"$N" run --profile "$prof" --runtime "$rt" "${common[@]}" --note "$LAB_NOTE" \
				--out "$out/r$r-$prof-$rt/s.csv" || exit 1
		done
	done
done
GUEST
sum=0
for rt in $RUNTIMES; do sum=$((sum + 2 * (rt + 10))); done
"$top/lab/run" --shaping cloud --timeout $((ROUNDS * sum + 600)) --rw "$out" \
	-- bash "$out/guest.sh" "$nfsweep" "$out" "$ROUNDS" "$RUNTIMES" || exit 1
/usr/bin/python3 "$top/tools/noise_table.py" "$out" | tee "$out/table.md"
