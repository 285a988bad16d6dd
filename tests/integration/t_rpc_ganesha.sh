#!/bin/bash
# nfsweep-rpc against a second NFS server, NFS-Ganesha (lab/ganesha: its VFS export of a tmpfs,
# NFSv3, in namespaces of its own on this machine; no guest):
#  - SPECsfs2008's mix, 2 jobs of 16 in flight (fio alone): every operation in the mix's shares
#    (each within 4 standard deviations of a binomial draw, mix_share.py), one RPC each, none
#    failed, the set laid out; fio's operation count is the engine's. (The server's own counts
#    are read over D-Bus, which these namespaces do not run: the kernel nfsd's, in t_rpc_lab,
#    are the check that the engine's counts are the server's.)
#  - `nfsweep run --profile sfs2008-wire` on the export's URL: an ok row with the file set's
#    size, every operation of the mix in FILE.ops.csv with its latency and no error;
#  - a failed row naming what the server said: an export it does not have (MNT refused);
#  - the same window for every job: four jobs, one of whose sets was there and three laid out,
#    start their clocks only once every set is ready (each job's start_s after the last
#    ready_s; without the wait, the job that found its set started 0.19 s before the others and
#    counted 23 % more). How close their counts come is a
#    measurement of how the server and the scheduler share the machine (2.2x seen beside three
#    other tests): make bench's, not a test's.
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the server's namespaces need root"
"$T_TOP/tools/deps.sh" ganesha >/dev/null || skip "NFS-Ganesha could not be installed"
so=$BUILD/engines/nfsweep-rpc.so
[ -f "$so" ] || fail "$so not built"
d=$T_DISK/g
mkdir -p "$d"
cat >"$d/inside.sh" <<'INSIDE'
set -u
so=$1 d=$2 nfsweep=$3 profiles=$4
cd "$d" || exit 1
fio --name=sfs --ioengine=external:"$so" --rpc_url="$GANESHA_URL" --rw=randrw --bs=1 --size=1m \
	--iodepth=16 --numjobs=2 --time_based --ramp_time=1 --runtime=3 --rpc_stats="$d/one.stats" \
	--output-format=json --output="$d/one.json" > "$d/one.out" 2>&1 || { tail -n 5 "$d/one.out"; exit 1; }
# the same window for every job: one job's set laid out first (a run of one job), then four
# jobs, three of which lay theirs out while the first finds its own: none starts its clock before
# the others are ready (the engine's start_s)
job=(--ioengine=external:"$so" --rpc_url="$GANESHA_URL" --rw=randrw --bs=1 --size=1m --iodepth=4
     --time_based --output-format=json)
fio --name=fair "${job[@]}" --numjobs=1 --runtime=1 --output="$d/fair1.json" > "$d/fair1.out" 2>&1 ||
	{ tail -n 5 "$d/fair1.out"; exit 1; }
fio --name=fair "${job[@]}" --numjobs=4 --runtime=2 --rpc_stats="$d/fair.stats" \
	--output="$d/fair.json" > "$d/fair.out" 2>&1 || { tail -n 5 "$d/fair.out"; exit 1; }
nw=(--profile sfs2008-wire --profiles "$profiles" --engine-dir "${so%/*}" --numjobs 1
    --iodepth 16 --no-report)
"$nfsweep" run "${nw[@]}" --target g="$GANESHA_URL" --runtime 3 --ramp 1 --out "$d/point.csv" \
	> "$d/point.out" 2>&1 || { tail -n 5 "$d/point.out"; exit 1; }
"$nfsweep" run "${nw[@]}" --target g=nfs://127.0.0.1/not/exported --runtime 2 --ramp 0 \
	--out "$d/noexport.csv" > "$d/noexport.out" 2>&1
rc=$?
[ $rc = 1 ] || { echo "noexport: exit $rc, not 1"; tail -n 3 "$d/noexport.out"; exit 1; }
INSIDE
"$T_TOP/lab/ganesha" --timeout 300 -- bash "$d/inside.sh" "$so" "$d" "$NFSWEEP" "$T_TOP/profiles" \
	> "$d/ganesha.out" 2>&1 || { tail -n 20 "$d/ganesha.out"; fail "the runs against Ganesha"; }
PYTHONPATH=$T_HERE python3 - "$d" <<'PY' || fail "the runs' figures"
import csv, json, sys
from mix_share import share_ok
d = sys.argv[1]
one = [json.loads(l) for l in open(d + "/one.stats")]
assert len(one) == 2, "one line per job"
for l in one:
    ops = l["ops"]
    total = sum(o["count"] for o in ops.values())
    assert total > 500, f"only {total} operations"
    for name, o in ops.items():
        share = 100.0 * o["count"] / total
        assert share_ok(share, o["asked_pct"], total), f"{name}: {share:.2f} % for {o['asked_pct']}"
        assert o["errors"] == 0, f"{name}: {o['errors']} errors"
        assert o.get("rpcs", 0) == o["count"], f"{name}: {o.get('rpcs')} RPCs for {o['count']}"
    print(f"job {l['jobnum']}: {total} operations in SPEC SFS 2008's shares, one RPC each")
assert sum(l["rpc_setup"].get("create", 0) for l in one) > 0, "nothing laid out"
fio = json.load(open(d + "/one.json"))
fio_ops = sum(j["read"]["total_ios"] + j["write"]["total_ios"] for j in fio["jobs"])
eng_ops = sum(o["count"] for l in one for o in l["ops"].values())
assert abs(fio_ops - eng_ops) <= 2 * 16 * 2, f"fio counted {fio_ops}, the engine {eng_ops}"

fair = [json.loads(l) for l in open(d + "/fair.stats")]
made = [l["rpc_setup"].get("create", 0) for l in fair]
assert len(fair) == 4 and made.count(0) == 1, f"not one set found and three laid out: {made}"
start = [l["start_s"] for l in fair]
ready = [l["ready_s"] for l in fair]
counts = [sum(o["count"] for o in l["ops"].values()) for l in fair]
# every clock started after the last set was ready: an order, not a closeness (the clocks were
# 1 ms apart alone, 0.475 s once in make test beside two other tests on one core, when a job
# waited that long for the core after the barrier let it go)
assert min(start) >= max(ready), \
    f"a job's clock started {max(ready) - min(start):.3f} s before the last set was ready"
# (their counts are printed, not checked: within 3 % alone here, 9.5 % beside stress-ng --cpu 2,
# and 2.2x once beside three other tests, four jobs and the server on two cores: how the server
# and the scheduler share the machine, not the window, which is what the clocks check)
print(f"four jobs, three laid out: the last set ready {1000 * (max(ready) - min(ready)):.1f} ms "
      f"after the first, the clocks {1000 * (max(start) - min(start)):.1f} ms apart, "
      f"counts {counts}")

row = next(csv.DictReader(open(d + "/point.csv")))
assert row["status"] == "ok" and row["engine"] == "nfsweep-rpc", row
assert int(row["fileset_bytes"]) > 0 and float(row["total_iops"]) > 0, row
ops = [o for o in csv.DictReader(open(d + "/point.ops.csv")) if o["fio_json"] == row["fio_json"]]
assert len(ops) == 12, [o["op"] for o in ops]
for o in ops:
    assert int(o["count"]) > 0 and int(o["errors"]) == 0 and float(o["lat_p99_ms"]) > 0, o
print("nfsweep run on Ganesha:", row["total_iops"], "ops/s,", len(ops), "operations")

bad = next(csv.DictReader(open(d + "/noexport.csv")))
assert bad["status"] != "ok" and "MNT 127.0.0.1:/not/exported refused" in bad["error"], bad
PY
echo ok
