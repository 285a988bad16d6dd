#!/bin/bash
# Several load generators over real kernel NFS: the lab with 3 hosts (lab/run
# --hosts 3: each a fio server in its own mount and UTS namespace, with its
# own NFS clients of the export, nconnect=1 and 8, verified by the lab: the nc8 mount here), and
# nfsweep run --hosts through fio's client:
#  - seq64k and rand4k points, read and write: each row's IOPS and MiB/s
#    are the sums of FILE.hosts.csv's three hosts;
#  - each host's own NFS client: 8 transports in its mountstats, and its
#    rows in FILE.rpc.csv (the host column), whose READ and WRITE counts
#    add up to the row's rpc_read_ops and rpc_write_ops; on a read point
#    every host sent READs, on a write point WRITEs;
#  - the start skew: each host's start after the first (FILE.hosts.csv), the
#    last of them the row's start_skew_ms;
#  - a host's fio killed mid-point: a fio_error row naming that host,
#    exit 1, and --resume runs only that point;
#  - a host stopped (SIGSTOP) mid-point: a timeout row within --timeout +
#    10 s, no fio --client left, and the other hosts' jobs ended;
#  - a host whose engine is missing: refused at the pre-flight, named,
#    exit 5, no results file;
#  - in logs, no terminal: no live view (no line, no live= in a job file: t_live_lab has one);
#  - sfs2008-wire from the three hosts (an nfs:// target, no mount): each host's own
#    connections and file set on the export, the row the sum of the hosts'; sfs2008 through
#    their kernel clients.
# lab: --hosts 3
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
d=$T_DISK/h
mkdir -p "$d"
# points of 1 s: the assertions are about rows, sums and errors; the runs a host is killed or
# stopped in have points of 3 s, so that the fault comes mid-point
q="--profile seq64k,rand4k --mix 100,0 --target nc8=/mnt/nc8 --nfs --ramp 0"
q="$q --size 32m --numjobs 1 --iodepth 8"
# In the guest: the sweeps, the faults, and what the test checks after.
cat > "$d/guest.sh" <<SH
N=$NFSWEEP d=$d
q="$q"
SH
cat >> "$d/guest.sh" <<'SH'
tree() { echo "$1"; for c in $(pgrep -P "$1"); do tree "$c"; done; }
# mid_point LOG SERVER: the first point has begun (its line in LOG) and SERVER's fio has the
# point's connection (a child), one second ago. Not a fixed time after the line: under load
# the point's clients may connect seconds after it, and a kill before that killed nothing.
# (polls without a process where it can: a fork costs this user-mode guest about 0.08 s of CPU)
exec {nap_fd}<> <(:)
nap() { read -r -t "$1" -u "$nap_fd" _ || :; }	# (read's timeout is a status of 142)
begun() {
	local l
	while IFS= read -r l || [ -n "$l" ]; do [[ $l == "[1/"* ]] && return 0; done < "$1"
	return 1
}
mid_point() {
	for _ in {1..150}; do [ -f "$1" ] && begun "$1" && break; nap 0.2; done
	for _ in {1..300}; do pgrep -P "$2" >/dev/null && break; nap 0.1; done
	nap 1
}
set -- $LAB_HOST_PIDS
for p in "$@"; do
	awk '$1 == "device" { on = ($5 == "/mnt/nc8") } on && $1 == "xprt:" { n++ } END { print n + 0 }' /proc/$p/mountstats
done > $d/xprts
echo "$LAB_HOSTS" > $d/hosts
$N run --hosts $LAB_HOSTS $q --runtime 1 --out $d/s.csv || exit 10
# SPEC SFS 2008 on the wire from each host: nfsweep-rpc's own connections, no mount
$N run --hosts $LAB_HOSTS --profile sfs2008-wire --target w=nfs://127.0.0.3$LAB_EXPORT \
	--runtime 2 --ramp 1 --numjobs 1 --iodepth 8 --no-report --out $d/w.csv || exit 13
ls "$LAB_EXPORT" > $d/w.sets
# and through each host's kernel client (fio took an empty ops_stats= for no option at all)
$N run --hosts $LAB_HOSTS --profile sfs2008 --target nc8=/mnt/nc8 --runtime 2 --ramp 0 \
	--numjobs 1 --iodepth 8 --no-report --out $d/o.csv || exit 14
# a host's fio killed mid-point (its server's per-connection processes), then --resume
# (NFSWEEP_PROGRESS=1: the guest's 0 lifted, so that only the log, no terminal, keeps the live
# view off)
NFSWEEP_PROGRESS=1 $N run --hosts $LAB_HOSTS $q --runtime 3 --out $d/k.csv > $d/k.log 2>&1 &
run=$!
mid_point $d/k.log "$2" && pkill -KILL -P "$2"
wait $run
echo $? > $d/k.rc
$N run --hosts $LAB_HOSTS $q --runtime 3 --out $d/k.csv --resume > $d/k2.log 2>&1 || exit 11
# a host stopped mid-point: a timeout row within --timeout + 10 s of the stop (the point's
# fio started before it; the pre-flight before that, and under load it takes seconds)
# (the point would run 30 s: the other hosts' jobs end only if they are told to)
$N run --hosts $LAB_HOSTS $q --mix 100 --profile rand4k --runtime 30 --timeout 10 --out $d/t.csv > $d/t.log 2>&1 &
run=$!
mid_point $d/t.log "$3" && for c in $(pgrep -P "$3"); do kill -STOP $(tree "$c"); done
start=$SECONDS
wait $run
echo "$? $((SECONDS - start))" > $d/t.rc
pgrep -f -- "--client=" > $d/t.left
# the other hosts' fio stopped too (fio's client, stopped, tells them): only their servers left
sleep 3
for p in "$1" "$2"; do pgrep -P "$p"; done >> $d/t.left
for c in $(pgrep -P "$3"); do kill -KILL $(tree "$c"); done
# a host whose engine directory is empty (a tmpfs over it, in its own mount namespace)
unshare --mount --propagation private sh -c "mount -t tmpfs none '$(dirname "$N")/../engines' &&
	cd / && fio --server=127.0.100.9 --daemonize=$d/s9.pid" || exit 12
sleep 1
$N run --hosts "${LAB_HOSTS%%,*},127.0.100.9" $q --runtime 1 --out $d/e.csv > $d/e.log 2>&1
echo $? > $d/e.rc
exit 0
SH
"$T_TOP/lab/run" --hosts 3 --rw "$T_DISK" --timeout 900 "bash $d/guest.sh" >"$d/lab.log" 2>&1
rc=$?
[ $rc = 0 ] || { tail -30 "$d/lab.log"; fail "the lab run exited $rc"; }
[ "$(cat "$d/xprts" | tr '\n' ' ')" = "8 8 8 " ] || fail "the hosts' transports on /mnt/nc8: $(cat "$d/xprts")"
# no terminal here: no live view (t_live_lab has one), no line of it, no record asked for
! grep -l '^live=' "$d"/fio/*/*.fio || fail "a job file asks for live records without a terminal"
! grep -q '^  live ' "$d/k.log" "$d/t.log" || fail "a live line in a log"
"$NFSWEEP" validate "$d/s.csv" "$d/k.csv" || fail "the files do not validate"
python3 - "$d" <<'PY' || fail "the rows against the hosts' figures and RPCs"
import csv, sys
d = sys.argv[1]
hosts = open(d + "/hosts").read().strip().split(",")
rows = list(csv.DictReader(open(d + "/s.csv")))
per_host = list(csv.DictReader(open(d + "/s.hosts.csv")))
rpc = list(csv.DictReader(open(d + "/s.rpc.csv")))
assert len(rows) == 4, len(rows)
for row in rows:
    assert row["status"] == "ok" and row["hosts"] == "3", row
    mine = [h for h in per_host if h["fio_json"] == row["fio_json"]]
    assert sorted(h["host"] for h in mine) == sorted(hosts), mine
    rd = row["read_pct"] == "100"
    dirn = "read" if rd else "write"
    for col in (dirn + "_iops", dirn + "_mib_s"):
        total = sum(float(h[col]) for h in mine)
        assert float(row[col]) > 0 and abs(float(row[col]) - total) <= 0.01 * total, (col, row[col], total)
    op = "READ" if rd else "WRITE"
    r = [x for x in rpc if x["fio_json"] == row["fio_json"] and x["rpc"] == op]
    assert sorted(x["host"] for x in r) == sorted(hosts), ("%s rows of %s" % (op, row["fio_json"]), r)
    assert all(int(x["count"]) > 0 for x in r), r
    assert sum(int(x["count"]) for x in r) == int(row["rpc_%s_ops" % dirn]), (r, row["rpc_%s_ops" % dirn])
    # the start skew: the hosts' start snapshots, by the server's clock
    offs = sorted(float(h["start_offset_ms"]) for h in mine)
    assert offs[0] == 0 and abs(offs[-1] - float(row["start_skew_ms"])) < 0.01, (offs, row["start_skew_ms"])
    print("%s %s: %s IOPS = %s; %s RPCs = %s; start skew %s ms" % (row["profile"], dirn,
          row[dirn + "_iops"], " + ".join(h[dirn + "_iops"] for h in mine), op,
          " + ".join(x["count"] for x in r), row["start_skew_ms"]))
k = list(csv.DictReader(open(d + "/k.csv")))
assert open(d + "/k.rc").read().strip() == "1", "exit %s after a host was killed" % open(d + "/k.rc").read()
failed = [x for x in k if x["status"] != "ok"]
assert len(failed) == 1 and hosts[1] in failed[0]["error"], [(x["status"], x["error"]) for x in k]
assert len(k) == 5 and len({(x["profile"], x["read_pct"]) for x in k if x["status"] == "ok"}) == 4, k
print("killed mid-point:", failed[0]["error"])
# the wire profile from three hosts: each its own set on the export, the row their sum
w = next(csv.DictReader(open(d + "/w.csv")))
assert w["status"] == "ok" and w["hosts"] == "3" and w["engine"] == "nfsweep-rpc", w
mine = [h for h in csv.DictReader(open(d + "/w.hosts.csv")) if h["fio_json"] == w["fio_json"]]
assert sorted(h["host"] for h in mine) == sorted(hosts), mine
ops = [float(h["read_iops"]) + float(h["write_iops"]) for h in mine]
assert all(o > 0 for o in ops) and abs(sum(ops) - float(w["total_iops"])) <= 0.01 * sum(ops), (ops, w["total_iops"])
sets = open(d + "/w.sets").read().split()
for h in hosts:
    want = "nfsweep-rpc.%s.sfs2008-wire.0" % h
    assert want in sets, (want, sets)
print("sfs2008-wire on 3 hosts: %s ops/s = %s" % (w["total_iops"], " + ".join("%.0f" % o for o in ops)))
o = next(csv.DictReader(open(d + "/o.csv")))
assert o["status"] == "ok" and o["hosts"] == "3" and o["engine"] == "nfsweep-ops", o
print("sfs2008 on 3 hosts: %s ops/s" % o["total_iops"])
PY
grep -q "3 of 4 points already done" "$d/k2.log" || { cat "$d/k2.log"; fail "--resume ran more than the failed point"; }
read -r trc took < "$d/t.rc"
[ "$trc" = 1 ] && grep -q ',timeout,' "$d/t.csv" || { cat "$d/t.log"; fail "a stopped host: exit $trc, $(cat "$d/t.csv")"; }
[ "$took" -le 25 ] || fail "a stopped host: the point ended $took s after the stop (bound: --timeout 10 + 10 s, and 5)"
[ ! -s "$d/t.left" ] || fail "fio processes left after the timeout (the client, or the other hosts' jobs): $(cat "$d/t.left")"
echo "stopped host: a timeout row $took s after the stop"
[ "$(cat "$d/e.rc")" = 5 ] && grep -q "127.0.100.9: pre-flight: .*invalid external ioengine path" "$d/e.log" ||
	{ cat "$d/e.log"; fail "a host without the engine: exit $(cat "$d/e.rc")"; }
[ ! -e "$d/e.csv" ] || fail "a host refused at pre-flight, and e.csv was made"
echo "refused: $(cat "$d/e.log")"
echo ok
