#!/bin/bash
# run.sh - run every integration test (integration/t_*.sh), each under a
# timeout, and print a summary (liburing's test/runtests.sh). A test exits
# 0 pass, 1 fail, 77 skip (and prints why).
#
# Usage: run.sh [t_name ...]   (default: all)
# Env:   TEST_TIMEOUT (seconds per test, default 900), BUILD, FIO_SRC, T_NET (netblock.sh);
#        T_SAN_NFSWEEP, T_SAN_TESTS, T_SAN_REPORTS (make test SANITIZE=1): the tests named in
#        T_SAN_TESTS run with that nfsweep (ASan + UBSan), their reports into T_SAN_REPORTS;
#        T_SKIP_FILE: lines "t_name: why" (# comments): those tests are skipped, saying why
#        (CI's Debian 13 root, .ci/debian13.skip)
set -u
here=$(cd "$(dirname "$0")" && pwd)
timeout_s=${TEST_TIMEOUT:-900}
[ -z "${T_SKIP_FILE:-}" ] || [ -r "$T_SKIP_FILE" ] ||
	{ echo "run.sh: T_SKIP_FILE=$T_SKIP_FILE: cannot read it" >&2; exit 2; }
cd "$here" || exit 1

# this run's loopback block for every test (netblock.sh)
. "$here/netblock.sh"
[ -n "${T_NET:-}" ] || t_net_hold || { echo "run.sh: no free loopback block" >&2; exit 1; }
echo "integration: loopback block $T_NET.0.0/16"

tests=("$@")
[ ${#tests[@]} -eq 0 ] && tests=(t_*.sh)

# cpu: the CPU seconds (user + system) of this shell's children that have ended, the tests and
# all they ran (a lab guest's processes are lab/run's children, reaped within the test; a daemon,
# fio --server --daemonize, is init's child and not counted). Each
# test's share is printed beside its time: on CI's two cores, shared by two lanes, the CPU a test
# takes is what it costs the other lane, and wall time under load says less.
cpu_file=$(mktemp)
cpu() {	# into $cpu_s: in this shell, not a subshell (a fork starts with no children's time)
	times > "$cpu_file"
	cpu_s=$(awk 'END { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/)
		t += a[1] * 60 + a[2] }; printf "%d", t }' "$cpu_file")
}
# lab: each test's lab guests (lab/run's LAB_TIME_LOG): how many, how long they waited for
# another lane's guest (CI's LAB_LOCK), booted and set up, and ran the test's command. The
# boots and the waits are what sharing or ordering could save; the suite's totals at the end.
lab_file=$(mktemp)
lab_sum=(0 0 0 0)
lab_account() {	# into $lab_s: this test's account, added to lab_sum
	lab_s=""
	[ -s "$lab_file" ] || return 0
	local n w s c
	read -r n w s c < <(awk '{ n++; w += $2; s += $4; c += $6 } END { print n, w, s, c }' \
		"$lab_file")
	lab_s="; lab guests: $n, waited $w s, setup $s s, command $c s"
	lab_sum=($((lab_sum[0] + n)) $((lab_sum[1] + w)) $((lab_sum[2] + s)) $((lab_sum[3] + c)))
	: > "$lab_file"
}
pass=0 fail=0 skip=0
failed=() skipped=() timed_out=()
for t in "${tests[@]}"; do
	t=${t%.sh}.sh
	why=""
	[ -n "${T_SKIP_FILE:-}" ] && why=$(sed -n "s/^${t%.sh}: //p" "$T_SKIP_FILE")
	if [ -n "$why" ]; then
		printf 'Running %-36s SKIPPED: skip: %s (%s)\n' "${t%.sh}" "$why" "$T_SKIP_FILE"
		skip=$((skip + 1))
		skipped+=("$t")
		continue
	fi
	start=$(date +%s)
	cpu; cpu0=$cpu_s
	printf 'Running %-36s ' "${t%.sh}"
	log=$(mktemp)
	# timeout(1) makes a process group of its own, which a signal to ours (CI stopping a lane,
	# Ctrl-C) does not reach: it is passed on, and timeout passes it to the test's group.
	san=()
	if [ -n "${T_SAN_NFSWEEP:-}" ] && [[ " ${T_SAN_TESTS:-} " == *" ${t%.sh} "* ]]; then
		# make check-asan's environment; T_SAN_ONCE: this is the test's one run, so what it
		# leaves to make test under check-asan (LibreOffice) it does here
		san=(env NFSWEEP="$T_SAN_NFSWEEP" T_SAN_ONCE=1
			ASAN_OPTIONS="detect_leaks=1:exitcode=86:log_path=$T_SAN_REPORTS/asan"
			UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86:log_path=$T_SAN_REPORTS/ubsan")
		printf '%s' "(ASan) "
	fi
	LAB_TIME_LOG=$lab_file timeout --kill-after=10 "$timeout_s" "${san[@]}" bash "./$t" \
		>"$log" 2>&1 &
	tpid=$!
	trap 'kill -TERM "$tpid" 2>/dev/null; wait "$tpid"; rm -f "$log" "$cpu_file" "$lab_file"
		exit 130' INT TERM HUP
	wait "$tpid"
	rc=$?
	trap - INT TERM HUP
	secs=$(( $(date +%s) - start ))
	cpu
	lab_account
	secs="$secs s, CPU $((cpu_s - cpu0)) s$lab_s"
	# a file of scenarios (lib.sh's scenario) ends with one line that counts them
	sc=$(grep -E '^scenarios: ' "$log" | tail -n 1)
	case $rc in
	0) pass=$((pass + 1)); echo "ok (${secs}${sc:+, $sc})" ;;
	77) skip=$((skip + 1)); skipped+=("$t"); echo "SKIPPED: $(tail -n 1 "$log")" ;;
	124|137) fail=$((fail + 1)); timed_out+=("$t"); echo "TIMED_OUT after ${timeout_s}s"; tail -n 20 "$log" | sed 's/^/    /' ;;
	*) fail=$((fail + 1)); failed+=("$t"); echo "FAILED (exit $rc, ${secs}${sc:+, $sc})"
		# every scenario's failure, then the end of the log
		grep -E '^FAIL: ' "$log" | head -n 40 | sed 's/^/    /'
		echo "    --- the end of its output:"
		tail -n 20 "$log" | sed 's/^/    /' ;;
	esac
	rm -f "$log"
done

rm -f "$cpu_file" "$lab_file"
echo
[ "${lab_sum[0]}" -gt 0 ] && echo "lab guests: ${lab_sum[0]}, waited ${lab_sum[1]} s," \
	"setup ${lab_sum[2]} s, command ${lab_sum[3]} s"
[ ${#failed[@]} -gt 0 ] && echo "FAILED: ${failed[*]}"
[ ${#timed_out[@]} -gt 0 ] && echo "TIMED_OUT: ${timed_out[*]}"
[ ${#skipped[@]} -gt 0 ] && echo "SKIPPED: ${skipped[*]}"
echo "integration: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
