#!/bin/bash
# nfsweep-rpc against the lab's kernel nfsd (one boot, the export only: no kernel client
# mounts it, so every NFSv3 RPC the server counts is the engine's):
#  - SPECsfs2008's mix, 2 jobs of 16 in flight: the server's count of each NFSv3 procedure
#    (/proc/net/rpc/nfsd, before and after) equals what the engine says it sent (rpc_sent),
#    exactly; the timed operations are in the mix's shares (each within 4 standard
#    deviations of a binomial draw, mix_share.py), each one RPC (the lab's maximum transfer
#    holds SFS 2008's 64 KiB), none failed; fio's operation count is the engine's;
#  - the same job again, one job for 20 s, reuses the file set: its layout sends no CREATE,
#    WRITE, MKDIR or SYMLINK, only the LOOKUPs that find the handles; and over the point itself
#    (the server's counters read by fio's exec_prerun, after the engine's init, and
#    exec_postrun) each RPC type's share is SPEC SFS 2008's within 1 point, their L1 distance
#    at most 5 points (the engine deals operations from decks: rpc_set.h);
#  - refused, naming the option or what the server said: a URL without an export, an export
#    the server does not have, an iodepth beyond the spare names;
#  - failing as the server says, naming the RPC and its NFS status: a set removed on the server
#    while its job runs (NFS3ERR_STALE, or NOENT for a name looked up), a set larger than the
#    export (the layout's WRITE or CREATE: NFS3ERR_NOSPC; the boot's export is 160 MiB);
#  - the README's fio command line, as written (the engine's installed path made this tree's,
#    its runtime cut to 2 s), against the lab's nfs-server.
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
so=$BUILD/engines/nfsweep-rpc.so
[ -f "$so" ] || fail "$so not built"
d=$T_DISK/rpc
mkdir -p "$d"
readme=$(grep -m 1 '^    fio --name=sfs --ioengine=external:.*nfsweep-rpc.so' "$T_TOP/README.md") ||
	fail "the README has no nfsweep-rpc fio line"
read -r -a readme <<<"$readme"
printf '%s\n' "${readme[@]}" > "$d/readme.args"
cat >"$d/guest.sh" <<'GUEST'
set -u
so=$1 d=$2
url=nfs://127.0.0.3$LAB_EXPORT
# (fio's --name starts a job: each run below names its one job first, then these)
job=(--ioengine=external:"$so" --rpc_url="$url" --rw=randrw --bs=1 --size=1m
     --iodepth=16 --numjobs=2 --time_based --ramp_time=1 --output-format=json)
grep '^proc3 ' /proc/net/rpc/nfsd > "$d/before"
fio --name=sfs "${job[@]}" --runtime=8 --rpc_stats="$d/one.stats" --output="$d/one.json" || exit 1
grep '^proc3 ' /proc/net/rpc/nfsd > "$d/after"
# (fio appends "> JOB.prerun.txt 2>&1" to the command: "; true" takes it, not the grep)
fio --name=sfs "${job[@]}" --numjobs=1 --runtime=20 --rpc_stats="$d/two.stats" --output="$d/two.json" \
	--exec_prerun="grep ^proc3 /proc/net/rpc/nfsd > $d/pre; true" \
	--exec_postrun="grep ^proc3 /proc/net/rpc/nfsd > $d/post; true" || exit 1
fio --name=sfs "${job[@]}" --runtime=1 --rpc_url=nfs://127.0.0.3 > "$d/nourl.out" 2>&1 && exit 1
fio --name=sfs "${job[@]}" --runtime=1 --rpc_url=nfs://127.0.0.3/not/exported > "$d/noexport.out" 2>&1 &&
	exit 1
fio --name=sfs "${job[@]}" --runtime=1 --iodepth=64 > "$d/depth.out" 2>&1 && exit 1
# the server removes a running job's set (the guest is the server: the export is its own)
fio --name=stale "${job[@]}" --numjobs=1 --runtime=30 > "$d/stale.out" 2>&1 &
stale=$!
for _ in $(seq 1 100); do
	[ -e "$LAB_EXPORT/nfsweep-rpc.stale.0/plan."* ] 2>/dev/null && break
	sleep 0.2
done
sleep 1
rm -rf "$LAB_EXPORT/nfsweep-rpc.stale.0"
wait "$stale" && exit 1
# a set of 10 x 1000 files (about 270 MB) on the 160 MiB export
fio --name=nospc "${job[@]}" --numjobs=1 --runtime=1 --rpc_files_per_dir=1000 \
	> "$d/nospc.out" 2>&1 && exit 1
rm -rf "$LAB_EXPORT/nfsweep-rpc.nospc.0"
mapfile -t readme < "$d/readme.args"
(cd "$d" && "${readme[@]/--ioengine=external:*nfsweep-rpc.so/--ioengine=external:$so}" \
	--runtime=2 --ramp_time=0 > "$d/readme.out" 2>&1) || { tail -n 5 "$d/readme.out"; exit 1; }
exit 0
GUEST
"$T_TOP/lab/run" --nconnect "" --size 160m --rw "$T_DISK" --timeout 600 -- \
	bash "$d/guest.sh" "$so" "$d" \
	>"$d/lab.log" 2>&1 || { tail -20 "$d/lab.log"; fail "the lab's runs"; }
grep -q "nfsweep-rpc: init(): invalid options: rpc_url: 'nfs://127.0.0.3': no export" \
	"$d/nourl.out" || fail "a URL without an export: $(tail -n 3 "$d/nourl.out")"
grep -q "nfsweep-rpc: init(): nfs://127.0.0.3/not/exported .*MNT 127.0.0.3:/not/exported refused" \
	"$d/noexport.out" || fail "an export the server has not: $(tail -n 3 "$d/noexport.out")"
grep -q "iodepth=64 > rpc_dirs x rpc_spares_per_dir = 40" "$d/depth.out" ||
	fail "iodepth beyond the spare names: $(tail -n 3 "$d/depth.out")"
grep -Eq "nfsweep-rpc: [A-Z]+: NFS3ERR_(STALE|NOENT) \(nfsweep-rpc.stale.0\)" "$d/stale.out" ||
	fail "a set removed under its job: $(grep -m 3 nfsweep "$d/stale.out")"
grep -Eq "nfsweep-rpc: init\(\): .*\(nfsweep-rpc.nospc.0\): (WRITE|CREATE) f[0-9]+: NFS3ERR_NOSPC" \
	"$d/nospc.out" || fail "a set larger than the export: $(grep -m 3 nfsweep "$d/nospc.out")"
PYTHONPATH=$T_HERE python3 - "$d" <<'PY' || fail "the RPCs"
import json, sys
from mix_share import share_ok
d = sys.argv[1]
procs = ("null getattr setattr lookup access readlink read write create mkdir symlink mknod "
         "remove rmdir rename link readdir readdirplus fsstat fsinfo pathconf commit").split()
def counts(f):
    return dict(zip(procs, map(int, open(f).read().split()[2:])))
b, a = counts(d + "/before"), counts(d + "/after")
server = {p: a[p] - b[p] for p in procs if a[p] != b[p]}
runs = {r: [json.loads(l) for l in open(f"{d}/{r}.stats")] for r in ("one", "two")}
assert len(runs["one"]) == 2 and len(runs["two"]) == 1, "one line per job"
sent = {}
for l in runs["one"]:
    for p, n in l["rpc_sent"].items():
        sent[p] = sent.get(p, 0) + n
# libnfs checks its NFS connection with a NULL call: not an operation, not in rpc_sent
server.pop("null", None)
assert server == sent, f"the server counted {server}, the engine sent {sent}"
print("server's RPCs = engine's:", server)
for l in runs["one"]:
    ops = l["ops"]
    total = sum(o["count"] for o in ops.values())
    assert total > 500, f"only {total} operations"
    for name, o in ops.items():
        share = 100.0 * o["count"] / total
        assert share_ok(share, o["asked_pct"], total), f"{name}: {share:.2f} % for {o['asked_pct']}"
        assert o["errors"] == 0, f"{name}: {o['errors']} errors"
        assert o.get("rpcs", 0) == o["count"], f"{name}: {o.get('rpcs')} RPCs for {o['count']}"
    print(f"job {l['jobnum']}: {total} operations in SPEC SFS 2008's shares, one RPC each")
    assert l["rpc_setup"].get("create", 0) > 0, "the first run laid nothing out"
fio = json.load(open(d + "/one.json"))
fio_ops = sum(j["read"]["total_ios"] + j["write"]["total_ios"] for j in fio["jobs"])
eng_ops = sum(o["count"] for l in runs["one"] for o in l["ops"].values())
# fio stops counting at its end as the engine does; the io_us in flight at either edge differ
assert abs(fio_ops - eng_ops) <= 2 * 16 * 2, f"fio counted {fio_ops}, the engine {eng_ops}"
for l in runs["two"]:
    made = {p: n for p, n in l["rpc_setup"].items() if p in ("create", "write", "mkdir", "symlink")}
    assert not made, f"the second run laid out again: {made}"
    assert l["rpc_setup"].get("lookup", 0) >= l["set_files"], l["rpc_setup"]
print("the second run reused the set:", runs["two"][0]["rpc_setup"])
# the 20 s point on the server's own counters, its layout outside the window
sfs = {"getattr": 26, "lookup": 24, "read": 18, "access": 11, "write": 10, "setattr": 4,
       "readdirplus": 2, "readlink": 1, "readdir": 1, "create": 1, "remove": 1, "fsstat": 1}
pre, post = counts(d + "/pre"), counts(d + "/post")
point = {p: post[p] - pre[p] for p in procs if p != "null" and post[p] != pre[p]}
total = sum(point.values())
assert total > 2000, f"only {total} RPCs in 20 s"
extra = set(point) - set(sfs)
assert not extra, f"RPCs outside SFS 2008's mix in the point: {extra} {point}"
l1 = 0.0
for p, want in sfs.items():
    got = 100.0 * point.get(p, 0) / total
    l1 += abs(got - want)
    assert abs(got - want) <= 1.0, f"{p}: {got:.2f} % of {total} RPCs, SFS 2008 {want} %"
assert l1 <= 5.0, f"L1 distance {l1:.2f} points"
print(f"the server's 20 s point: {total} RPCs, L1 {l1:.2f} points from SFS 2008's mix:",
      {p: round(100.0 * n / total, 2) for p, n in point.items()})
readme = [json.loads(l) for l in open(d + "/rpc.stats")]
assert readme and all(sum(o["count"] for o in l["ops"].values()) > 0 for l in readme), readme
print("the README's fio line:", len(readme), "jobs")
PY
echo ok
