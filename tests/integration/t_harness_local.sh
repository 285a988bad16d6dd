#!/bin/bash
# nfsweep run on a local directory: a quick sweep of both profiles gives 22
# rows that validate, each equal to the fio JSON it came from; a sweep
# interrupted by SIGINT and by SIGTERM and resumed has every point exactly
# once; a failing point is a row and the sweep goes on; bad input is refused
# with the documented exit codes and a message naming the option.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
[ -x "$N" ] || fail "$N not built"
check() { python3 "$T_HERE/results_check.py" "$@" || fail "results check: $*"; }
quick=(--runtime 1 --ramp 0 --numjobs 1 --iodepth 4 --size 8m)
mkdir -p "$T_DISK/tgt"

# 1. the quick sweep: 2 profiles x 11 mixes
out=$T_DISK/a/sweep.csv
mkdir -p "$T_DISK/a"
"$N" run --profile seq64k,rand4k --mix 100:0:10 --target local="$T_SHM" "${quick[@]}" \
	--out "$out" 2>"$T_DISK/a.err" || { cat "$T_DISK/a.err"; fail "quick sweep exited $?"; }
"$N" validate "$out" || fail "the sweep's CSV does not validate"
check "$out" --rows 22 --status ok --json --once
grep -q '\[22/22\]' "$T_DISK/a.err" || fail "no progress line n/N on stderr"
"$N" summary "$out" | grep -q '^seq64k: total MiB/s' || fail "summary lacks the seq64k table"

# 2. interrupted by SIGINT, then by SIGTERM, resumed: every point once
out=$T_DISK/b/sweep.csv
mkdir -p "$T_DISK/b"
args=(run --profile "seq64k,rand4k" --mix 100:0:20 --target local="$T_SHM" "${quick[@]}" --out "$out")
for sig in INT TERM; do
	resume=()
	[ -f "$out" ] && resume=(--resume)
	"$N" "${args[@]}" "${resume[@]}" 2>"$T_DISK/b.err" &
	pid=$!
	# stop it part-way: after its third completed point
	for _ in $(seq 100); do
		[ "$(grep -c ': ok,' "$T_DISK/b.err")" -ge 3 ] && break
		sleep 0.2
	done
	kill -$sig $pid
	wait $pid
	rc=$?
	want=$((128 + $(kill -l $sig)))
	[ $rc = $want ] || { cat "$T_DISK/b.err"; fail "SIG$sig: exit $rc, not $want"; }
	grep -q -- "--resume" "$T_DISK/b.err" || fail "SIG$sig: no resume command printed"
	"$N" validate "$out" >/dev/null || fail "SIG$sig: the CSV does not validate after the interruption"
	pgrep -f "$T_SHM/nfsweep" >/dev/null && fail "SIG$sig: fio still running"
done
"$N" "${args[@]}" --resume 2>"$T_DISK/b.err" || { cat "$T_DISK/b.err"; fail "final resume failed"; }
grep -q 'already done' "$T_DISK/b.err" || fail "resume did not skip done points"
check "$out" --rows 12 --status ok --once --json
# FILE.run.csv: one row per command, the interrupted ones with the command that finishes them
python3 - "${out%.csv}.run.csv" "$N" "${args[@]}" <<'PY' || fail "sweep.run.csv does not record the three commands"
import csv, shlex, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
argv = sys.argv[2:]
assert [r["exit_status"] for r in rows] == ["130", "143", "0"], [r["exit_status"] for r in rows]
assert [r["outcome"] for r in rows][2] == "ok", rows[2]
assert shlex.split(rows[0]["command_line"]) == argv, (rows[0]["command_line"], argv)
for r in rows[:2]:
    assert shlex.split(r["resume"]) == argv + ["--resume"], r["resume"]
assert shlex.split(rows[1]["command_line"]) == argv + ["--resume"], rows[1]["command_line"]
assert rows[2]["resume"] == "", rows[2]["resume"]
assert all(r["planned"] == "12" for r in rows), [r["planned"] for r in rows]
# each command starts where the one before stopped: every point ran once
done = 0
for r in rows:
    assert int(r["done_before"]) == done, (r["done_before"], done)
    done += int(r["ran"]) - int(r["failed"])
    assert r["started"] <= r["ended"], r
print("run record: %s" % ", ".join("%s+%s" % (r["done_before"], r["ran"]) for r in rows))
PY

# 3. a failing point is a row, the sweep goes on (exit 1); --stop-on-error stops
out=$T_DISK/c/sweep.csv
mkdir -p "$T_DISK/c"
# (fio refuses the option value when it reads the job: an engine fio cannot
# load is refused before the first point, exit 2, since there is nothing to run)
"$N" run --profile rand4k --mix 100,0 --target local="$T_SHM" "${quick[@]}" \
	--fio-opt opendir=/no/such/dir --out "$out" 2>/dev/null
[ $? = 1 ] || fail "failing points: exit status is not 1"
check "$out" --rows 2 --status fio_error
grep -q 'fio exited 1' "$out" || fail "the error text does not say how fio ended"
expect 2 "fio cannot load the engine" run --profile rand4k --mix 100 --target local="$T_SHM" \
	"${quick[@]}" --engine no-such-engine --out "$T_DISK/c/never.csv"
rm -rf "$T_DISK/c" && mkdir -p "$T_DISK/c"
"$N" run --profile rand4k --mix 100,0 --target local="$T_SHM" "${quick[@]}" \
	--fio-opt opendir=/no/such/dir --stop-on-error --out "$out" 2>/dev/null
check "$out" --rows 1

# 4. bad input: exit codes and messages naming the option
t=(--target x="$T_SHM")
expect 2 "--profile nope" run --profile nope "${t[@]}" --out "$T_DISK/x.csv"
for mix in 110:0:10 100:0:0 abc; do
	expect 2 "--mix" run --profile seq64k --mix $mix "${t[@]}" --out "$T_DISK/x.csv"
done
expect 2 "No such file" run --profile seq64k --target x=/no/such/dir --out "$T_DISK/x.csv"
expect 2 "exists" run --profile seq64k "${t[@]}" --out "$T_DISK/a/sweep.csv"
# an engine that speaks NFS itself takes nfs:// targets, the kernel path directories
expect 2 "give --target x=nfs://SERVER/EXPORT" run --profile sfs2008-wire "${t[@]}" \
	--out "$T_DISK/x.csv"
expect 2 "an nfs:// target is for a profile whose engine speaks NFS itself" run \
	--profile sfs2008 --target w=nfs://127.0.0.1/srv --out "$T_DISK/x.csv"
expect 2 "with no port, user, query" run --profile sfs2008-wire \
	--target w='nfs://127.0.0.1:2049/srv' --out "$T_DISK/x.csv"
expect 2 "an nfs:// target is mounted nowhere" run --profile sfs2008-wire \
	--target w=nfs://127.0.0.1/srv --hosts 127.0.0.1 --steady --out "$T_DISK/x.csv"
[ ! -e "$T_DISK/x.csv" ] || fail "a refused run made $T_DISK/x.csv"
expect 2 "--out" run --profile seq64k "${t[@]}"
expect 2 "unknown command" frobnicate
expect 3 "fio installed" run --profile seq64k "${t[@]}" --fio /no/such/fio --out "$T_DISK/y.csv"
expect 3 "nfsweep-aio" run --profile seq64k "${t[@]}" --engine nfsweep-aio --engine-dir /no/such \
	--out "$T_DISK/z.csv"
expect 3 "No such file" validate /no/such.csv
printf 'not,a,results,file\r\n' > "$T_DISK/bad.csv"
expect 1 "header" validate "$T_DISK/bad.csv"
[ ! -e "$T_DISK/x.csv" ] || fail "a refused run left a results file"

# 5. every subcommand has --help, and the man page renders
for c in $("$N" --help | awk '/^  [a-z]/ { print $1 }'); do
	"$N" $c --help | grep -q usage || fail "nfsweep $c --help"
done
man -l "$T_TOP/harness/nfsweep.1" 2>/dev/null | grep -q 'EXIT STATUS' || fail "man page"
ENGINES=$BUILD/engines "$T_TOP/tools/docs.sh" --check "$N" || fail "generated documents stale"
echo ok
