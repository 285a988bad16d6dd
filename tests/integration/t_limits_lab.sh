#!/bin/bash
# What limited each point, on a lab whose limits are known because it builds them (docs/limits.md,
# issue 49's matrix): the cloud model with one limit moved out of the way, 64 RPC slots per
# connection and its 7.5 ms round trip kept (lab/run --conn-slots 64 --rtt 7500us), so that
# 4 jobs x iodepth 4 never wait for a slot. Built in: one connection's 15.2 MiB/s, the 15 MiB/s
# egress, the 35 MiB/s read ceiling; the random points are bound by their 16 in flight. Every
# point judged; none named a limit the lab did not build: no rpc-slots anywhere, per-connection
# only on one connection's sequential reads, depth only on the random points, beyond-client or
# shared-path only where a queue past the client is built in (or unknown anywhere: the rules
# never guess), no client-cpu; each point's verdict printed as a row of the confusion table, with
# the unloaded round trips every row must have, and the probes that measured them. Two repeats, the
# targets interleaved: the read-back rules judge a point by its mean over them, so that a burst
# of another process's load in one 3-s run does not make a 1.5x gain. The rules' margins
# are the unit tests' (tests/data/results/cloud-limits-conn.csv, recorded the same way).
# lab: --shaping cloud --conn-slots 64 --rtt 7500us
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
N=$NFSWEEP
d=$T_DISK/limits
mkdir -p "$d"
"$T_TOP/lab/run" --shaping cloud --conn-slots 64 --rtt 7500us --rw "$T_DISK" --timeout 900 -- \
	"$N" run --profile seq64k,rand4k --mix 100,0 --target nc1=/mnt/nc1 --target nc8=/mnt/nc8 \
	--iodepth 4 --numjobs 4 --runtime 3 --ramp 1 --size 16m --repeat 2 --nfs --no-report \
	--out "$d/s.csv" >"$d/lab.log" 2>&1 || { tail -20 "$d/lab.log"; fail "the lab's sweep"; }
python3 "$T_HERE/results_check.py" "$d/s.csv" --rows 16 --status ok --nfs || fail "the sweep's rows"
out=$("$N" limits "$d/s.csv") || fail "nfsweep limits exited $?: $out"
grep -q '^16 of 16 ok rows judged' <<<"$out" || fail "not every point judged: $out"
# built in -> named, one line per point; what each may be named: its limit or unknown
printf '%s\n' "$out" >"$d/limits.txt"
python3 - "$d/s.csv" "$d/limits.txt" <<'PY' || fail "a point named a limit the lab did not build: $out"
import csv, re, sys
rows = {(r["profile"], r["target"], r["read_pct"], r["repeat"]): r
        for r in csv.DictReader(open(sys.argv[1]))}
named = {}
for line in open(sys.argv[2]):
    m = re.match(r"(\S+) (\S+) read=(\d+)% repeat (\d): (\S+) \(", line)
    if m:
        named[m.group(1, 2, 3, 4)] = m.group(5)
assert len(named) == 16, named
# (each a queue past the client: beyond-client is right where the rules cannot say which)
built = {("seq64k", "nc1", "100"): ("one connection's 15.2 MiB/s", ("per-connection",)),
         ("seq64k", "nc8", "100"): ("the 35 MiB/s read ceiling", ("shared-path", "beyond-client")),
         ("seq64k", "nc1", "0"): ("a connection's 15.2 and the egress's 15", ("beyond-client",)),
         ("seq64k", "nc8", "0"): ("the 15 MiB/s egress", ("shared-path", "beyond-client"))}
right_named = 0
for k, limit in sorted(named.items()):
    what, right = built.get(k[:3], ("16 in flight (the depth)", ("depth",)))
    print("%-7s %s read=%3s%% repeat %s: %6.1f MiB/s, unloaded %s/%s ms, built in: %-40s named: %s"
          % (k[0], k[1], k[2], k[3], float(rows[k]["total_mib_s"]),
             rows[k]["rtt_unloaded_read_ms"] or "-", rows[k]["rtt_unloaded_write_ms"] or "-",
             what, limit))
    assert limit in right + ("unknown",), (k, limit)
    right_named += limit != "unknown"
print("%d of 16 named, the rest unknown" % right_named)
# every probed point has its target's unloaded round trips (the sweep's rows, all O_DIRECT)
assert all(r["rtt_unloaded_read_ms"] and r["rtt_unloaded_write_ms"] for r in rows.values()), \
    "a row without its unloaded round trip"
PY
# the probes (point_probe.h): one run of half reads and half writes per target and profile, and a
# run of writes alone only where that run laid the file out: once per profile, since nc1 and nc8
# share the export and its files (2 of the 4)
mixed=$(find "$d/fio" -name '*.probe-r50.json' | wc -l)
writes=$(find "$d/fio" -name '*.probe-r0.json' | wc -l)
echo "probes: $mixed mixed runs, $writes runs of writes alone"
[ "$mixed" = 4 ] && [ "$writes" = 2 ] ||
	fail "probes: $mixed mixed runs (4: two targets x two profiles), $writes of writes alone (2: each profile's file laid out once)"
echo ok
