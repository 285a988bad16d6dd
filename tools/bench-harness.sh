#!/bin/bash
# bench-harness.sh - `make bench-harness`: what nfsweep run itself costs. A
# quick sweep (2 profiles x 11 mixes) on a tmpfs directory; the overhead is
# the sweep's wall time beyond the sum of its fio runs (duration_s, fork to
# exit of each fio), and the harness's own peak RSS (getrusage, not fio's).
# Goals (issue 4): at most 2 % overhead, under 16 MiB.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
N=$top/build/harness/nfsweep
dir=$(mktemp -d /dev/shm/nfsweep-bh.XXXXXX)
out=$(mktemp -d /tmp/nfsweep-bh.XXXXXX)
trap 'rm -rf "$dir" "$out"' EXIT
start=$(date +%s.%N)
"$N" run --profile seq64k,rand4k --mix 100:0:10 --target tmp="$dir" --runtime "${RUNTIME:-2}" \
	--ramp 0 --numjobs 1 --iodepth 8 --size 16m --out "$out/sweep.csv" 2>"$out/err" ||
	{ cat "$out/err"; exit 1; }
end=$(date +%s.%N)
rss=$(sed -n 's/.*harness peak RSS \([0-9]*\) KiB.*/\1/p' "$out/err")
python3 - "$out/sweep.csv" "$start" "$end" "$rss" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
fio = sum(float(r["duration_s"]) for r in rows)
wall = float(sys.argv[3]) - float(sys.argv[2])
over = (wall - fio) / fio * 100
rss = int(sys.argv[4]) / 1024
print("harness: %d points, wall %.2f s, fio %.2f s: overhead %.2f s = %.2f %%" % (len(rows), wall, fio, wall - fio, over))
print("harness: peak RSS %.1f MiB" % rss)
print("  [%s] overhead <= 2 %%" % ("met" if over <= 2 else "NOT MET"))
print("  [%s] peak RSS < 16 MiB" % ("met" if rss < 16 else "NOT MET"))
PY
