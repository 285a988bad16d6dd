#!/bin/bash
# nfsweep-rpc against the lab's kernel nfsd (one boot, the export only: no kernel client
# mounts it, so every NFSv3 RPC the server counts is the engine's):
#  - SPECsfs2008's mix, 2 jobs of 16 in flight (fio alone): the server's count of each NFSv3
#    procedure (/proc/net/rpc/nfsd, before and after) equals what the engine says it sent
#    (rpc_sent), exactly; the timed operations are in the mix's shares (each within 4 standard
#    deviations of a binomial draw, mix_share.py), each one RPC (the lab's maximum transfer
#    holds SFS 2008's 64 KiB), none failed; fio's operation count is the engine's;
#  - `nfsweep curve --profile sfs2008-wire` on the export's URL: the peak and four load points,
#    each ok within its offer (fio asked for the offer: its rate_iops), the ORT `nfsweep ort` recomputes, each point's operations with
#    their latencies in FILE.ops.csv, the file set's size in every row; `nfsweep plot` draws it
#    beside the two published NFSv3 curves (and the CIFS one, said to be another protocol's),
#    and the report says that the op mix's shares are those on the wire;
#  - then a 12 s `nfsweep run` point on the file set the curve laid out: its layout sends no
#    CREATE, WRITE, MKDIR or SYMLINK, only the LOOKUPs that find the handles; and over the
#    point itself (the server's counters read by fio's exec_prerun, after the engine's init,
#    and exec_postrun, given as --fio-opt) each RPC type's share is SPEC SFS 2008's within 1
#    point, their L1 distance at most 5 points (the engine deals operations from decks);
#  - failed rows, naming what the server said: an export the server does not have (MNT
#    refused), an iodepth beyond the spare names, a set larger than the export (the layout's
#    WRITE or CREATE: NFS3ERR_NOSPC; the boot's export is 160 MiB), the set removed on the
#    server while its point runs (NFS3ERR_STALE, or NOENT for a name looked up), the server
#    stopped while a point runs (the connection failed, or the server's JUKEBOX as it stops);
#  - the README's fio command line, as written (the engine's installed path made this tree's,
#    its runtime cut to 2 s), against the lab's nfs-server.
# lab: own
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
"$T_TOP/tools/deps.sh" plot >/dev/null 2>&1 || skip "gnuplot could not be installed"
so=$BUILD/engines/nfsweep-rpc.so
[ -f "$so" ] || fail "$so not built"
d=$T_DISK/rpc
mkdir -p "$d"
readme=$(grep -m 1 '^    fio --name=sfs --ioengine=external:.*nfsweep-rpc.so' "$T_TOP/docs/workloads.md") ||
	fail "docs/workloads.md has no nfsweep-rpc fio line"
read -r -a readme <<<"$readme"
printf '%s\n' "${readme[@]}" > "$d/readme.args"
cat >"$d/guest.sh" <<'GUEST'
set -u
so=$1 d=$2 nfsweep=$3 profiles=$4
url=nfs://127.0.0.3$LAB_EXPORT
cd "$d" || exit 1
# (fio's --name starts a job: each run below names its one job first, then these)
job=(--ioengine=external:"$so" --rpc_url="$url" --rw=randrw --bs=1 --size=1m
     --iodepth=16 --numjobs=2 --time_based --ramp_time=1 --output-format=json)
grep '^proc3 ' /proc/net/rpc/nfsd > "$d/before"
fio --name=sfs "${job[@]}" --runtime=8 --rpc_stats="$d/one.stats" --output="$d/one.json" || exit 1
grep '^proc3 ' /proc/net/rpc/nfsd > "$d/after"
nw=(--profile sfs2008-wire --profiles "$profiles" --engine-dir "${so%/*}" --numjobs 1
    --iodepth 16 --no-report)
"$nfsweep" curve "${nw[@]}" --target lab="$url" --points 4 --runtime 2 --ramp 1 --out "$d/curve.csv" \
	> "$d/curve.out" 2>&1 || { tail -n 5 "$d/curve.out"; exit 1; }
# fio runs the commands in its working directory, its output to JOB.prerun.txt (this one)
"$nfsweep" run "${nw[@]}" --target lab="$url" --runtime 12 --ramp 1 --out "$d/point.csv" \
	--fio-opt "exec_prerun=grep ^proc3 /proc/net/rpc/nfsd" \
	--fio-opt "exec_postrun=grep ^proc3 /proc/net/rpc/nfsd" \
	> "$d/point.out" 2>&1 || { tail -n 5 "$d/point.out"; exit 1; }
# failed rows (nfsweep exits 1: a point failed)
fails() {
	local name=$1
	shift
	local rc
	"$nfsweep" run "${nw[@]}" --ramp 0 --out "$d/$name.csv" "$@" > "$d/$name.out" 2>&1
	rc=$?
	[ "$rc" = 1 ] || { echo "$name: exit $rc, not 1"; tail -n 3 "$d/$name.out"; return 1; }
}
fails noexport --target lab=nfs://127.0.0.3/not/exported --runtime 2 || exit 1
fails depth --target lab="$url" --runtime 2 --iodepth 64 || exit 1
# a set of 10 x 1000 files (about 270 MB) on the 160 MiB export
fails nospc --target lab="$url" --runtime 2 --fio-opt rpc_files_per_dir=1000 || exit 1
rm -rf "$LAB_EXPORT"/nfsweep-rpc.sfs2008-wire.0
# the point's set laid out (its plan marker is written last), then a second of load
# (waits without a process: a fork costs this user-mode guest about 0.08 s of CPU)
exec {nap_fd}<> <(:)
laid_out() {
	for _ in {1..150}; do
		[ -e "$LAB_EXPORT/nfsweep-rpc.sfs2008-wire.0/plan."* ] 2>/dev/null && break
		read -r -t 0.2 -u "$nap_fd" _
	done
	read -r -t 1 -u "$nap_fd" _ || :	# (read's timeout is a status of 142)
}
# the server removes a running point's set (the guest is the server: the export is its own)
fails stale --target lab="$url" --runtime 30 &
stale=$!
laid_out
rm -rf "$LAB_EXPORT/nfsweep-rpc.sfs2008-wire.0"
wait "$stale" || exit 1
mapfile -t readme < "$d/readme.args"
(cd "$d" && "${readme[@]/--ioengine=external:*nfsweep-rpc.so/--ioengine=external:$so}" \
	--runtime=2 --ramp_time=0 > "$d/readme.out" 2>&1) || { tail -n 5 "$d/readme.out"; exit 1; }
# last: the server stops while a point runs
fails gone --target lab="$url" --runtime 60 --timeout 90 &
gone=$!
laid_out
rpc.nfsd 0
wait "$gone" || exit 1
exit 0
GUEST
"$T_TOP/lab/run" --nconnect "" --size 160m --rw "$T_DISK" --timeout 600 -- \
	bash "$d/guest.sh" "$so" "$d" "$NFSWEEP" "$T_TOP/profiles" \
	>"$d/lab.log" 2>&1 || { tail -20 "$d/lab.log"; fail "the lab's runs"; }
row_error() { python3 -c 'import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 1 and rows[0]["status"] != "ok", rows
print(rows[0]["error"])' "$d/$1.csv"; }
grep -q "MNT 127.0.0.3:/not/exported refused" <<<"$(row_error noexport)" ||
	fail "an export the server has not: $(row_error noexport)"
grep -q "iodepth=64 > rpc_dirs x rpc_spares_per_dir = 40" <<<"$(row_error depth)" ||
	fail "iodepth beyond the spare names: $(row_error depth)"
grep -Eq "nfsweep-rpc: init\(\): .*\(nfsweep-rpc.sfs2008-wire.0\): (WRITE|CREATE) f[0-9]+: NFS3ERR_NOSPC" \
	<<<"$(row_error nospc)" || fail "a set larger than the export: $(row_error nospc)"
grep -Eq "nfsweep-rpc: [A-Z]+: NFS3ERR_(STALE|NOENT) \(nfsweep-rpc.sfs2008-wire.0\)" \
	<<<"$(row_error stale)" || fail "a set removed under its point: $(row_error stale)"
# (knfsd, stopping, may first answer a request in progress NFS3ERR_JUKEBOX, "try later", which
# nfsweep-rpc does not retry: either way the point fails, naming the server's last word)
grep -Eq "nfsweep-rpc: (getevents\(\): the connection failed|[A-Z]+: NFS3ERR_JUKEBOX)" \
	<<<"$(row_error gone)" || fail "the server stopped under a point: $(row_error gone)"
ort=$("$NFSWEEP" ort "$d/curve.csv") || fail "nfsweep ort on the curve"
grep -qx "$ort" <(sed -n '/^overall response time/{n;p}' "$d/curve.out") ||
	fail "the ORT recomputed, $ort, is not the curve's: $(tail -n 3 "$d/curve.out")"
"$NFSWEEP" plot "$d/curve.csv" > "$d/plot.out" 2>&1 || fail "nfsweep plot: $(tail -n 3 "$d/plot.out")"
for want in "lab: peak" "published: Alacritech ANX 1500-20, SPECsfs2008_nfs.v3" \
	"published: EMC VNX8000, SPECsfs2008_nfs.v3" "CIFS: another protocol" \
	"% of each curve's own highest"; do
	grep -qF "$want" "$d/curve.svg" || fail "curve.svg has no '$want'"
done
"$NFSWEEP" report "$d/curve.csv" > "$d/report.out" 2>&1 || fail "nfsweep report: $(tail -n 3 "$d/report.out")"
grep -q "these are the shares on the wire" "$d/curve.html" ||
	fail "the report does not say that the op mix's shares are the wire's"
# no mount, no nconnect: the page of a wire run has no nconnect paragraph
grep -q '<h3>nconnect</h3>' "$d/curve.html" && fail "the wire run's page has an nconnect paragraph"
PYTHONPATH=$T_HERE python3 - "$d" <<'PY' || fail "the RPCs"
import csv, json, sys
from mix_share import share_ok
d = sys.argv[1]
procs = ("null getattr setattr lookup access readlink read write create mkdir symlink mknod "
         "remove rmdir rename link readdir readdirplus fsstat fsinfo pathconf commit").split()
def counts(f):
    return dict(zip(procs, map(int, open(f).read().split()[2:])))
b, a = counts(d + "/before"), counts(d + "/after")
server = {p: a[p] - b[p] for p in procs if a[p] != b[p]}
one = [json.loads(l) for l in open(d + "/one.stats")]
assert len(one) == 2, "one line per job"
sent = {}
for l in one:
    for p, n in l["rpc_sent"].items():
        sent[p] = sent.get(p, 0) + n
# libnfs checks its NFS connection with a NULL call: not an operation, not in rpc_sent
server.pop("null", None)
assert server == sent, f"the server counted {server}, the engine sent {sent}"
print("server's RPCs = engine's:", server)
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
    assert l["rpc_setup"].get("create", 0) > 0, "the first run laid nothing out"
fio = json.load(open(d + "/one.json"))
fio_ops = sum(j["read"]["total_ios"] + j["write"]["total_ios"] for j in fio["jobs"])
eng_ops = sum(o["count"] for l in one for o in l["ops"].values())
# fio stops counting at its end as the engine does; the io_us in flight at either edge differ
assert abs(fio_ops - eng_ops) <= 2 * 16 * 2, f"fio counted {fio_ops}, the engine {eng_ops}"

# the curve: the peak (load point 0) and four load points, every row ok and true
rows = list(csv.DictReader(open(d + "/curve.csv")))
assert [int(r["load_point"]) for r in rows] == list(range(5)), [r["load_point"] for r in rows]
ops = list(csv.DictReader(open(d + "/curve.ops.csv")))
for r in rows:
    assert r["status"] == "ok", (r["load_point"], r["status"], r["error"])
    assert r["engine"] == "nfsweep-rpc" and r["server"] == "127.0.0.3:/srv/nfslab", r
    assert float(r["rt_ms"]) > 0 and int(r["fileset_bytes"]) > 0, r
    if r["offered_iops"]:
        # fio's rate applied: never more than the offer (an unthrottled point reaches the peak)
        assert float(r["total_iops"]) <= 1.05 * float(r["offered_iops"]), r
        # and fio asked for it: its rate_iops (reads, writes) per job, times the jobs (whether
        # the lightest point meets its offer is the machine's room, not the curve's)
        j = json.load(open(d + "/" + r["fio_json"]))
        asked = dict(j["global options"], **j["jobs"][0]["job options"])["rate_iops"]
        per_job = sum(float(x) for x in asked.split(","))
        assert abs(per_job * int(r["numjobs"]) - float(r["offered_iops"])) <= int(r["numjobs"]), \
            (r["load_point"], asked, r["offered_iops"])
    mine = [o for o in ops if o["fio_json"] == r["fio_json"]]
    assert len(mine) == 12 and all(o["lat_p99_ms"] and int(o["count"]) > 0 for o in mine), \
        (r["load_point"], [(o["op"], o["count"], o["lat_p99_ms"]) for o in mine])
print("the curve:", [(r["load_point"], r["total_iops"], r["rt_ms"]) for r in rows])

# the 12 s point, on the set the curve laid out
row = next(csv.DictReader(open(d + "/point.csv")))
assert row["status"] == "ok", row
stats = [json.loads(l) for l in open(d + "/" + row["fio_json"][:-len(".json")] + ".ops.json")]
assert len(stats) == 1, stats
made = {p: n for p, n in stats[0]["rpc_setup"].items() if p in ("create", "write", "mkdir",
                                                               "symlink")}
assert not made, f"the point laid out again: {made}"
assert stats[0]["rpc_setup"].get("lookup", 0) >= stats[0]["set_files"], stats[0]["rpc_setup"]
assert int(row["fileset_bytes"]) == stats[0]["set_bytes"], (row["fileset_bytes"], stats[0])
print("the point reused the set:", stats[0]["rpc_setup"])
# its window on the server's own counters, the layout outside it
sfs = {"getattr": 26, "lookup": 24, "read": 18, "access": 11, "write": 10, "setattr": 4,
       "readdirplus": 2, "readlink": 1, "readdir": 1, "create": 1, "remove": 1, "fsstat": 1}
pre, post = counts(d + "/sfs2008-wire.prerun.txt"), counts(d + "/sfs2008-wire.postrun.txt")
point = {p: post[p] - pre[p] for p in procs if p != "null" and post[p] != pre[p]}
total = sum(point.values())
assert total > 1200, f"only {total} RPCs in 12 s"
extra = set(point) - set(sfs)
assert not extra, f"RPCs outside SFS 2008's mix in the point: {extra} {point}"
l1 = 0.0
for p, want in sfs.items():
    got = 100.0 * point.get(p, 0) / total
    l1 += abs(got - want)
    assert abs(got - want) <= 1.0, f"{p}: {got:.2f} % of {total} RPCs, SFS 2008 {want} %"
assert l1 <= 5.0, f"L1 distance {l1:.2f} points"
print(f"the server's 12 s point: {total} RPCs, L1 {l1:.2f} points from SFS 2008's mix:",
      {p: round(100.0 * n / total, 2) for p, n in point.items()})
readme = [json.loads(l) for l in open(d + "/rpc.stats")]
assert readme and all(sum(o["count"] for o in l["ops"].values()) > 0 for l in readme), readme
print("the README's fio line:", len(readme), "jobs")
PY
echo ok
