#!/bin/bash
# Every row true, every reader honest about what it read (issue "every row
# true"), on a local directory:
#  - a point whose asked direction completed nothing is never ok (fio told
#    to read only, at a pure-write point);
#  - the row states the block size fio ran (--fio-opt bs=8k over the
#    profile's 4k), read back from fio's report: MiB/s = IOPS x 8 KiB;
#  - what can be checked before the first point is, exit 2 and no results
#    file: --size, an engine fio cannot load, a --fio-opt key neither fio
#    nor the engine knows (an engine's own, uring_sqpoll, is taken), a read
#    share given twice;
#  - a results file damaged in the middle: summary, compare and plot show
#    what they can (the rows after the damage too), name the line, exit 1;
#    validate names a quote that is never closed as such, not as "the last
#    row"; summary's latency columns never run into each other, an op-mix
#    profile's rate is ops/s;
#  - nfsweep mounts lists NFS clients only (not nfsd's /proc/fs/nfsd);
#  - --hosts with a host that does not answer leaves no directory behind;
#  - on a terminal (a pseudo-terminal) each point shows fio's status line in
#    place, and nothing of it reaches a pipe.
# target: disk
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
tgt=$T_DISK/tgt
mkdir -p "$tgt"
cd "$T_DISK" || exit 1
failures=0
bad() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
q=(--target "t=$tgt" --runtime 2 --ramp 0 --size 4m --numjobs 1 --iodepth 4 --direct 0
   --engine nfsweep-aio)

# 1. nothing measured is never ok
"$N" run --profile rand4k --mix 0 "${q[@]}" --fio-opt rw=randread --out idle/s.csv \
	>/dev/null 2>"$T_DISK/idle.err"
[ $? = 1 ] || bad "a pure-write point that wrote nothing did not fail the run"
python3 - idle/s.csv <<'PY' || bad "the idle point's row"
import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline='')))[0]
assert r["status"] == "fio_error", r["status"]
assert "no write completed" in r["error"], r["error"]
PY

# 2. the block size fio ran
"$N" run --profile rand4k --mix 100 "${q[@]}" --fio-opt bs=8k --out bs/s.csv >/dev/null 2>&1 ||
	bad "a run with --fio-opt bs=8k failed"
python3 - bs/s.csv <<'PY' || bad "the row does not state the 8 KiB blocks fio ran"
import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline='')))[0]
assert r["block_size_bytes"] == "8192", r["block_size_bytes"]
iops, mib = float(r["total_iops"]), float(r["total_mib_s"])
assert abs(iops * 8192 / 2**20 - mib) <= 0.01 * mib + 0.01, (iops, mib)
PY

# 3. refused before the first point
refused() {
	local what=$1 needle=$2 msg rc
	shift 2
	rm -rf pre
	msg=$("$N" run --profile rand4k --mix 100 "${q[@]}" "$@" --out pre/s.csv 2>&1)
	rc=$?
	[ $rc = 2 ] || bad "$what: exit $rc, not 2 ($msg)"
	grep -q -- "$needle" <<<"$msg" || bad "$what: the message lacks '$needle': $msg"
	[ ! -e pre/s.csv ] || bad "$what: refused, but wrote pre/s.csv"
}
refused "--size lots" "--size 'lots'" --size lots
refused "--size 1.5m" "--size" --size 1.5m
refused "--engine nosuch" "--engine: fio cannot load" --engine nosuch
refused "--fio-opt nosuchopt=1" "--fio-opt nosuchopt" --fio-opt nosuchopt=1
refused "--mix 100,100" "given twice" --mix 100,100
rm -rf pre
"$N" run --profile rand4k --mix 100 "${q[@]}" --engine nfsweep-uring --fio-opt uring_sqpoll=0 \
	--out pre/s.csv >/dev/null 2>&1 || bad "an engine's own option (uring_sqpoll) was refused"

# 4. a file damaged in the middle: every reader names the line, uses the rest
"$N" run --profile seq64k,rand4k --mix 100,0 "${q[@]}" --target "u=$T_SHM" --out d/s.csv \
	>/dev/null 2>&1 || bad "the sweep for the damaged-file checks failed"
python3 - d/s.csv d/cut.csv d/quote.csv <<'PY' || bad "could not damage the file"
import sys
lines = open(sys.argv[1], newline='').read().split("\r\n")
assert len(lines) == 10, len(lines)  # header, 8 rows, ''
cut = lines[:3] + [lines[3][:len(lines[3]) // 2]] + lines[4:]
open(sys.argv[2], "w", newline='').write("\r\n".join(cut))
quote = lines[:3] + [lines[3].replace(",", ',"', 1)] + lines[4:]
open(sys.argv[3], "w", newline='').write("\r\n".join(quote))
PY
f=d/cut.csv
{
	out=$("$N" summary "$f" 2>"$T_DISK/sum.err")
	[ $? = 1 ] || bad "summary of $f: not exit 1"
	grep -q "$f:4: .*not used" "$T_DISK/sum.err" || bad "summary does not name line 4: $(cat "$T_DISK/sum.err")"
	grep -q "^rand4k: total IOPS" <<<"$out" || bad "summary shows nothing after the damaged line"
	"$N" plot "$f" >/dev/null 2>"$T_DISK/plot.err"
	[ $? = 1 ] && grep -q "$f:4:" "$T_DISK/plot.err" || bad "plot of $f: $(cat "$T_DISK/plot.err")"
	[ -s d/rand4k.png ] || bad "plot drew nothing after the damaged line"
	"$N" compare "$f" >/dev/null 2>"$T_DISK/cmp.err"
	[ $? = 1 ] && grep -q "$f:4:" "$T_DISK/cmp.err" || bad "compare of $f: $(cat "$T_DISK/cmp.err")"
}
msg=$("$N" validate d/quote.csv 2>&1)
grep -q "never closed" <<<"$msg" || bad "validate of an unclosed quote: $msg"
grep -q "the last row" <<<"$msg" && bad "validate calls an unclosed quote in the middle the last row: $msg"
msg=$("$N" summary d/quote.csv 2>&1 >/dev/null)
[ $? = 1 ] && grep -q "never closed" <<<"$msg" || bad "summary of an unclosed quote: $msg"
# columns apart: every data line of the latency tables splits into read % and one cell per target
"$N" summary d/s.csv | awk '/completion latency/ { on = 1; getline; next } /^$/ { on = 0 }
	on && NF { n = split($0, a, /   */); if (n != 3) { print "run together: " $0; bad = 1 } }
	END { exit bad }' || bad "summary's latency columns run into each other"

# 5. an op-mix profile counts operations
"$N" run --profile sfs2008 --target "t=$tgt" --runtime 2 --ramp 0 --out ops/s.csv >/dev/null 2>&1 ||
	bad "an sfs2008 run failed"
"$N" summary ops/s.csv | grep -q "^sfs2008: total ops/s" || bad "the op-mix summary is not headed ops/s: $("$N" summary ops/s.csv)"

# 6. nfsweep mounts: NFS clients only
{
	cat "$T_HERE/../data/mountstats/lab-v3-nc1-nc8.txt"
	echo "device nfsd mounted on /proc/fs/nfsd with fstype nfsd"
	echo "device sunrpc mounted on /run/rpc_pipefs with fstype rpc_pipefs"
} > "$T_DISK/ms.txt"
out=$("$N" mounts --mountstats "$T_DISK/ms.txt")
grep -q "/proc/fs/nfsd" <<<"$out" && bad "nfsweep mounts lists nfsd: $out"
grep -q "/mnt/nc8" <<<"$out" || bad "nfsweep mounts lost the NFS mounts: $out"

# 7. --hosts with a port where nothing listens: exit 5, nothing left behind
"$N" run --profile rand4k --mix 100 "${q[@]}" --hosts "$T_NET.103.1:9" --out h/z/s.csv >/dev/null 2>&1
[ $? = 5 ] || bad "--hosts with no server there: not exit 5"
[ ! -e h/z ] || bad "--hosts with no server there left $(find h)"

# 8. live progress on a terminal (a pseudo-terminal, by script(1)), none in a pipe. fio's status
# line has its rates and ETA only once its clock reads 3 s (eta.c: elapsed_sec >= 3) and while a
# job runs; it prints once a second. A 3-s run left two ticks, each on an edge (the 2-s one a few
# ms from elapsed 3, the 3-s one at the job's end), and missed both once in CI beside lane B's
# guest; a 5-s run has the 3-s and 4-s ticks well inside it.
script -qec "$(printf '%q ' "$N" run --profile rand4k --mix 100 "${q[@]}" --runtime 5 --out tty/s.csv)" \
	"$T_DISK/typescript" >/dev/null 2>&1 || bad "a run on a pseudo-terminal failed"
grep -q $'\r\033\[K.*IOPS\]\[eta' "$T_DISK/typescript" ||
	bad "no live status line on a terminal: $(tr '\r\033' '|~' < "$T_DISK/typescript" | head -c 600)"
grep -q "ok, .* IOPS" "$T_DISK/typescript" || bad "the point's outcome is not shown after its status line"
"$N" run --profile rand4k --mix 100 "${q[@]}" --out pipe/s.csv 2>"$T_DISK/pipe.err" >/dev/null
grep -q $'\033' "$T_DISK/pipe.err" && bad "a status line went into a pipe"
"$N" validate tty/s.csv >/dev/null 2>&1 || bad "the terminal run's rows do not validate"

[ $failures = 0 ] || fail "$failures checks failed"
echo "true rows: every check held"
