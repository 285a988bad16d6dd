#!/bin/bash
# fuzz.sh - run nfsweep's libFuzzer targets (fuzz/), or replay their inputs.
#
# Usage: tools/fuzz.sh run SECONDS    fuzz each target for SECONDS (make fuzz)
#        tools/fuzz.sh regress        run each target once over its seeds and
#                                     its regressions (make fuzz-regress)
# Env:   BUILD (default build/)
# Exit:  0 nothing found; 1 a target crashed, leaked or hit undefined
#        behaviour (the input is named: copy it into fuzz/regressions/<target>/
#        with the fix); 2 usage.
#
# Seeds are the project's own test data (real fio JSON, lab mountstats,
# results files) plus fuzz/seeds/ (specifications, a lab guest's
# mountinfo). The growing corpus lives under build/fuzz/corpus/ and is
# never committed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$top/build}
bin=$build/fuzz/bin
targets=(fio_json mountstats mountinfo results_csv specs html)

seed_dirs() {
	case $1 in
	fio_json)    echo "$top/tests/data/fio" ;;
	mountstats)  echo "$top/tests/data/mountstats" ;;
	mountinfo)   echo "$top/fuzz/seeds/mountinfo" ;;
	results_csv) echo "$top/tests/data/results $top/results-schema/reference" ;;
	specs)       echo "$top/fuzz/seeds/specs" ;;
	html)        echo "$top/fuzz/seeds/html $top/tests/data/results" ;;
	esac
}

# The inputs of @target, seeds then regressions, one per line.
inputs() {
	# shellcheck disable=SC2046
	find $(seed_dirs "$1") "$top/fuzz/regressions/$1" -type f ! -name README.md \
		2>/dev/null | sort
}

mode=${1:-}
case $mode in
regress)
	for t in "${targets[@]}"; do
		mapfile -t files < <(inputs "$t")
		printf 'fuzz-regress: %-12s %3d inputs: ' "$t" "${#files[@]}"
		log=$build/fuzz/regress-$t.log
		if "$bin/fuzz_$t" -runs=1 "${files[@]}" >"$log" 2>&1; then
			echo ok
		else
			echo FAILED
			tail -n 40 "$log"
			echo "fuzz-regress: fuzz_$t failed on one of its inputs (log: $log)" >&2
			exit 1
		fi
	done
	;;
run)
	secs=${2:-}
	[[ $secs =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh run: FUZZ_SECONDS must be a positive integer, not '$secs'" >&2; exit 2; }
	found=0
	for t in "${targets[@]}"; do
		corpus=$build/fuzz/corpus/$t
		crashes=$build/fuzz/crashes/$t
		mkdir -p "$corpus" "$crashes"
		# New inputs go to the first directory, $corpus; the seeds and the
		# regressions are read from the others.
		dirs=("$corpus")
		for d in $(seed_dirs "$t") "$top/fuzz/regressions/$t"; do
			[ -d "$d" ] && dirs+=("$d")
		done
		log=$build/fuzz/run-$t.log
		printf 'fuzz: %-12s %ss ... ' "$t" "$secs"
		"$bin/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
			-max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" \
			"${dirs[@]}" >"$log" 2>&1
		rc=$?
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
		if [ $rc -eq 0 ]; then
			echo "ok, ${execs:-?} runs, corpus $(find "$corpus" -type f | wc -l)"
		else
			found=1
			echo "FOUND (exit $rc)"
			grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5
			ls -1 "$crashes" | sed "s|^|    input: $crashes/|"
			echo "    log: $log"
		fi
	done
	if [ $found -ne 0 ]; then
		echo "fuzz: a target failed; add its input to fuzz/regressions/<target>/ with the fix" >&2
		exit 1
	fi
	;;
*)
	echo "usage: tools/fuzz.sh run SECONDS | regress" >&2
	exit 2
	;;
esac
