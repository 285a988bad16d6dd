#!/bin/bash
# run.sh - run the integration tests (integration/t_*.sh), each under a timeout, and print a
# summary (liburing's test/runtests.sh). A test exits 0 pass, 1 fail, 77 skip (and prints why).
#
# Two queues run side by side, a core each: the lab queue, the tests that boot lab guests (one
# guest at a time), and the local queue, every other test. A test that uses the lab says so in
# its header, one line:
#   # lab: OPTIONS    its guests are lab/run OPTIONS ("defaults": none; split on blanks, so no
#                     quotes): the tests of the same OPTIONS share one
#                     guest, a session (lab/run --session-start; lab/README.md, "Sessions"),
#                     booted before the first of them and stopped after the last, each test
#                     still its own (LAB_SESSION names the session; a lab/run of other options
#                     boots a guest of its own, and says why)
#   # lab: own        it boots guests of its own (a server it stops, a boot it must see)
# The lab queue runs session by session and "own" test by test, the longest first; the local
# queue runs niced (the guest keeps its core), the longest first by the last run's times, and
# then takes lab work too: a second guest on the core the local tests leave. Without the lab queue
# (T_ONLY=local: make check) three local queues share the two cores. Each test has a tmpfs
# of its own (lib.sh's T_SHM: a target takes one sweep at a time, so tests must not share one);
# the tests that sweep a target on their disk directory say so in their header, and each
# has a file system of its own there (an ext4 in a loop device), or, where this machine has
# no loop devices, they run one at a time:
#   # target: disk
# A test's line is printed when it ends: its time, its CPU and its lab guests; the summary ends
# with the lab's totals and the ten slowest tests.
#
# Usage: run.sh [t_name ...]   (default: all)
# Env:   TEST_TIMEOUT (seconds per test, default 900: past it, a test that uses no CPU for a
#        minute is ended; one that works goes on, up to 4 times it), BUILD, FIO_SRC,
#        T_NET (netblock.sh);
#        T_JOBS=1: one queue, every test after the other; T_SESSIONS=0: no sessions, every
#        lab test boots guests of its own; T_LAB_WORKERS=1: one guest at a time (the local
#        queue takes no lab work; so too with LAB_LOCK set);
#        T_SAN_NFSWEEP, T_SAN_TESTS, T_SAN_REPORTS (make test SANITIZE=1): the tests named in
#        T_SAN_TESTS run with that nfsweep (ASan + UBSan), their reports into T_SAN_REPORTS;
#        T_SKIP_FILE: lines "t_name: why" (# comments): those tests are skipped, saying why
#        (a machine that cannot run some of them);
#        T_ONLY=lab|local: the tests of that queue only (make check: local);
#        T_EXCEPT: names of tests left out (make check: t_deb t_fio_suite);
#        T_LOCAL_QUEUES: the local queues without a lab queue (default 3);
#        T_DURATIONS: the file of each test's last time (build/tests/durations);
#        LAB_FIO: the lab guests' fio (default: FIO, else make lab-fio's build/lab-fio/fio)
set -u
here=$(cd "$(dirname "$0")" && pwd)
timeout_s=${TEST_TIMEOUT:-900}
[ -z "${T_SKIP_FILE:-}" ] || [ -r "$T_SKIP_FILE" ] ||
	{ echo "run.sh: T_SKIP_FILE=$T_SKIP_FILE: cannot read it" >&2; exit 2; }
cd "$here" || exit 1
BUILD=${BUILD:-$(cd "$here/../.." && pwd)/build}
export BUILD

# this run's loopback block for every test (netblock.sh)
. "$here/netblock.sh"
[ -n "${T_NET:-}" ] || t_net_hold || { echo "run.sh: no free loopback block" >&2; exit 1; }
echo "integration: loopback block $T_NET.0.0/16"

tests=("$@")
[ ${#tests[@]} -eq 0 ] && tests=(t_*.sh)
state=$(mktemp -d)
results=$state/results
: > "$results"

# lab_of TEST: its "# lab:" line's OPTIONS ("own"), or nothing for a local test
lab_of() { sed -n '2,40{s/^# lab: //p}' "$1" | head -n 1; }
# disk_of TEST: "disk" when it sweeps a target in its disk directory ("# target: disk")
disk_of() { sed -n '2,40{s/^# target: //p}' "$1" | head -n 1; }

lab_tests=() local_tests=()
for t in "${tests[@]}"; do
	t=${t%.sh}.sh
	[ -f "$t" ] || { echo "run.sh: no test $t" >&2; exit 2; }
	[[ " ${T_EXCEPT:-} " == *" ${t%.sh} "* ]] && continue
	if [ -n "$(lab_of "$t")" ]; then lab_tests+=("$t"); else local_tests+=("$t"); fi
done
case ${T_ONLY:-} in
lab) local_tests=() ;;
local) lab_tests=() ;;
'') ;;
*) echo "run.sh: T_ONLY=$T_ONLY: lab or local" >&2; exit 2 ;;
esac

# LAB_FIO (lab/README.md): the lab guests' fio, FIO's where make test was given one, else make
# lab-fio's; LAB_FIO= (empty) has them run the host's own
if [ ${#lab_tests[@]} -gt 0 ] && [ -z "${LAB_FIO+set}" ]; then
	LAB_FIO=${FIO:-$BUILD/lab-fio/fio}
	[ -x "$LAB_FIO" ] || { echo "run.sh: LAB_FIO=$LAB_FIO: not built (make lab-fio)" >&2; exit 2; }
	export LAB_FIO
fi

# say LINES: one block on stdout, whole, whichever queue prints it (the lock's file opened
# anew each time: flock excludes open files, and a queue's inherited one is its sibling's too)
say() { { flock 9; printf '%s\n' "$@"; } 9>>"$state/print.lock"; }

# cpu: the CPU seconds (user + system) of this shell's children that have ended, the tests and
# all they ran (a lab guest's processes are lab/run's children, reaped within the test; a daemon,
# fio --server --daemonize, is init's child and not counted; neither is a session's guest,
# which its supervisor reaps). On CI's two cores shared by two lanes, the CPU a test takes is
# what it costs the other lane, and wall time under load says less.
cpu() {	# into $cpu_s: in this shell, not a subshell (a fork starts with no children's time)
	local f=$state/times.$BASHPID
	times > "$f"
	cpu_s=$(awk 'END { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/)
		t += a[1] * 60 + a[2] }; printf "%d", t }' "$f")
}

# lab_account FILE: the test's lab guests (lab/run's LAB_TIME_LOG lines) in $lab_s, and their
# sums in the results line: how many booted, how long they waited for another lane's guest
# (CI's LAB_LOCK), booted and set up, and ran the test's commands; a session's jobs apart
lab_account() {
	lab_s="" lab_f="0 0 0 0 0"
	[ -s "$1" ] || return 0
	local n w s c j
	read -r n w s c j < <(awk '{ if ($7 == "session") j++; else n++
		w += $2; s += $4; c += $6 } END { print n + 0, w, s, c, j + 0 }' "$1")
	if [ "$j" = 0 ]; then lab_s="; lab guests: $n"
	else lab_s="; lab guests: $n booted, $j session jobs"; fi
	lab_s+=", waited $w s, setup $s s, command $c s"
	lab_f="$n $w $s $c $j"
}

# shm_left TEST: what a test that ended without its EXIT trap (killed) mounted, unmounted and
# removed (lib.sh's T_SHM_RECORD: its tmpfs, its disk file system and that one's image)
shm_left() {
	local d
	while IFS= read -r d; do
		mountpoint -q "$d" 2>/dev/null && umount -l "$d"
		rm -rf "$d"
	done < "$state/${1%.sh}.shm"
	rm -f "$state/${1%.sh}.shm"
}

# disk_loop=1 when this machine mounts an ext4 file system in a file (a loop device): then
# each "# target: disk" test has a disk file system of its own (lib.sh's T_DISK_FS=loop) and
# needs no turn
loop_probe() {
	local img
	img=$(mktemp /var/tmp/nfsweep-loop-probe.XXXXXX) || return 1
	mkdir "$img.d" && truncate -s 64M "$img" && mkfs.ext4 -q -F "$img" >/dev/null 2>&1 &&
		mount -o loop "$img" "$img.d" 2>/dev/null && umount "$img.d"
	local rc=$?
	rm -rf "$img" "$img.d"
	return $rc
}
disk_loop=""
[ "$(id -u)" = 0 ] && loop_probe && disk_loop=1

# A test's bound: TEST_TIMEOUT seconds, and after them as long as its processes keep working (a
# minute's CPU time in each minute's window: idle_s, over), up to `over` times the bound. A hang
# waits and is ended a minute after the bound; a test slowed by another process's load is not
# (beside CI's CPU hog, a niced lane's fio suite, 1,800 s of CPU-bound fio tests, outran the
# wall-clock bound that was all there was). A lab test that waits for its session's guest uses
# no CPU of its own and keeps the wall-clock bound.
idle_s=60 over=4
# group_ticks PGID: the CPU clock ticks used so far by the processes of that process group and
# by the children they reaped (a fio that ended is in its parent's count: the sum only grows)
group_ticks() {
	awk -v g="$1" '{ sub(/.*\) /, ""); if ($3 == g) t += $12 + $13 + $14 + $15 }
		END { print t + 0 }' /proc/[0-9]*/stat 2>/dev/null
}
# watch_test TPID START: returns when TPID (timeout(1), the leader of the test's process group)
# ends; past the bound, it ends a test whose group used under 1 s of CPU in idle_s seconds, and
# leaves $state/stalled.TPID
watch_test() {
	# (no local named t: run_test's trap, run in here when a signal comes, names its test by $t)
	local tpid=$1 next=$(($2 + timeout_s)) last="" ticks hz now nap
	hz=$(getconf CLK_TCK)
	# a second's nap and the clock without a process: this loop runs beside every test
	exec {nap}<> <(:)
	while kill -0 "$tpid" 2>/dev/null; do
		read -r -t 1 -u "$nap" _
		printf -v now '%(%s)T' -1
		[ "$now" -ge $next ] || continue
		next=$((next + idle_s))
		ticks=$(group_ticks "$tpid")
		if [ -n "$last" ] && [ $((ticks - last)) -lt "$hz" ]; then
			: > "$state/stalled.$tpid"
			kill -TERM "$tpid" 2>/dev/null
			break
		fi
		last=$ticks
	done
	exec {nap}<&-
}

# run_test TEST [nice]: run it (nice: at a lower priority), print its line, add it to the results
run_test() {
	local t=$1 why start secs log rc tpid sc san=() lab_log line pre=() fs=""
	why=""
	[ -n "${T_SKIP_FILE:-}" ] && why=$(sed -n "s/^${t%.sh}: //p" "$T_SKIP_FILE")
	if [ -n "$why" ]; then
		say "$(printf 'Running %-36s SKIPPED: skip: %s (%s)' "${t%.sh}" "$why" "$T_SKIP_FILE")"
		echo "${t%.sh} skip 0 0 0 0 0 0 0" >> "$results"
		return
	fi
	# one sweep per mount (nfsweep's target lock): a disk test gets a file system of its own,
	# or, without loop devices, waits for its turn (the wait is not the test's time)
	exec 7>>"$state/disk.lock"
	if [ "$(disk_of "$t")" = disk ]; then
		if [ -n "$disk_loop" ]; then fs=loop; else flock 7; fi
	fi
	start=$(date +%s)
	cpu; local cpu0=$cpu_s
	log=$state/${t%.sh}.log lab_log=$state/${t%.sh}.lab
	: > "$lab_log"
	# timeout(1) makes a process group of its own, which a signal to ours (CI stopping a lane,
	# Ctrl-C) does not reach: it is passed on, and timeout passes it to the test's group.
	if [ -n "${T_SAN_NFSWEEP:-}" ] && [[ " ${T_SAN_TESTS:-} " == *" ${t%.sh} "* ]]; then
		# make check-asan's environment; T_SAN_ONCE: this is the test's one run, so what it
		# leaves to make test under check-asan (LibreOffice) it does here
		san=(env NFSWEEP="$T_SAN_NFSWEEP" T_SAN_ONCE=1
			ASAN_OPTIONS="detect_leaks=1:exitcode=86:log_path=$T_SAN_REPORTS/asan"
			UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86:log_path=$T_SAN_REPORTS/ubsan")
	fi
	# a local test beside the lab queue runs niced: the lab guest, one process for a whole
	# machine, keeps its core, and the lab tests' statistics their spread
	[ "${2:-}" = nice ] && pre=(nice -n 10)
	: > "$state/${t%.sh}.shm"
	LAB_TIME_LOG=$lab_log T_SHM_RECORD=$state/${t%.sh}.shm T_DISK_FS=$fs \
		timeout --kill-after=10 $((timeout_s * over + 2 * idle_s)) "${san[@]}" "${pre[@]}" bash "./$t" \
		>"$log" 2>&1 7>&- &
	tpid=$!
	trap 'kill -TERM "$tpid" 2>/dev/null; wait "$tpid"; shm_left "$t"; exit 130' INT TERM HUP
	watch_test "$tpid" "$start"
	wait "$tpid"
	rc=$?
	[ -e "$state/stalled.$tpid" ] && rc=124
	trap - INT TERM HUP
	exec 7>&-
	shm_left "$t"
	secs=$(( $(date +%s) - start ))
	cpu
	lab_account "$lab_log"
	# a file of scenarios (lib.sh's scenario) ends with one line that counts them
	sc=$(grep -E '^scenarios: ' "$log" | tail -n 1)
	line=$(printf 'Running %-36s ' "${t%.sh}")
	[ ${#san[@]} -gt 0 ] && line+="(ASan) "
	local what="$secs s, CPU $((cpu_s - cpu0)) s$lab_s${sc:+, $sc}" status
	case $rc in
	0) status=pass; say "${line}ok ($what)" ;;
	77) status=skip; say "${line}SKIPPED: $(tail -n 1 "$log")" ;;
	124|137) status=timeout
		if [ -e "$state/stalled.$tpid" ]; then
			what="past its bound of ${timeout_s} s, no CPU for ${idle_s} s; $what"
		else
			what="after $((timeout_s * over + 2 * idle_s)) s, working; $what"
		fi
		say "${line}TIMED_OUT ($what)" \
			"$(tail -n 20 "$log" | sed 's/^/    /')" ;;
	*) status=fail
		# every scenario's failure, then the end of the log
		say "${line}FAILED (exit $rc, $what)" \
			"$(grep -E '^FAIL: ' "$log" | head -n 40 | sed 's/^/    /')" \
			"    --- the end of its output:" "$(tail -n 20 "$log" | sed 's/^/    /')" ;;
	esac
	echo "${t%.sh} $status $secs $((cpu_s - cpu0)) $lab_f" >> "$results"
	rm -f "$log" "$lab_log"
}

# test_duration TEST: its last recorded time (build/tests/durations), or, in a tree that has not
# run it yet, its time in durations.seed (a fresh clone's order; what run.sh printed on a quiet
# 2-core machine, refreshed by hand when the order it gives goes wrong), or 60 s
durations=${T_DURATIONS:-$BUILD/tests/durations}
test_duration() {
	local d
	d=$(cat "$durations" "$here/durations.seed" 2>/dev/null |
		awk -v t="${1%.sh}" '$1 == t { print $2; exit }')
	echo "${d:-60}"
}
# The local tests, the longest first.
for t in "${local_tests[@]}"; do
	echo "$(test_duration "$t") $t"
done | sort -k1,1nr -k2,2 | cut -d' ' -f2 > "$state/local.todo"
# take LIST: its first line, taken off it (nothing when it is empty)
take() {
	{
		flock 8
		head -n 1 "$1"
		sed -i 1d "$1"
	} 8>>"$state/todo.lock"
}
local_queue() {
	local t
	while t=$(take "$state/local.todo") && [ -n "$t" ]; do run_test "$t" nice; done
}

# The lab's units of work: one per session (the tests of one "# lab:" line, one boot) and one
# per "own" test, the longest first by the last run's times (a session's: its tests' and its
# boot, 30 s). Two workers take them: the lab queue from the start, and the local queue once its
# own list is empty (T_LAB_WORKERS=1: the lab queue alone). A guest is about one process for a
# whole machine, and beside the local tests it keeps its core; once they are done, a second
# guest uses the core they leave idle (session 10: the last local test ended 16 minutes into 28,
# the lab queue alone to the end). Two guests at once cost more CPU each than one alone (two
# lab tests side by side here: 242 s instead of 312 s one after the other, 395 CPU-s instead of
# 289), so the second worker starts only when the local tests no longer need the core.
lab_units() {
	local keys=() k t d
	mapfile -t keys < <(for t in "${lab_tests[@]}"; do lab_of "$t"; done | grep -vx own | sort -u)
	[ "${T_SESSIONS:-1}" = 0 ] && keys=()
	for k in "${keys[@]}"; do
		d=30
		for t in "${lab_tests[@]}"; do
			[ "$(lab_of "$t")" = "$k" ] && d=$((d + $(test_duration "$t")))
		done
		printf '%s session %s\n' "$d" "$k"
	done
	for t in "${lab_tests[@]}"; do
		k=$(lab_of "$t")
		[ "$k" = own ] || [ "${T_SESSIONS:-1}" = 0 ] && printf '%s own %s\n' "$(test_duration "$t")" "$t"
	done
}

# run_session N KEY: boot session N for the tests of that "# lab:" line, run them, stop it
run_session() {
	local n=$1 k=$2 dir start rc opts t
	dir=$BUILD/lab/sessions/$n
	start=$(date +%s)
	# the header's options, split on blanks ("defaults": lab/run's own)
	read -r -a opts <<<"${k#defaults}"
	LAB_SESSION_OWNER=$BASHPID ../../lab/run --session-start "$dir" --timeout 7200 \
		"${opts[@]}" >"$state/session.$n.log" 2>&1
	rc=$?
	if [ $rc = 0 ]; then
		say "lab session $n (lab/run $k): serving after $(( $(date +%s) - start )) s"
		echo "session$n session $(( $(date +%s) - start )) 0 0 0 0 0 0" >> "$results"
		export LAB_SESSION=$dir
	else
		say "lab session $n (lab/run $k): not started (exit $rc): its tests boot guests of their own" \
			"$(tail -n 5 "$state/session.$n.log" | sed 's/^/    /')"
		unset LAB_SESSION
	fi
	for t in "${lab_tests[@]}"; do [ "$(lab_of "$t")" = "$k" ] && run_test "$t"; done
	[ $rc = 0 ] && ../../lab/run --session-stop "$dir"
	unset LAB_SESSION
}

# lab_worker: the lab's units, one after the other, until none is left (a unit's line number,
# its session's number, is unique across the workers)
lab_worker() {
	local line n kind what
	while line=$(take "$state/lab.todo") && [ -n "$line" ]; do
		read -r n kind what <<<"$line"
		if [ "$kind" = session ]; then run_session "$n" "$what"; else run_test "$what"; fi
	done
}
pids=()
stop() {
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
	wait "${pids[@]}"
	rm -rf "$state"
	exit 130
}
trap stop INT TERM HUP
# the lab's units, numbered in the order they are taken: "N session KEY" or "N own TEST"
# LAB_LOCK (CI's two lanes) lets one guest run at a time: a second worker would only queue for
# it, and take turns from the other lane's guests (CI of 957cd08: the lanes 60 and 65 minutes)
lab_workers=${T_LAB_WORKERS:-2}
[ -z "${LAB_LOCK:-}" ] || lab_workers=1
lab_units | sort -k1,1nr -s | cut -d' ' -f2- | awk '{ print NR, $0 }' > "$state/lab.todo"
if [ "${T_JOBS:-2}" = 1 ]; then
	lab_worker
	local_queue
elif [ ${#lab_tests[@]} = 0 ]; then
	# no lab queue: three local queues on the two cores (several local tests mostly wait:
	# t_hosts_local 88 s for 5 s of CPU, t_fio_contract 67 s for 24)
	for _ in $(seq 1 "${T_LOCAL_QUEUES:-3}"); do
		local_queue &
		pids+=($!)
	done
	wait "${pids[@]}"
else
	lab_worker &
	pids+=($!)
	{
		local_queue
		[ "$lab_workers" = 1 ] || lab_worker
	} &
	pids+=($!)
	wait "${pids[@]}"
fi
trap - INT TERM HUP
# each test's time, for the next run's order
mkdir -p "$(dirname "$durations")"
awk '$2 == "pass" || $2 == "fail" || $2 == "timeout" { print $1, $3 }' "$results" |
	cat - "$durations" 2>/dev/null | awk '!seen[$1]++' | sort > "$durations.tmp" &&
	mv "$durations.tmp" "$durations"

echo
awk -v timeout_s="$timeout_s" '
	$2 == "session" { sessions++; sboot += $3; next }
	{ n[$2]++; lab += $5; w += $6; s += $7; c += $8; j += $9 }
	END {
		if (sessions) printf "lab sessions: %d, booted in %d s\n", sessions, sboot
		if (lab + j) printf "lab guests: %d booted, %d session jobs, waited %d s, setup %d s, command %d s\n", lab, j, w, s, c
	}' "$results"
echo "the ten slowest tests (wall s, CPU s):"
awk '$2 != "session" && $2 != "skip" { printf "  %-32s %5d %5d\n", $1, $3, $4 }' "$results" |
	sort -k2,2nr | head -n 10
failed=$(awk '$2 == "fail" { printf "%s ", $1 }' "$results")
timed_out=$(awk '$2 == "timeout" { printf "%s ", $1 }' "$results")
skipped=$(awk '$2 == "skip" { printf "%s ", $1 }' "$results")
[ -n "$failed" ] && echo "FAILED: ${failed% }"
[ -n "$timed_out" ] && echo "TIMED_OUT: ${timed_out% }"
[ -n "$skipped" ] && echo "SKIPPED: ${skipped% }"
read -r pass fail skip < <(awk '{ n[$2]++ } END { print n["pass"] + 0, n["fail"] + n["timeout"], n["skip"] + 0 }' "$results")
echo "integration: $pass passed, $fail failed, $skip skipped"
rm -rf "$state"
[ "$fail" -eq 0 ]
