#!/usr/bin/env python3
"""results_check.py CSV [--rows N] [--json] [--once] [--nfs] [--status S]

Checks a results CSV written by `nfsweep run` from outside (Python's csv
module, not nfsweep's own reader): the row count, each row's figures against
fio's JSON kept in fio/ beside it, each point exactly once, the NFS columns.
Exit 0 ok, 1 with the first problem printed."""
import csv, glob, json, os, sys

def fail(msg):
    print("results_check: " + msg)
    sys.exit(1)

args = sys.argv[1:]
path = args[0]
with open(path, newline="") as f:
    rows = list(csv.DictReader(f))
opt = lambda name: args[args.index(name) + 1] if name in args else None

if opt("--rows") is not None and len(rows) != int(opt("--rows")):
    fail("%d rows, expected %s" % (len(rows), opt("--rows")))
if opt("--status"):
    bad = [r for r in rows if r["status"] != opt("--status")]
    if bad:
        fail("row %s %s %s: status %s (%s)" % (bad[0]["profile"], bad[0]["target"],
             bad[0]["read_pct"], bad[0]["status"], bad[0]["error"]))

if "--once" in args:
    keys = [(r["profile"], r["target"], r["read_pct"], r["repeat"]) for r in rows if r["status"] == "ok"]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        fail("points measured more than once: %s" % sorted(dup))

def close(a, b):
    return abs(a - b) <= 0.0015 + 1e-9 * abs(b)

if "--json" in args:
    here = os.path.dirname(path) or "."
    for r in rows:
        if r["status"] != "ok":
            continue
        if r.get("fio_json"):
            # schema 1.2: the row names its JSON, relative to the results file
            files = [os.path.join(here, r["fio_json"])]
            if not os.path.exists(files[0]):
                fail("%s: the row's fio_json does not exist" % files[0])
        else:
            name = "*-%s-%s-r%s-%s.json" % (r["profile"], r["target"], r["read_pct"], r["repeat"])
            files = glob.glob(os.path.join(here, "fio", name))
            if len(files) != 1:
                fail("no single fio JSON for %s in %s/fio" % (name, here))
        text = open(files[0]).read()
        job = json.loads(text[text.index("{\n"):])["jobs"][0]
        rd, wr = job["read"], job["write"]
        pairs = [("read_iops", rd["iops"]), ("write_iops", wr["iops"]),
                 ("total_iops", rd["iops"] + wr["iops"]),
                 ("read_mib_s", rd["bw_bytes"] / 1048576), ("write_mib_s", wr["bw_bytes"] / 1048576),
                 ("usr_cpu_pct", job["usr_cpu"]), ("sys_cpu_pct", job["sys_cpu"])]
        for d, pre in ((rd, "read"), (wr, "write")):
            if d["clat_ns"]["N"] > 0:
                pairs += [(pre + "_clat_mean_us", d["clat_ns"]["mean"] / 1000),
                          (pre + "_clat_p99_us", d["clat_ns"]["percentile"]["99.000000"] / 1000)]
            elif r[pre + "_clat_mean_us"] != "":
                fail("%s: %s latency without completions" % (files[0], pre))
        for col, want in pairs:
            if not close(float(r[col]), want):
                fail("%s: %s is %s, fio's JSON says %.4f" % (os.path.basename(files[0]), col, r[col], want))
        pct = int(r["read_pct"])
        if pct == 100 and wr["io_bytes"]: fail("read 100%% point wrote: %s" % files[0])
        if pct == 0 and rd["io_bytes"]: fail("read 0%% point read: %s" % files[0])

if "--nfs" in args:
    for r in rows:
        want = r["target"][2:]  # nc1 -> 1, nc8 -> 8
        if r["fs_type"] not in ("nfs", "nfs4"): fail("%s: fs_type %s" % (r["target"], r["fs_type"]))
        if r["transports"] != want or r["nconnect_asked"] != want:
            fail("%s: transports %s, nconnect %s" % (r["target"], r["transports"], r["nconnect_asked"]))
        if not r["server"] or "nconnect=" not in r["mount_options"]:
            fail("%s: server/mount options empty" % r["target"])
        pct = int(r["read_pct"])
        if pct > 0 and int(r["rpc_read_ops"]) == 0: fail("%s read %d%%: no READ RPCs" % (r["target"], pct))
        if pct < 100 and int(r["rpc_write_ops"]) == 0: fail("%s read %d%%: no WRITE RPCs" % (r["target"], pct))
        if pct > 0 and r["rpc_read_avg_rtt_ms"] == "": fail("%s: no READ RTT" % r["target"])
print("results_check: %s: %d rows ok" % (path, len(rows)))
