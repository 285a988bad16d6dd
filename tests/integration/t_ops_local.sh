#!/bin/bash
# Op-mix workloads on a local directory, through nfsweep run and curve:
#  - sfs2008 and eda run with the real fio and nfsweep-ops, in both
#    execution modes; every operation of each mix is in FILE.ops.csv with
#    no error, its share as asked (within 4 standard deviations of a
#    binomial draw: mix_share.py), its latencies
#    ordered (p50 <= p99 <= p99.9 <= max), and the operations of each class
#    add up to fio's own count of that class;
#  - the tree is whole after each point (no leftover of a create, mkdir or
#    rename), and a mix the engine does not know is refused by name;
#  - a curve of sfs2008 steps the offered operation rate, and one of eda
#    steps job sets (3 frontend + 2 backend jobs each, at their own rates);
#  - a job's memory does not grow with size= (the profiles' 1g at bs=1 once
#    gave every job a 128 MiB random map of fio's: a 30-job eda curve ran
#    the lab's guest out of memory).
# target: disk
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
[ -f "$BUILD/engines/nfsweep-ops.so" ] || fail "nfsweep-ops.so not built"
cd "$T_DISK" || exit 1
tgt=$T_DISK/tgt
mkdir -p "$tgt"
small=(--fio-opt ops_dirs=2 --fio-opt ops_files_per_dir=8 --fio-opt ops_file_size=64k)
q=(--runtime 3 --ramp 1 --iodepth 4 --size 1m "${small[@]}")

# check_ops DIR/FILE: the op rows against the mix and fio's JSON
check_ops() {
	PYTHONPATH=$T_HERE python3 - "$1" <<'PY' || fail "$1: the op rows"
import csv, json, sys, collections
from mix_share import share_ok
base = sys.argv[1]
rows = list(csv.DictReader(open(base + ".csv")))
ops = list(csv.DictReader(open(base + ".ops.csv")))
read_class = {"stat", "neg_stat", "access", "readlink", "readdir", "statfs", "read",
              "read_file", "seq_read"}
for row in rows:
    assert row["status"] == "ok", row
    mine = [o for o in ops if o["fio_json"] == row["fio_json"]]
    assert mine, "no op rows for " + row["fio_json"]
    t = open(base.rsplit("/", 1)[0] + "/" + row["fio_json"]).read()
    job = json.loads(t[t.index("{\n"):])["jobs"][0]
    counted = collections.Counter()
    for o in mine:
        n, asked, share = int(o["count"]), float(o["asked_pct"]), float(o["share_pct"] or 0)
        assert int(o["errors"]) == 0, o
        assert n > 0 or asked == 0, "%s asked %s %% but never ran" % (o["op"], asked)
        total = sum(int(x["count"]) for x in mine if x["job"] == o["job"])
        if n >= 200:
            assert share_ok(share, asked, total), "%s %s: %.1f %% of %d ops, %.1f %% asked" % (
                o["job"], o["op"], share, total, asked)
        if n:
            l = [float(o[k]) for k in ("lat_p50_ms", "lat_p99_ms", "lat_p99_9_ms", "lat_max_ms")]
            assert l == sorted(l) and l[0] > 0, "%s: latencies %s" % (o["op"], l)
        counted["read" if o["op"] in read_class else "write"] += n
    for d in ("read", "write"):
        fio_n = job[d]["total_ios"]
        slack = 4 * int(row["numjobs"]) * 5 + 2      # in flight when the ramp ended
        assert abs(counted[d] - fio_n) <= slack, "%s: ops.csv %d, fio %d" % (d, counted[d], fio_n)
    print("%s %s: %d ops, %s ops/s" % (row["profile"], row["fio_json"], sum(counted.values()),
                                      row["total_iops"]))
PY
}

# a tree as laid out: no name that a create, mkdir or rename makes is left
tree_whole() {
	local left
	left=$(find "$tgt" -path '*nfsweep-ops.*' \( -name 'c[0-9]*' -o -name 'm[0-9]*' -o -name '*.r' \))
	[ -z "$left" ] || fail "$1: housekeeping left $left"
}

for exec in uring sync; do
	"$N" run --profile sfs2008,eda --target loc="$tgt" --numjobs 1 "${q[@]}" \
		--fio-opt ops_exec=$exec --out $exec/s.csv 2>"$T_DISK/$exec.err" ||
		{ cat "$T_DISK/$exec.err"; fail "run sfs2008,eda with ops_exec=$exec"; }
	"$N" validate $exec/s.csv || fail "$exec: the files do not validate"
	check_ops "$T_DISK/$exec/s"
	tree_whole "ops_exec=$exec"
	grep -q 'ok, [0-9]* ops/s' "$T_DISK/$exec.err" || fail "$exec: the progress line is not in ops/s"
done
# eda is job sets: --numjobs 1 ran one set, 3 frontend and 2 backend jobs
python3 - "$T_DISK/sync/s" <<'PY' || fail "eda's job set"
import csv, sys
base = sys.argv[1]
eda = [r for r in csv.DictReader(open(base + ".csv")) if r["profile"] == "eda"][0]
assert eda["job_sets"] == "1" and eda["read_pct"] == "63" and eda["engine"] == "nfsweep-ops", eda
assert eda["iodepth"] == "1", "eda's processes run one operation at a time: " + eda["iodepth"]
assert eda["read_mib_s"] == "" and eda["block_size_bytes"] == "", "an op-mix row has MiB/s"
jobs = {o["job"] for o in csv.DictReader(open(base + ".ops.csv")) if o["fio_json"] == eda["fio_json"]}
assert jobs == {"frontend", "backend"}, jobs
PY

# refused by name: a mix the engine does not know; --mix with a profile of job sets
msg=$("$N" run --profile sfs2008 --target loc="$tgt" "${q[@]}" --fio-opt ops_mix=stat:50,frob:50 \
	--out bad/s.csv 2>&1)
grep -q "nfsweep-ops: init(): invalid options: ops_mix=stat:50,frob:50: unknown operation 'frob'" \
	<<<"$msg" || fail "an unknown operation was not refused by name: $msg"
msg=$("$N" run --profile eda --mix 70 --target loc="$tgt" "${q[@]}" --out bad2/s.csv 2>&1)
[ $? = 2 ] && grep -q "profile eda sets the read share of each of its jobs itself" <<<"$msg" ||
	fail "--mix with eda: $msg"

# curves: sfs2008 steps the offered rate; eda steps job sets
"$N" curve --profile sfs2008 --target loc="$tgt" --points 2 --numjobs 1 "${q[@]}" \
	--out curve/sfs.csv >"$T_DISK/c1.out" 2>&1 || { tail "$T_DISK/c1.out"; fail "curve sfs2008"; }
"$N" curve --profile eda --target loc="$tgt" --points 2 --numjobs 2 "${q[@]}" \
	--out curve/eda.csv >"$T_DISK/c2.out" 2>&1 || { tail "$T_DISK/c2.out"; fail "curve eda"; }
python3 - "$T_DISK/curve" <<'PY' || fail "the curves"
import csv, sys
d = sys.argv[1]
sfs = list(csv.DictReader(open(d + "/sfs.csv")))
assert [r["load_point"] for r in sfs] == ["0", "1", "2"], sfs
assert sfs[1]["read_pct"] == "84" and float(sfs[1]["offered_iops"]) < float(sfs[2]["offered_iops"])
eda = list(csv.DictReader(open(d + "/eda.csv")))
sets = [int(r["job_sets"]) for r in eda]
assert sets[0] == 2 and sets[1] <= sets[2] and all(s >= 1 for s in sets), sets
for r in eda[1:]:
    assert float(r["offered_iops"]) == 450 * int(r["job_sets"]), r
    # each job at its own rate: the achieved rate cannot pass the offered one by much
    assert float(r["total_iops"]) <= 1.1 * float(r["offered_iops"]), r
ops = list(csv.DictReader(open(d + "/eda.ops.csv")))
assert {o["load_point"] for o in ops} == {"0", "1", "2"}
print("eda curve: job sets", sets, "ops/s", [r["total_iops"] for r in eda])
PY
"$N" validate curve/sfs.csv curve/eda.csv >/dev/null || fail "the curves' files do not validate"
# a job of size=1g at bs=1: its peak RSS (the largest of fio's processes)
peak=$(python3 - "$BUILD/engines/nfsweep-ops.so" "$T_DISK/mem" <<'PY'
import resource, subprocess, sys, os
os.makedirs(sys.argv[2], exist_ok=True)
subprocess.run(["fio", "--name=m", "--ioengine=external:" + sys.argv[1], "--directory=" + sys.argv[2],
                "--ops_mix=sfs2008", "--rw=randrw", "--bs=1", "--size=1g", "--ops_dirs=2",
                "--ops_files_per_dir=8", "--ops_file_size=16k", "--time_based", "--runtime=1",
                "--output=/dev/null"], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
) || fail "the size=1g job"
echo "size=1g, bs=1: peak RSS of a fio process $peak MiB"
[ "$peak" -lt 64 ] || fail "a size=1g job of nfsweep-ops peaked at $peak MiB (fio's random map?)"
echo ok
