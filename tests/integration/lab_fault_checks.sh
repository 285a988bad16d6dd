#!/bin/bash
# lab_fault_checks.sh NFSWEEP BUILD OUTDIR - run inside the lab guest by
# t_faults_lab.sh: real faults of a real NFS server, one case after another.
# Prints "case NAME: ok" per case; exits 1 at the first failed check.
#
# The lab's export is mounted hard at /mnt/nc1 (lab/run --nconnect 1); the
# soft mount is made here, from its own address (its own NFS client).
set -u
N=$1 BUILD=$2 D=$3
here=$(cd "$(dirname "$0")" && pwd)
check() { python3 "$here/results_check.py" "$@" || fail "results check: $*"; }
fail() {
	echo "FAIL: $*" >&2
	rpc.nfsd -L 10 -G 10 16 2>/dev/null	# never leave the server down
	exit 1
}
# Waits without a process: a fork costs the user-mode guest about 0.08 s of CPU, which the
# sweep under test loses (a grep and a sleep ten times a second were half a core)
exec {nap_fd}<> <(:)
nap() { read -r -t "$1" -u "$nap_fd" _ || :; }	# (read's timeout is a status of 142)
rows() {	# rows FILE: its records (lines ending in CR, the CSV's) into $nrows
	local l
	nrows=0
	[ -f "$1" ] || return 0
	while IFS= read -r l; do [[ $l == *$'\r' ]] && nrows=$((nrows + 1)); done < "$1"
}
wait_rows() {	# wait_rows FILE N SECONDS: until FILE has N records (header included)
	local i
	for ((i = 0; i < $3 * 10; i++)); do
		rows "$1"
		[ "$nrows" -ge "$2" ] && return 0
		nap 0.1
	done
	return 1
}
no_fio_left() {
	local left
	left=$(pgrep -a -x fio) && fail "$1: fio still running: $left"
	return 0
}
server_stop() { rpc.nfsd 0 || fail "rpc.nfsd 0"; echo "server stopped at $(date +%T)"; }
server_start() { rpc.nfsd -L 10 -G 10 16 || fail "rpc.nfsd 16"; echo "server started at $(date +%T)"; }
# outage_in_point2 NAME OUT ARGS...: run nfsweep ARGS --out OUT in the
# background; one second after point 1's row, stop the server; start it again
# as soon as point 2's row is in. Leaves nfsweep's exit status in $rc, its
# output in $D/NAME.log (printed), and checks the CSV validates.
outage_in_point2() {
	local name=$1 out=$2 pid
	shift 2
	"$N" "$@" --out "$out" >"$D/$name.log" 2>&1 &
	pid=$!
	wait_rows "$out" 2 60 || fail "$name: point 1's row never came"
	sleep 1
	server_stop
	wait_rows "$out" 3 60 || { server_start; fail "$name: no row for point 2 within 60 s"; }
	server_start
	wait "$pid"
	rc=$?
	cat "$D/$name.log"
	"$N" validate "$out" || fail "$name: the CSV does not validate"
}
quick=(--mix 100:0:50 --runtime 3 --ramp 0 --numjobs 1 --iodepth 4 --size 16m)

# 1. soft mount: the server stops during point 2. Its I/O fails with EIO:
# a fio_error row naming it, and the sweep goes on to point 3 (which may
# fail too if the server is still down when it starts); --resume then
# finishes, every point ok exactly once.
mkdir -p /mnt/soft
mount -t nfs -o vers=3,soft,timeo=10,retrans=2 "127.0.0.9:$LAB_EXPORT" /mnt/soft ||
	fail "soft mount of $LAB_EXPORT"
mkdir -p /mnt/soft/soft
out=$D/soft.csv
args=(run --profile seq64k "${quick[@]}" --target soft=/mnt/soft/soft --nfs --timeout 60)
outage_in_point2 soft "$out" "${args[@]}"
[ $rc = 1 ] || fail "soft: exit $rc, not 1 (some point failed)"
check "$out" --rows 3
awk -F, 'NR == 3' "$out" | grep -q 'fio_error,.*Input/output error' ||
	fail "soft: point 2's row is not a fio_error naming EIO: $(sed -n 3p "$out")"
grep -q '\[3/3\]' "$D/soft.log" || fail "soft: the sweep did not go on to point 3"
no_fio_left soft
"$N" "${args[@]}" --out "$out" --resume >>"$D/soft.log" 2>&1 || fail "soft: --resume exited $?"
check "$out" --once
[ "$(awk -F, 'NR > 1' "$out" | grep -c ',ok,')" = 3 ] || fail "soft: not every point ok after --resume"
umount /mnt/soft
echo "case soft: ok"

# 2. hard mount: the server stops during point 2. fio hangs until the
# per-point --timeout kills it: a timeout row. The server comes back and the
# sweep goes on; no fio is left behind. (--timeout 15: points 1 and 3 must
# finish within it on a loaded host, and CI saw 8 s kill all three with two
# suites side by side; not much more: the client retries its connection 3, 9,
# 21, 45 s after the loss, so a longer outage leaves point 3 waiting longer for
# the next try after the server is back)
out=$D/hard.csv
outage_in_point2 hard "$out" run --profile seq64k "${quick[@]}" --target hard=/mnt/nc1 --nfs \
	--timeout 15
[ $rc = 1 ] || fail "hard: exit $rc, not 1"
check "$out" --rows 3 --once
awk -F, 'NR == 3' "$out" | grep -q 'timeout,fio killed after 15 s' ||
	fail "hard: point 2's row is not a timeout: $(sed -n 3p "$out")"
awk -F, 'NR == 4' "$out" | grep -q ',ok,' || fail "hard: point 3 did not run once the server was back"
no_fio_left hard
echo "case hard: ok"

# 3. the export fills up: fio's layout of a file larger than the export
# fails with ENOSPC, a fio_error row that says so.
out=$D/enospc.csv
"$N" run --profile seq64k --mix 0 --runtime 2 --ramp 0 --numjobs 1 --iodepth 4 --size 400m \
	--target full=/mnt/nc1 --timeout 120 --out "$out" >"$D/enospc.log" 2>&1
rc=$?
cat "$D/enospc.log"
[ $rc = 1 ] || fail "enospc: exit $rc, not 1"
"$N" validate "$out" || fail "enospc: the CSV does not validate"
grep -q 'fio_error,.*No space left on device' "$out" || fail "enospc: no row naming ENOSPC"
rm -f /mnt/nc1/nfsweep.seq64k.*
no_fio_left enospc
echo "case enospc: ok"

# 4. io_uring refused by the kernel (EPERM from io_uring_setup): the engine
# says so under fio and names nfsweep-aio; nfsweep run refuses before the
# first point; nfsweep-aio runs under the same refusal.
noring=$here/without_io_uring.py
msg=$("$noring" fio --name=r --ioengine="external:$BUILD/engines/nfsweep-uring.so" \
	--filename=/mnt/nc1/uring-refused --size=1m --rw=read --output-format=normal 2>&1)
grep -q 'init(): io_uring_queue_init_params: Operation not permitted' <<<"$msg" &&
	grep -q 'nfsweep-aio' <<<"$msg" || fail "io_uring refused: fio says '$msg'"
out=$D/noring.csv
msg=$("$noring" "$N" run --profile rand4k --mix 100 --runtime 1 --ramp 0 --numjobs 1 \
	--iodepth 4 --size 8m --target nc1=/mnt/nc1 --out "$out" 2>&1)
rc=$?
[ $rc = 3 ] || fail "io_uring refused: nfsweep run exit $rc, not 3 ($msg)"
grep -q 'use --engine nfsweep-aio' <<<"$msg" || fail "io_uring refused: message '$msg'"
[ ! -e "$out" ] || fail "io_uring refused: a results file was left"
"$noring" "$N" run --profile rand4k --mix 100 --runtime 1 --ramp 0 --numjobs 1 --iodepth 4 \
	--size 8m --target nc1=/mnt/nc1 --engine nfsweep-aio --out "$out" >"$D/noring.log" 2>&1 ||
	{ cat "$D/noring.log"; fail "io_uring refused: nfsweep-aio did not run"; }
check "$out" --rows 1 --status ok
rm -f /mnt/nc1/uring-refused /mnt/nc1/nfsweep.*
no_fio_left noring
echo "case io_uring-refused: ok"
