#!/bin/bash
# One results file, one writer; one target, one sweep at a time:
#  - a second `run --resume` on a results file being written is refused at
#    once (exit 4), naming the writer's pid and start time; the file ends
#    with every point exactly once;
#  - a second sweep of the same mount, through another path into it, is
#    refused the same way; --shared-target runs it, and its rows say so;
#  - SIGKILL of nfsweep in the middle of a point: no fio process is left
#    (its job processes included), the file holds only whole rows, the lock
#    died with the process, and --resume finishes with every point once;
#  - validate reports a point with two ok rows, and summary, compare and
#    plot refuse to average them.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
check() { python3 "$T_HERE/results_check.py" "$@" || fail "results check: $*"; }
q=(--runtime 2 --ramp 0 --numjobs 2 --iodepth 4 --size 8m)
cd "$T_DISK" || exit 1
# no_fio_left WHAT PATTERN: within 5 s, no fio process (job processes included:
# they carry fio's command line) whose command line matches PATTERN is left.
no_fio_left() {
	for _ in $(seq 50); do
		pgrep -f "$2" >/dev/null || return 0
		sleep 0.1
	done
	fail "$1: fio still running: $(pgrep -af "$2")"
}
# wait_rows FILE N: until FILE has N rows (30 s at most)
wait_rows() {
	for _ in $(seq 300); do
		n=$(grep -c $'\r$' "$1" 2>/dev/null)
		[ "${n:-0}" -gt "$2" ] && return 0
		sleep 0.1
	done
	fail "$1 never reached $2 rows"
}

# 1. two resumes of one file: the second is refused at once, naming the first
args=(run --profile rand4k --mix 100:0:25 --target a="$T_SHM" "${q[@]}" --out one/s.csv)
"$N" "${args[@]}" 2>"$T_DISK/a.err" &
a=$!
wait_rows one/s.csv 1
start=$(date +%s)
msg=$("$N" "${args[@]}" --resume 2>&1)
rc=$?
[ $rc = 4 ] || fail "a second writer: exit $rc, not 4 ($msg)"
[ $(( $(date +%s) - start )) -le 5 ] || fail "the second writer was not refused at once"
grep -q "is being written by another nfsweep, pid $a (started 20..-..-..T..:..:..Z: .*nfsweep run" <<<"$msg" ||
	fail "the refusal does not name the writer's pid and start: $msg"
wait $a || fail "the first writer failed: $(cat "$T_DISK/a.err")"
check one/s.csv --rows 5 --status ok --once

# 2. one sweep per mount, whatever path names it; --shared-target
mkdir -p "$T_SHM/sub"
"$N" run --profile rand4k --mix 100:0:25 --target a="$T_SHM" "${q[@]}" --out two/a.csv 2>/dev/null &
a=$!
wait_rows two/a.csv 1
msg=$("$N" run --profile rand4k --mix 100 --target b="$T_SHM/sub" "${q[@]}" --out two/b.csv 2>&1)
rc=$?
[ $rc = 4 ] || fail "a second sweep of one mount: exit $rc, not 4 ($msg)"
grep -q -- "--target b: another nfsweep measures the same mount, pid $a (started" <<<"$msg" ||
	fail "the refusal does not name the target and the sweep: $msg"
grep -q -- "--shared-target" <<<"$msg" || fail "the refusal does not say how to mean it: $msg"
[ ! -e two/b.csv ] || fail "a refused sweep left a results file"
"$N" run --profile rand4k --mix 100 --target b="$T_SHM/sub" "${q[@]}" --shared-target --note mine \
	--out two/b.csv 2>/dev/null || fail "--shared-target was refused"
grep -q 'mine \[--shared-target: another sweep may have measured the target at the same time\]' two/b.csv ||
	fail "the rows of a --shared-target sweep do not say so: $(tail -n 1 two/b.csv)"
wait $a || fail "the first sweep failed"
# two targets of one sweep on one mount: its own lock does not stop it
"$N" run --profile rand4k --mix 100 --target a="$T_SHM" --target b="$T_SHM/sub" "${q[@]}" \
	--out two/c.csv 2>/dev/null || fail "one sweep with two paths into one mount was refused"

# 3. SIGKILL in the middle of a point (a directory named for this test's pid: the
# pattern below must not see another suite's fio, CI's other lane)
k=kill.$$
args=(run --profile rand4k --mix 100:0:25 --target a="$T_SHM" "${q[@]}" --out "$k/s.csv")
"$N" "${args[@]}" 2>/dev/null &
a=$!
wait_rows $k/s.csv 1
sleep 1	# inside point 2
pgrep -f "fio .*=$k/fio/s/" >/dev/null || fail "no fio running to be left behind"
kill -KILL $a
wait $a 2>/dev/null
no_fio_left "SIGKILL of nfsweep" "fio .*=$k/fio/s/"
"$N" validate $k/s.csv >/dev/null || fail "the file holds a part of a row after SIGKILL"
rows=$(( $(grep -c $'\r$' $k/s.csv) - 1 ))
"$N" "${args[@]}" --resume 2>"$T_DISK/r.err" ||
	{ cat "$T_DISK/r.err"; fail "--resume after SIGKILL (the lock should have died with it)"; }
grep -q "$rows of 5 points already done" "$T_DISK/r.err" || fail "resume: $(head -3 "$T_DISK/r.err")"
check $k/s.csv --rows 5 --status ok --once --json

# 4. a point with two ok rows
cp one/s.csv dup.csv
tail -n 1 one/s.csv >> dup.csv
msg=$("$N" validate dup.csv 2>&1)
[ $? = 1 ] || fail "validate found no problem in a file with a point twice: $msg"
grep -q "was measured ok already on line" <<<"$msg" || fail "validate does not say which point: $msg"
for c in summary compare plot; do
	msg=$("$N" $c dup.csv 2>&1)
	[ $? = 3 ] || fail "$c averaged a point measured twice: $msg"
	grep -q "measured ok already on line" <<<"$msg" || fail "$c does not say why: $msg"
done
echo ok
