#!/bin/bash
# tools/steady-measure.sh [DIR] - how close --steady's figures come to full-length ones, in the
# lab's cloud model (lab/README.md): 8 points (seq64k and rand4k; pure read, pure write and
# 50 %; nc1 and nc8), each at full length (--runtime $FULL, 300 s) and with --steady (cap the
# same, STEADY_OPTS), interleaved: in each of $ROUNDS rounds (3) every point runs both ways
# one after the other, which first alternating, the points' order rotated. One lab boot.
# Then the table (tools/steady_table.py): per point the steady/full ratio of the figure
# (MiB/s for seq64k, IOPS for rand4k; median and range over the rounds) and the time each
# way. About two hours with the defaults. Writes DIR (default results/steady-measure-DATE).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/results/steady-measure-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
: "${FULL:=300}" "${ROUNDS:=3}" "${STEADY_OPTS:=--steady}"
nfsweep=$top/build/harness/nfsweep
[ -x "$nfsweep" ] || { echo "steady-measure: build first (make harness engines)" >&2; exit 2; }
cat >"$out/guest.sh" <<'GUEST'
set -u
N=$1 out=$2 full=$3 rounds=$4
read -r -a steady <<<"$5"
points=(seq64k:100:nc1 seq64k:0:nc8 seq64k:50:nc1 seq64k:50:nc8
	rand4k:100:nc8 rand4k:0:nc1 rand4k:50:nc1 rand4k:50:nc8)
common=(--engine nfsweep-uring --numjobs 2 --iodepth 8 --size 32m --ramp 1 --nfs
	--runtime "$full")
n=${#points[@]}
for r in $(seq 1 "$rounds"); do
	for i in $(seq 0 $((n - 1))); do
		p=${points[$(( (i + r - 1) % n ))]}
		IFS=: read -r prof mix tgt <<<"$p"
		for k in 0 1; do
			# which way first alternates from point to point and round to round
			if [ $(( (i + r + k) % 2 )) = 0 ]; then way=full; opts=(); else way=steady; opts=("${steady[@]}"); fi
			dir=$out/r$r-$prof-$mix-$tgt-$way
			echo "steady-measure: round $r, $prof $mix% $tgt, $way" >&2
			"$N" run --profile "$prof" --mix "$mix" --target "$tgt=/mnt/$tgt" "${common[@]}" \
				"${opts[@]}" --no-report --note "$LAB_NOTE" --out "$dir/s.csv" || exit 1
		done
	done
done
GUEST
# (the guest's arguments as arguments: lab/run keeps their quoting)
"$top/lab/run" --shaping cloud --timeout $(( ROUNDS * 8 * 2 * (FULL + 60) + 600 )) --rw "$out" \
	-- bash "$out/guest.sh" "$nfsweep" "$out" "$FULL" "$ROUNDS" "$STEADY_OPTS" || exit 1
python3 "$top/tools/steady_table.py" "$out" | tee "$out/table.md"
