#!/bin/bash
# sweep.sh - `make sweep`: the published read/write-ratio sweeps (seq64k and
# rand4k, read % 100 -> 0 by 10) as results/<timestamp>/sweep.csv, then a
# summary table, the charts, the nconnect comparison, the chart-ready
# tables, the workbook (sweep.xlsx) and the report (sweep.html).
#
#   TARGETS="nc1=/mnt/a nc8=/mnt/b"   sweep these NFS mounts (yours), with the
#                                     published method's settings (below); a
#                                     target that is not NFS is refused unless NFS=0
#   (no TARGETS)                      a quick sweep inside the lab: nconnect=1
#                                     and nconnect=8 mounts of one export, through
#                                     the cloud model (lab/README.md, "The cloud
#                                     model"); a local scratch directory if no lab
#                                     backend can run
#   RUNTIME=, RAMP=                   seconds per point
#   REPEAT=N                          run the four headline points (the published nconnect
#                                     gains: seq64k and rand4k at 100 % and 0 % read) N times,
#                                     each target in turn, so that each gain has an interval and
#                                     a verdict against the published one (default 3 in the lab;
#                                     1 on TARGETS, whose 600 s points are judged by their seconds)
#   ENGINE=, NUMJOBS=, IODEPTH=, SIZE=, DIRECT=, MIX=, PROFILES=, NFS=0
#   STEADY=1                          each point ends when fio finds it steady
#                                     (nfsweep run --steady), RUNTIME its cap
#   LAB_OPTS=                         more lab/run options (--shaping percap ..)
#   RESULTS=DIR                       where results/<timestamp> goes (results)
#   RESUME=results/<timestamp>        finish an interrupted sweep (the same
#                                     variables as it had: the command it printed)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
nfsweep=$top/build/harness/nfsweep
ts=$(date -u +%Y%m%dT%H%M%SZ)
out=${RESULTS:-results}/$ts
resume=()
if [ -n "${RESUME:-}" ]; then
	out=${RESUME%/}
	[ -f "$out/sweep.csv" ] || { echo "make sweep: RESUME=$RESUME: no $out/sweep.csv" >&2; exit 2; }
	resume=(--resume)
fi
csv=$out/sweep.csv

# The command that finishes this sweep: make sweep RESUME=.. with the variables it had,
# each word quoted for the shell
resume_command() {
	local v words=(make sweep "RESUME=$out")
	for v in TARGETS RUNTIME RAMP REPEAT ENGINE NUMJOBS IODEPTH SIZE DIRECT MIX PROFILES NFS STEADY LAB_OPTS RESULTS; do
		[ -n "${!v:-}" ] && words+=("$v=${!v}")
	done
	printf '%q ' "${words[@]}" | sed 's/ $//'
}

# stopped: every completed row stays, and this command finishes the sweep
interrupted() {
	echo "make sweep: stopped (exit $1); every completed row is in $csv. To finish:" >&2
	echo " $(resume_command)" >&2
	exit "$1"
}

common=(--profile "${PROFILES:-seq64k,rand4k}" --mix "${MIX:-100:0:10}")
case ${STEADY:-0} in
0) ;;
1) common+=(--steady) ;;
*) echo "make sweep: STEADY=${STEADY}: 1 or 0" >&2; exit 2 ;;
esac

if [ -n "${TARGETS:-}" ]; then
	# The published method: the vendor's documented fio settings for these
	# charts (results-schema/reference/README.md): libaio, O_DIRECT, 4 jobs
	# of iodepth 128, 4 GiB each, 600 s per point, no ramp (randrepeat=0 is in
	# the profiles). Each can be overridden; the rows record what was used.
	method=(--engine "${ENGINE:-libaio}" --direct "${DIRECT:-1}" --numjobs "${NUMJOBS:-4}"
		--iodepth "${IODEPTH:-128}" --size "${SIZE:-4g}" --runtime "${RUNTIME:-600}"
		--ramp "${RAMP:-0}" --headline-repeat "${REPEAT:-1}")
	# label=path words, split on blanks only (no glob): a path with a blank
	# needs nfsweep run itself
	read -r -a words <<< "$TARGETS"
	targets=()
	for t in "${words[@]}"; do targets+=(--target "$t"); done
	# A mistyped path or an unmounted export must not be measured as the local disk.
	nfs=(--nfs)
	[ "${NFS:-1}" = 0 ] && nfs=()
	echo "make sweep: ${TARGETS} -> $csv" >&2
	echo "make sweep: the published method: ${method[*]}; $("$nfsweep" plan "${common[@]}" \
		"${targets[@]}" "${method[@]}" 2>/dev/null | tail -n 1)" >&2
	errs=$(mktemp)
	# its stderr also into $errs, through a pipeline: the shell waits for tee before it reads
	# the file (a process substitution's tee was not always done: make test saw the hint
	# lost); tee ignores Ctrl-C, so that what nfsweep says as it stops (the command that
	# finishes the sweep) still reaches the terminal
	{ "$nfsweep" run "${common[@]}" "${targets[@]}" "${method[@]}" "${nfs[@]}" "${resume[@]}" \
		--no-report --out "$csv" 2>&1 >&3 3>&- | (trap '' INT && exec tee "$errs") >&2; } 3>&1
	rc=${PIPESTATUS[0]}
	if [ $rc = 2 ] && [ ${#nfs[@]} -gt 0 ] && grep -q "not NFS" "$errs"; then
		echo "make sweep: (NFS=0 measures a target that is not NFS anyway, without RPC figures)" >&2
	fi
	rm -f "$errs"
else
	# (the headline points three times: each nconnect gain with an interval from its repeats)
	common+=(--runtime "${RUNTIME:-2}" --ramp "${RAMP:-1}" --engine "${ENGINE:-nfsweep-uring}"
		--headline-repeat "${REPEAT:-3}")
	# The cloud model's random-I/O gain is bounded by the load's requests in
	# flight (2 jobs x iodepth 8) over its slots per connection: see lab/README.md.
	echo "make sweep: no TARGETS: a quick sweep in the lab, through a model of the article's" \
		"cloud NFS path (lab/README.md) -> $csv" >&2
	# The note is the lab's own description of itself (LAB_NOTE), made in the guest.
	# The guest writes only where it is told to: the results directory too.
	mkdir -p "$out" || exit 1
	# (LAB_OPTS: lab/run options, split on blanks)
	read -r -a lab_opts <<< "${LAB_OPTS:-}"
	"$top/lab/run" --shaping cloud --timeout 3600 --rw "$out" "${lab_opts[@]}" -- \
		bash -c 'exec "$0" "$@" --note "$LAB_NOTE, quick run"' \
		"$nfsweep" run "${common[@]}" --target nc1=/mnt/nc1 --target nc8=/mnt/nc8 --nfs \
		--numjobs "${NUMJOBS:-2}" --iodepth "${IODEPTH:-8}" --size "${SIZE:-32m}" \
		"${resume[@]}" --no-report --out "$csv"
	rc=$?
	if [ $rc = 77 ] && [ ${#resume[@]} -gt 0 ]; then
		echo "make sweep: RESUME=$out: no lab backend here to finish the lab's sweep on" >&2
		exit 77
	elif [ $rc = 77 ]; then
		dir=$(mktemp -d "${TMPDIR:-/var/tmp}/nfsweep-sweep.XXXXXX")
		rm -rf "$out"
		echo "make sweep: no lab backend here: sweeping a local scratch directory $dir instead (not NFS)" >&2
		"$nfsweep" run "${common[@]}" --target local="$dir" --numjobs "${NUMJOBS:-2}" \
			--iodepth "${IODEPTH:-8}" --size "${SIZE:-32m}" \
			--note "local scratch directory, not NFS" --no-report --out "$csv"
		rc=$?
		rm -rf "$dir"
	fi
fi

case $rc in 129|130|143) interrupted "$rc" ;; esac
# (a run that wrote nothing failed, whatever its status said)
[ -f "$csv" ] || { echo "make sweep: no results were written to $csv (exit $rc)" >&2; exit $(( rc ? rc : 1 )); }
"$nfsweep" validate "$csv" >&2 || rc=1
"$nfsweep" summary "$csv"
# The charts and, with more than one target, the nconnect comparison.
if "$top/tools/deps.sh" plot; then
	"$nfsweep" plot "$csv" >/dev/null || rc=1
else
	echo "make sweep: no charts: gnuplot could not be installed" >&2
fi
# compare says nothing (and writes nothing) for a single target. The headlines and what their
# marks mean (the ratio of every point is in compare.csv and the report).
"$nfsweep" compare --headlines "$csv" 2>/dev/null
[ -f "$out/compare.csv" ] || echo "make sweep: one target: no nconnect comparison" >&2
# The workbook: every table with the spreadsheet's own charts drawn from its cells.
"$nfsweep" sheet "$csv" >/dev/null || rc=1
# The page to open or send (it draws the charts too; without gnuplot it says why it has none).
# The command that finishes the sweep goes in as an argument: the page shows it as text.
"$nfsweep" report "$csv" --resume-with "$(resume_command)" >/dev/null || rc=1
echo "make sweep: results in $out: sweep.csv, compare.csv, chart-ready tables (sweep.*.table.csv)," \
	"the workbook (sweep.xlsx), charts (*.png, *.svg), fio's JSON in fio/" >&2
echo "make sweep: the report, to open in a browser or send: $out/sweep.html" >&2
exit "$rc"
