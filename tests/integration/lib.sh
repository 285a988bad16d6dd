# shellcheck shell=bash
# lib.sh - shared by the integration tests (sourced). Exit codes: 0 pass,
# 1 fail, 77 skip.
set -u
T_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T_TOP=$(cd "$T_HERE/../.." && pwd)
BUILD=${BUILD:-$T_TOP/build}
ENG_URING=$BUILD/engines/nfsweep-uring.so
ENG_AIO=$BUILD/engines/nfsweep-aio.so
# eng_name ENGINE: an --ioengine value as a test names it (nfsweep-uring, nfsweep-aio, or as is)
eng_name() { case $1 in *nfsweep-uring*) echo nfsweep-uring ;; *nfsweep-aio*) echo nfsweep-aio ;; *) echo "$1" ;; esac; }
# The harness under test: make check-asan points this at its ASan build.
NFSWEEP=${NFSWEEP:-$BUILD/harness/nfsweep}

fail() { echo "FAIL: ${T_SCENARIO:+$T_SCENARIO: }$*" >&2; exit 1; }
skip() { echo "skip: $*"; exit 77; }

# scenario NAME COMMAND [ARG..]: one scenario of a test file, run in a
# subshell, so that a fail() in it ends that scenario alone: the failure is
# recorded and the file goes on with the next. A skip() in it skips that
# scenario. What a scenario sets is its own; what it needs from an earlier
# one, the file sets up outside scenarios. scenarios_done ends the file.
T_SCENARIOS=0
T_FAILED_SCENARIOS=()
T_SKIPPED_SCENARIOS=()
scenario() {
	local name=$1 rc=0
	shift
	T_SCENARIOS=$((T_SCENARIOS + 1))
	(T_SCENARIO=$name; "$@") || rc=$?
	case $rc in
	0) ;;
	77) T_SKIPPED_SCENARIOS+=("$name") ;;
	*) T_FAILED_SCENARIOS+=("$name"); echo "FAIL: scenario '$name' (exit $rc)" >&2 ;;
	esac
}
# scenarios_done: one summary line (run.sh shows it), and the file's exit
# status: 1 if any scenario failed, 77 if every one was skipped, else 0.
scenarios_done() {
	local line="scenarios: $T_SCENARIOS, ${#T_FAILED_SCENARIOS[@]} failed"
	[ ${#T_FAILED_SCENARIOS[@]} -gt 0 ] && line+=" (${T_FAILED_SCENARIOS[*]})"
	[ ${#T_SKIPPED_SCENARIOS[@]} -gt 0 ] && line+=", ${#T_SKIPPED_SCENARIOS[@]} skipped (${T_SKIPPED_SCENARIOS[*]})"
	echo "$line"
	[ ${#T_FAILED_SCENARIOS[@]} -eq 0 ] || exit 1
	[ "$T_SCENARIOS" -gt 0 ] && [ ${#T_SKIPPED_SCENARIOS[@]} -eq "$T_SCENARIOS" ] && exit 77
	exit 0
}

for so in "$ENG_URING" "$ENG_AIO"; do
	[ -f "$so" ] || fail "engine $so not built (run make)"
done
# FIO=<path> (make test FIO=build/fio-3.42/fio): that fio, first on PATH as
# "fio", for the tests and for the nfsweep they run.
if [ -n "${FIO:-}" ]; then
	[ -x "$FIO" ] || fail "FIO=$FIO is not an executable"
	T_FIO_DIR=$BUILD/tests/fio-path
	mkdir -p "$T_FIO_DIR" && ln -sfn "$FIO" "$T_FIO_DIR/fio" || fail "link $T_FIO_DIR/fio"
	PATH=$T_FIO_DIR:$PATH
fi
command -v fio >/dev/null || fail "fio not installed (make deps)"

# T_NET: this test run's loopback block (netblock.sh)
. "$T_HERE/netblock.sh"
[ -n "${T_NET:-}" ] || t_net_hold || fail "no free loopback block (nfsweep-tests-net-0..99 held)"

# A scratch directory on the disk and one on tmpfs, removed at exit. nfsweep takes one sweep
# per mount at a time (its target lock), and tests that run at once (run.sh's queues) must not
# meet there: as root the tmpfs is a mount of the test's own, and so is the disk directory of a
# test that sweeps a target there (its header says "# target: disk") when run.sh found that
# this machine mounts loop devices (T_DISK_FS=loop: an ext4 file system in a sparse file beside
# it); where it does not, run.sh runs those tests one at a time. What is mounted is listed in
# T_SHM_RECORD, for run.sh to unmount if the test ends without its EXIT trap (a timeout);
# t_scratch_rm removes it all (a test with an EXIT trap of its own calls it there).
T_DISK=$(mktemp -d /var/tmp/nfsweep-it.XXXXXX)
T_SHM=$(mktemp -d /dev/shm/nfsweep-it.XXXXXX)
t_scratch_rm() {
	mountpoint -q "$T_SHM" && umount -l "$T_SHM"
	mountpoint -q "$T_DISK" && umount -l "$T_DISK"
	rm -rf "$T_DISK" "$T_SHM" "$T_DISK.img"
}
trap t_scratch_rm EXIT
t_mounted() { [ -z "${T_SHM_RECORD:-}" ] || printf '%s\n' "$@" >> "$T_SHM_RECORD"; }
if [ "$(id -u)" = 0 ]; then
	mount -t tmpfs -o mode=0700 nfsweep-it "$T_SHM" || fail "mount a tmpfs on $T_SHM"
	t_mounted "$T_SHM"
fi
if [ "${T_DISK_FS:-}" = loop ]; then
	t_mounted "$T_DISK" "$T_DISK.img"
	{ truncate -s 4G "$T_DISK.img" && mkfs.ext4 -q -F "$T_DISK.img" &&
		mount -o loop "$T_DISK.img" "$T_DISK"; } >/dev/null 2>&1 ||
		fail "an ext4 file system of the test's own on $T_DISK (a loop device)"
	# as mktemp -d made it: nothing in it (a test checks that a run leaves nothing behind)
	chmod 0700 "$T_DISK" && rmdir "$T_DISK/lost+found"
fi
# fio writes verify state files into its working directory: keep them here.
cd "$T_SHM" || exit 1

# json_get FILE EXPR: evaluate a Python expression over fio's JSON output
# (j = the document, r/w = jobs[0] read/write) and print the result.
json_get() {
	python3 - "$1" "$2" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index('{'):])  # fio may print text before the JSON
job = j["jobs"][0]
r, w = job["read"], job["write"]
print(eval(sys.argv[2]))
PY
}

# direct_ok DIR: does DIR's file system take O_DIRECT?
direct_ok() {
	dd if=/dev/zero of="$1/.odirect" bs=4096 count=1 oflag=direct status=none 2>/dev/null
	local rc=$?
	rm -f "$1/.odirect"
	return $rc
}

# expect CODE NEEDLE ARGS...: nfsweep ARGS exits CODE and its output has NEEDLE.
expect() {
	local code=$1 needle=$2 msg rc
	shift 2
	msg=$("$NFSWEEP" "$@" 2>&1)
	rc=$?
	[ $rc = "$code" ] || fail "nfsweep $*: exit $rc, not $code ($msg)"
	grep -q -- "$needle" <<<"$msg" || fail "nfsweep $*: message '$msg' lacks '$needle'"
}

# report_check PAGE KIND [report_check.py options]: the page opened in headless Chromium
# (Debian's, driven by Selenium: tools/deps.sh browser) and checked in its DOM. As root, in a
# network namespace of its own with only its loopback up: nothing can be fetched from anywhere,
# whatever the page asked for. Screenshots and PDFs go under $BUILD/tests/report/.
T_REPORT_OUT=$BUILD/tests/report
# proc_progress PATTERN: the CPU clock ticks used so far and the bytes read and written (rchar,
# wchar of /proc/PID/io) by the processes whose command line matches PATTERN (pgrep -f), as one
# line: a change is progress
proc_progress() {
	local p io=0 t=0 st
	for p in $(pgrep -f -- "$1"); do
		read -r -a st < <(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null) &&
			t=$((t + ${st[11]:-0} + ${st[12]:-0}))
		io=$((io + $(awk '/^[rw]char:/ { n += $2 } END { print n + 0 }' "/proc/$p/io" \
			2>/dev/null || echo 0)))
	done
	echo "$t $io"
}
# proc_runnable PATTERN: true when a thread of those processes is running or waits for a CPU
# (state R)
proc_runnable() {
	local p
	for p in $(pgrep -f -- "$1"); do cat "/proc/$p"/task/*/stat 2>/dev/null; done |
		awk '{ sub(/.*\) /, ""); if ($1 == "R") r = 1 } END { exit !r }'
}
# stalled_or_done PID PATTERN CAP [WINDOW]: waits for PID; 0 when it ended, 124 when it was killed
# because the processes PATTERN matches (PID's fio, and what runs it) made no progress in a window,
# or because it ran CAP seconds. No progress: at most 2 clock ticks of CPU per 3 s of the window
# (3 s without a WINDOW), under 1 MiB read and written (a hung fio's helper thread still wakes, and
# reads a disk's counters), and runnable in under a third of the window's 5-a-second looks. A
# hang sleeps; a process starved by another's load is runnable, waiting for a CPU, so this is a
# bound no other process can break. A wall-clock one was, under CI's hog; CPU time alone may be:
# beside the hog and the other lane's guest, a niced fio suite's t0002 was called hung after 318 s
# of work (whether it slept or starved, its log cannot say; this rule tells them apart).
stalled_or_done() {
	local pid=$1 pat=$2 cap=$3 win=${4:-3} i last="" t runnable=0
	for i in $(seq 1 $((cap * 5))); do
		sleep 0.2
		kill -0 "$pid" 2>/dev/null || return 0
		proc_runnable "$pat" && runnable=$((runnable + 1))
		[ $((i % (win * 5))) = 0 ] || continue
		t=$(proc_progress "$pat")
		[ -n "$last" ] && [ $((${t%% *} - ${last%% *})) -le $((win * 2 / 3)) ] &&
			[ $((${t#* } - ${last#* })) -lt $((1 << 20)) ] &&
			[ $((runnable * 3)) -lt $((win * 5)) ] && break
		last=$t runnable=0
	done
	kill -KILL "$pid" 2>/dev/null
	return 124
}
# sheet_check BOOK.xlsx RESULTS.csv [sheet_check.py's options]: the workbook opened by
# LibreOffice (every sheet back to CSV against the files, the charts' pixels on a PDF page).
# Under make check-asan (ASAN_OPTIONS set) the workbook is still written by the instrumented
# nfsweep, but LibreOffice, which checks what nfsweep wrote and not how, is left to make test;
# under make test SANITIZE=1 (T_SAN_ONCE) that run is this one, and opens it.
T_SHEET_OUT=$BUILD/tests/sheet
T_ASAN=${ASAN_OPTIONS:+1}
T_OFFICE=1
[ -n "$T_ASAN" ] && [ -z "${T_SAN_ONCE:-}" ] && T_OFFICE=
sheet_check() {
	if [ -z "$T_OFFICE" ]; then
		echo "sheet_check: $1: not opened under ASan (make test opens it)"
		return 0
	fi
	"$T_TOP/tools/deps.sh" office >/dev/null 2>&1 ||
		fail "LibreOffice could not be installed (tools/deps.sh office)"
	mkdir -p "$T_SHEET_OUT"
	/usr/bin/python3 "$T_HERE/sheet_check.py" "$@"
}

report_check() {
	"$T_TOP/tools/deps.sh" browser >/dev/null 2>&1 ||
		fail "the browser could not be installed (tools/deps.sh browser)"
	mkdir -p "$T_REPORT_OUT"
	if [ "$(id -u)" = 0 ]; then
		unshare --net sh -c 'ip link set lo up && exec /usr/bin/python3 "$@"' sh \
			"$T_HERE/report_check.py" "$@"
	else
		/usr/bin/python3 "$T_HERE/report_check.py" "$@"
	fi
}
