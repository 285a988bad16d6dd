#!/bin/bash
# What limited each point (docs/limits.md), read back: nfsweep limits and summary on real lab
# rows of the cloud model (tests/data/results/cloud-limits.csv: seq64k and rand4k, pure read and
# write, nconnect=1 and 8, 4 jobs x iodepth 16 of 5 RPC slots per connection, recorded in a
# qemu/TCG guest): the slot-bound points, the egress every connection shares (read back: the
# point on nconnect=8 against nconnect=1's), the rest unknown; not the shared path when the
# round trips did not grow; rows from before schema 1.7 and a local run (not judged, said so), a
# damaged line named; the page's limit column and its sentence per headline ratio. One
# connection's throughput, read back (tests/data/results/cloud-limits-conn.csv): named where it
# bound, not where the requests waited for slots, and on the page.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
fx=$T_TOP/tests/data/results/cloud-limits.csv
cp "$fx" "$T_DISK/sweep.csv"

out=$("$N" limits "$T_DISK/sweep.csv") || fail "nfsweep limits exited $?: $out"
n=$(grep -c '^[a-z0-9]* nc1 read=[0-9]*% repeat 1: rpc-slots (' <<<"$out")
[ "$n" = 4 ] || fail "not every nconnect=1 point (64 asked of 5 slots) named rpc-slots: $out"
# the sequential writes on nconnect=8: 1.04x one connection's, round trips 167 ms against 21
grep -q '^seq64k nc8 read=0% repeat 1: shared-path (' <<<"$out" ||
	fail "the egress every connection shares is not named: $out"
grep -q '^  8 connections moved 1.04x what one did (nc1), their round trips 7.8x as long' <<<"$out" ||
	fail "the shared path's evidence: $out"
n=$(grep -c '^[a-z0-9]* nc8 read=[0-9]*% repeat 1: unknown (' <<<"$out")
[ "$n" = 3 ] || fail "an nconnect=8 point named a limit the rules cannot decide: $out"
grep -q '^  5.0 RPCs in flight per connection of the 5 slots' <<<"$out" ||
	fail "no slot figures in the evidence: $out"
grep -q "what would lift it: more connections (nconnect" <<<"$out" || fail "no lift: $out"
grep -q '^8 of 8 ok rows judged' <<<"$out" || fail "the count of judged rows: $out"

# summary: the table of limits per profile, read % x target
out=$("$N" summary "$T_DISK/sweep.csv") || fail "summary exited $?"
grep -A3 '^rand4k: what limited each point' <<<"$out" | grep -Eq '^100 +rpc-slots +unknown$' &&
	grep -A4 '^seq64k: what limited each point' <<<"$out" | grep -Eq '^0 +rpc-slots +shared-path$' ||
	fail "summary's limits table: $out"

# equal throughput but round trips as they were, nothing waiting at the client (a point more
# depth would lift): not a shared path (the nconnect=8 writes given nconnect=1's round trip, no
# queue, no backlog)
python3 - "$fx" "$T_DISK/same-rtt.csv" <<'PY' || fail "the same-round-trip copy"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
one = next(r for r in rows if r["target"] == "nc1" and r["profile"] == "seq64k" and r["read_pct"] == "0")
for r in rows:
    if r["target"] == "nc8" and r["profile"] == "seq64k" and r["read_pct"] == "0":
        r["rpc_write_avg_rtt_ms"] = one["rpc_write_avg_rtt_ms"]
        r["rpc_write_avg_queue_ms"], r["xprt_backlog"] = "0.2", "0"
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
"$N" limits "$T_DISK/same-rtt.csv" | grep -q '^seq64k nc8 read=0% repeat 1: unknown (' ||
	fail "a flat gain whose round trips did not grow named: $("$N" limits "$T_DISK/same-rtt.csv")"

# one connection's throughput (tests/data/results/cloud-limits-conn.csv: the cloud model with 64
# slots per connection and a 7.5 ms round trip, 4 jobs x iodepth 4, so that no request waits for
# a slot): one connection's sequential reads, at its 15.2 MiB/s, against eight connections' 35
# (the read ceiling); its random reads, which 16 in flight bound on either mount, are not named
cf=$T_TOP/tests/data/results/cloud-limits-conn.csv
out=$("$N" limits "$cf") || fail "nfsweep limits on the per-connection run exited $?: $out"
grep -q '^seq64k nc1 read=100% repeat 1: per-connection (' <<<"$out" &&
	grep -q '^  on nc8, more connections moved 2.31x what this one did, whose requests waited for no slot' <<<"$out" ||
	fail "one connection's throughput is not named: $out"
[ "$(grep -c ': per-connection (' <<<"$out")" = 1 ] || fail "per-connection named where it did not bind: $out"
# the same point with requests waiting for a slot: not this rule's (unknown: no wait as long as
# the round trip, so not rpc-slots either)
python3 - "$cf" "$T_DISK/backlog.csv" <<'PY' || fail "the backlog copy"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    if r["target"] == "nc1" and r["profile"] == "seq64k" and r["read_pct"] == "100":
        r["xprt_backlog"] = "2.0"
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
"$N" limits "$T_DISK/backlog.csv" | grep -q '^seq64k nc1 read=100% repeat 1: unknown (' ||
	fail "a point whose requests waited for slots named per-connection: $("$N" limits "$T_DISK/backlog.csv")"
# the page's sentence: more connections lifted one connection's limit, with compare's gain
cp "$cf" "$T_DISK/c.csv"
"$N" report "$T_DISK/c.csv" >/dev/null 2>&1 || fail "report of the per-connection run exited $?"
python3 - "$T_DISK/c.html" <<'PY' || fail "the page's per-connection sentence"
import html, re, sys
s = open(sys.argv[1]).read()
items = [html.unescape(i) for i in re.findall(r"<li>([^<]*)</li>", s[s.index('id="nconnect-limits"'):])]
r = [i for i in items if i.startswith("64 KiB sequential read")]
assert r and "on nc1, per-connection" in r[0] and "lifted one connection's limit (2." in r[0], items
PY

# rows from before schema 1.7 (no transport figures): said not judged, no table in summary
out=$("$N" limits "$T_TOP/tests/data/results/nconnect-fixture.csv") || fail "limits on 1.x exited $?"
grep -q '^0 of [0-9]* ok rows judged' <<<"$out" && grep -q 'not judged: no transport figures' <<<"$out" ||
	fail "rows without transport figures: $out"
"$N" summary "$T_TOP/tests/data/results/nconnect-fixture.csv" | grep -q 'what limited' &&
	fail "summary printed limits for rows it cannot judge"

# a damaged line: named, the rest still judged, exit 1
printf '1.7,cut short\n' >> "$T_DISK/sweep.csv"
out=$("$N" limits "$T_DISK/sweep.csv" 2>&1)
rc=$?
[ $rc = 1 ] && grep -q "sweep.csv:10: not a row of the header's columns" <<<"$out" &&
	grep -q '^8 of 8 ok rows judged' <<<"$out" || fail "a damaged line: exit $rc: $out"
"$N" limits "$T_DISK/nothing.csv" 2>&1 | grep -q "nfsweep limits: $T_DISK/nothing.csv: No such file" ||
	fail "a missing file is not named"

# a local run: no kernel NFS mount, nothing to judge by
mkdir -p "$T_DISK/tgt"
"$N" run --profile rand4k --mix 100 --target "t=$T_DISK/tgt" --runtime 1 --ramp 0 --size 4m \
	--numjobs 1 --iodepth 4 --engine nfsweep-aio --no-report --out "$T_DISK/l/s.csv" >/dev/null 2>&1 ||
	fail "a local run failed"
python3 "$T_HERE/results_check.py" "$T_DISK/l/s.csv" --rows 1 --status ok || fail "the local row"
python3 - "$T_DISK/l/s.csv" <<'PY' || fail "a local row has a limit"
import csv, sys
r = next(csv.DictReader(open(sys.argv[1])))
assert r["limit"] == r["limit_margin"] == r["limit_evidence"] == r["xprt_in_flight"] == "", r
PY
"$N" limits "$T_DISK/l/s.csv" | grep -q 'repeat 1: not judged' || fail "the local row is not said not judged"

# the page: a limit per point, its evidence on pointing at it; a sentence per headline ratio
cp "$fx" "$T_DISK/p.csv"
"$N" report "$T_DISK/p.csv" >/dev/null 2>&1 || fail "report exited $?"
python3 - "$T_DISK/p.html" <<'PY' || fail "the page's limits"
import html, re, sys
s = open(sys.argv[1]).read()
assert "<th>limit</th>" in s, "no limit column"
cells = re.findall(r'<td title="([^"]*)">(rpc-slots|unknown|shared-path)</td>', s)
assert len(cells) == 8 and sum(c[1] == "rpc-slots" for c in cells) == 4, cells
assert sum(c[1] == "shared-path" for c in cells) == 1, cells
assert all(" ms" in html.unescape(c[0]) for c in cells), cells
items = re.findall(r"<li>([^<]*)</li>", s[s.index('id="nconnect-limits"'):])[:4]
assert len(items) == 4, items
w = [html.unescape(i) for i in items if i.startswith("64 KiB sequential write")]
assert w and "on nc8, shared-path" in w[0] and "a limit they all share held the gain to 1.0" in w[0], w
r = [html.unescape(i) for i in items if i.startswith("4 KiB random read")]
assert r and "lifted the slot limit (4." in r[0], r
PY
echo ok
