#!/bin/bash
# Op-mix workloads over real kernel NFS in the lab, NFSv3 and NFSv4.2, with
# attribute caching off (actimeo=0,lookupcache=positive: the profiles'
# documented way to put the issued mix on the wire):
#  - sfs2008 and eda through nfsweep run, and a curve of each, complete with
#    no operation error, and their files validate;
#  - FILE.rpc.csv against the mountstats it came from: for every RPC type,
#    the rows of all points together count no more than the client sent
#    between a snapshot before and one after the whole command (the window
#    excludes layout and ramp), the shares of a point add up to 100, and the
#    RPCs that the mix's system calls must cause are there (GETATTR for
#    stat, ACCESS for access, READ and WRITE, SETATTR for chmod, and on v3
#    LOOKUP for a name that is not there, FSSTAT for statfs);
#  - FILE.ops.csv: the mix as asked (each operation within 4 standard
#    deviations of a binomial draw: mix_share.py).
# lab: defaults
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
N=$NFSWEEP
small="--fio-opt ops_dirs=2 --fio-opt ops_files_per_dir=8 --fio-opt ops_file_size=64k"
q="--runtime 2 --ramp 0 --numjobs 1 --iodepth 8 --size 1m $small"

# One guest (the lab's defaults): each version's mount made here, nconnect=1 with the
# profiles' options, from an address of its own (its own NFS client; for v4.2 a hostname of
# its own too, so that trunking detection keeps it apart), the lab's way (lab/README.md)
cat > "$T_DISK/guest.sh" <<'GUEST'
set -u
N=$1 T=$2
read -r -a q <<<"$3"
shift 3
i=20
for vers in "$@"; do
	d=$T/v$vers mnt=/mnt/ops$vers src=$LAB_EXPORT
	[ "$vers" = 3 ] || src=/
	i=$((i + 1))
	mkdir -p "$d" "$mnt"
	unshare --uts sh -c 'hostname "$1" && mount -t nfs -o "$2" "$3" "$4"' sh "nfsweep-lab-ops$i" \
		"vers=$vers,nconnect=1,actimeo=0,lookupcache=positive" "127.0.0.$i:$src" "$mnt" || exit 91
	cat /proc/self/mountstats > "$d/before" &&
	"$N" run --profile sfs2008,eda --target nc1="$mnt" --nfs "${q[@]}" --out "$d/s.csv" &&
	"$N" curve --profile sfs2008 --target nc1="$mnt" --nfs --points 2 "${q[@]}" --out "$d/c.csv" &&
	"$N" curve --profile eda --target nc1="$mnt" --nfs --points 2 "${q[@]}" --out "$d/e.csv" &&
	cat /proc/self/mountstats > "$d/after" || exit 1
done
GUEST
"$T_TOP/lab/run" --rw "$T_DISK" --timeout 900 -- bash "$T_DISK/guest.sh" "$N" "$T_DISK" "$q" 3 4.2 \
	>"$T_DISK/lab.log" 2>&1
rc=$?
[ $rc = 0 ] || { tail -20 "$T_DISK/lab.log"; fail "the lab run exited $rc"; }
for vers in 3 4.2; do
	d=$T_DISK/v$vers
	"$N" validate "$d/s.csv" "$d/c.csv" "$d/e.csv" || fail "NFSv$vers: the files do not validate"
	PYTHONPATH=$T_HERE python3 - "$d" "$vers" <<'PY' || fail "NFSv$vers: ops.csv or rpc.csv against mountstats"
import csv, collections, sys
from mountstats_counts import rpc_counts
from mix_share import share_ok
d, vers = sys.argv[1], sys.argv[2]
mnt = "/mnt/ops" + vers
b, a = rpc_counts(d + "/before", mnt), rpc_counts(d + "/after", mnt)
delta = {k: a[k] - b.get(k, 0) for k in a}
in_rows = collections.Counter()
need = {"GETATTR", "ACCESS", "READ", "WRITE", "SETATTR"}
if vers == "3":
    need |= {"LOOKUP", "FSSTAT"}
for stem in ("s", "c", "e"):
    rows = list(csv.DictReader(open("%s/%s.csv" % (d, stem))))
    rpc = list(csv.DictReader(open("%s/%s.rpc.csv" % (d, stem))))
    ops = list(csv.DictReader(open("%s/%s.ops.csv" % (d, stem))))
    for row in rows:
        assert row["status"] == "ok", row
        mine = [r for r in rpc if r["fio_json"] == row["fio_json"]]
        assert mine, "no rpc rows for " + row["fio_json"]
        share = sum(float(r["share_pct"]) for r in mine)
        assert abs(share - 100) < 0.5, "%s: shares add up to %.1f" % (row["fio_json"], share)
        for r in mine:
            in_rows[r["rpc"]] += int(r["count"])
        sent = {r["rpc"] for r in mine if int(r["count"]) > 0}
        if row["profile"] == "sfs2008" and row["load_point"] in ("", "0"):
            assert need <= sent, "%s: no %s on the wire" % (row["fio_json"], sorted(need - sent))
        for o in (o for o in ops if o["fio_json"] == row["fio_json"]):
            assert int(o["errors"]) == 0, o
            total = sum(int(x["count"]) for x in ops
                        if x["fio_json"] == row["fio_json"] and x["job"] == o["job"])
            if int(o["count"]) >= 200 and o["job"] != "backend":
                assert share_ok(float(o["share_pct"]), float(o["asked_pct"]), total), (total, o)
for k, n in in_rows.items():
    assert n <= delta.get(k, 0), "%s: %d in rpc.csv, %d sent in the whole run" % (k, n, delta.get(k, 0))
creates = "CREATE" if vers == "3" else "OPEN"
assert in_rows[creates] < delta[creates], "the layout's %s were counted" % creates
print("NFSv%s: %s" % (vers, ", ".join("%s %d/%d" % (k, in_rows[k], delta[k])
                                      for k in sorted(in_rows, key=lambda k: -in_rows[k])[:8])))
PY
done
echo ok
