#!/bin/bash
# sweep.sh - `make sweep`: the published read/write-ratio sweeps (seq64k and
# rand4k, read % 100 -> 0 by 10) as results/<timestamp>/sweep.csv, then a
# summary table.
#
#   TARGETS="nc1=/mnt/a nc8=/mnt/b"   sweep these directories (your mounts)
#   (no TARGETS)                      a quick sweep inside the lab: nconnect=1
#                                     and nconnect=8 mounts of one export, per-flow
#                                     cap shaping (lab/README.md); a local scratch
#                                     directory if no lab backend can run
#   RUNTIME=, RAMP=                   seconds per point (quick: 2 and 1)
#   ENGINE=, NUMJOBS=, IODEPTH=, SIZE=, MIX=, PROFILES=, LAB_OPTS=
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
nfsweep=$top/build/harness/nfsweep
ts=$(date -u +%Y%m%dT%H%M%SZ)
out=results/$ts
mkdir -p "$out"
csv=$out/sweep.csv

common=(--profile "${PROFILES:-seq64k,rand4k}" --mix "${MIX:-100:0:10}"
	--runtime "${RUNTIME:-2}" --ramp "${RAMP:-1}" --engine "${ENGINE:-nfsweep-uring}")

if [ -n "${TARGETS:-}" ]; then
	targets=()
	for t in $TARGETS; do targets+=(--target "$t"); done
	echo "make sweep: ${TARGETS} -> $csv" >&2
	"$nfsweep" run "${common[@]}" "${targets[@]}" --numjobs "${NUMJOBS:-4}" \
		--iodepth "${IODEPTH:-32}" --size "${SIZE:-1g}" --out "$csv"
	rc=$?
else
	rate=500mbit
	note="lab: user-mode-linux, NFSv3, per-flow cap $rate (fq maxrate), quick run"
	echo "make sweep: no TARGETS: a quick sweep in the lab ($note) -> $csv" >&2
	"$top/lab/run" --shaping percap --rate $rate --timeout 3600 ${LAB_OPTS:-} -- \
		"$nfsweep" run "${common[@]}" --target nc1=/mnt/nc1 --target nc8=/mnt/nc8 --nfs \
		--numjobs "${NUMJOBS:-2}" --iodepth "${IODEPTH:-8}" --size "${SIZE:-32m}" \
		--note "$note" --out "$csv"
	rc=$?
	if [ $rc = 77 ]; then
		dir=$(mktemp -d "${TMPDIR:-/var/tmp}/nfsweep-sweep.XXXXXX")
		echo "make sweep: no lab backend here: sweeping a local scratch directory $dir instead (not NFS)" >&2
		"$nfsweep" run "${common[@]}" --target local="$dir" --numjobs "${NUMJOBS:-2}" \
			--iodepth "${IODEPTH:-8}" --size "${SIZE:-32m}" \
			--note "local scratch directory, not NFS" --out "$csv"
		rc=$?
		rm -rf "$dir"
	fi
fi

[ -f "$csv" ] || { echo "make sweep: no results were written (exit $rc)" >&2; exit "$rc"; }
"$nfsweep" validate "$csv" >&2 || rc=1
"$nfsweep" summary "$csv"
# The charts and, with more than one target, the nconnect comparison.
if "$top/tools/deps.sh" plot; then
	"$nfsweep" plot "$csv" >/dev/null || rc=1
else
	echo "make sweep: no charts: gnuplot could not be installed" >&2
fi
# compare says nothing (and writes nothing) for a single target.
"$nfsweep" compare "$csv" 2>/dev/null | sed -n '1,6p'
[ -f "$out/compare.csv" ] || echo "make sweep: one target: no nconnect comparison" >&2
echo "make sweep: results in $out: sweep.csv, compare.csv, charts (*.png, *.svg), fio's JSON in fio/" >&2
exit "$rc"
