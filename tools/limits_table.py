#!/usr/bin/env python3
"""limits_table.py [--nfsweep PATH] DIR - the table of tools/limits-measure.sh.

For each DIR/NAME/s.csv: each point's built-in limit, worked out from the lab's description of
its shaping in the rows' note alone, against the limit `nfsweep limits` names for it today.
Built in is the least of: the rate its I/Os in flight allow at its own unloaded round trip
(iodepth x numjobs, or connections x RPC slots where fewer: slots), its connections' byte caps
(conn) and its direction's shared cap (shared: the egress for writes, the read ceiling for
reads), each RPC carrying its block and ~300 bytes of headers; where the second least is within
15 % of it, both. A name is right when it is one of that limit's (RIGHT); unknown is counted
apart. NFSv4.1 and later: the lab's slot limit is not built in (docs/limits.md).
"""
import collections
import csv
import os
import re
import subprocess
import sys

MIB = 1 << 20
HEADERS = 300
RIGHT = {"slots": {"rpc-slots"}, "depth": {"depth"},
         "conn": {"per-connection", "beyond-client"}, "shared": {"shared-path", "beyond-client"}}
UNITS = {"bit": 1, "kbit": 1e3, "mbit": 1e6, "gbit": 1e9}


def rate(text):
    """Bytes per second of the note's "15.2 MiB/s" or tc's "80mbit"."""
    m = re.fullmatch(r"([0-9.]+) MiB/s", text)
    if m:
        return float(m.group(1)) * MIB
    m = re.fullmatch(r"([0-9.]+)([kmg]?bit)", text)
    if not m:
        sys.exit("limits_table: cannot read the rate %r in the note" % text)
    return float(m.group(1)) * UNITS[m.group(2)] / 8


def shaping(note):
    """(slots or None, per-connection, egress, read ceiling in bytes/s), or None: no shaping."""
    m = re.search(r"per connection (.+?) and (\d+) RPC slots, RTT [0-9.]+ ms, egress (.+?), "
                  r"reads (.+?)\)", note)
    if not m:
        return None
    vers = re.search(r"NFSv([0-9.]+)", note)
    slots = None if vers and vers.group(1) not in ("3", "4.0") else int(m.group(2))
    return slots, rate(m.group(1)), rate(m.group(3)), rate(m.group(4))


def built(row, shape):
    """The limits the shaping builds in for this point: one, or two within 15 %."""
    slots, conn, egress, read_cap = shape
    rd = row["read_pct"] == "100"
    rtt0 = float(row["rtt_unloaded_read_ms" if rd else "rtt_unloaded_write_ms"]) / 1000
    conns, depth = int(row["transports"]), int(row["iodepth"]) * int(row["numjobs"])
    wire = int(row["block_size_bytes"]) + HEADERS
    held = depth if slots is None else min(depth, conns * slots)
    rates = sorted([(held / rtt0, "slots" if held < depth else "depth"),
                    (conns * conn / wire, "conn"), ((read_cap if rd else egress) / wire, "shared")])
    return [rates[0][1]] + ([rates[1][1]] if rates[1][0] < 1.15 * rates[0][0] else [])


def named(nfsweep, path):
    """{(profile, target, pct, repeat): (limit, margin)} as `nfsweep limits` judges today."""
    out = subprocess.run([nfsweep, "limits", path], capture_output=True, text=True, check=True)
    pat = re.compile(r"(\S+) (\S+) read=(\d+)% repeat (\d+): (\S+) \(([0-9.]+)x")
    return {m.group(1, 2, 3, 4): (m.group(5), float(m.group(6)))
            for m in map(pat.match, out.stdout.splitlines()) if m}


def main():
    args = sys.argv[1:]
    nfsweep = "nfsweep"
    if args[:1] == ["--nfsweep"]:
        nfsweep, args = args[1], args[2:]
    if len(args) != 1:
        sys.exit(__doc__)
    conf, total = collections.Counter(), collections.Counter()
    print("| shaping | right | unknown | wrong |\n|---|---|---|---|")
    for name in sorted(os.listdir(args[0])):
        path = os.path.join(args[0], name, "s.csv")
        if not os.path.exists(path):
            continue
        rows = list(csv.DictReader(open(path, encoding="utf-8")))
        verdicts, shape, wrong = collections.Counter(), shaping(rows[0]["note"]), []
        judged = named(nfsweep, path)
        for row in rows:
            key = (row["profile"], row["target"], row["read_pct"], row["repeat"])
            limit, margin = judged[key]
            b = built(row, shape) if shape else ["none"]
            ok = set().union(*(RIGHT.get(x, set()) for x in b))
            v = "right" if limit in ok else "unknown" if limit == "unknown" else "wrong"
            verdicts[v] += 1
            conf[("+".join(b), limit)] += 1
            if v == "wrong":
                wrong.append("%s %s read=%s%% repeat %s: built in %s, named %s (%.2fx)"
                             % (key + ("+".join(b), limit, margin)))
        total.update(verdicts)
        print("| %s | %d | %d | %d |" % (name, verdicts["right"], verdicts["unknown"],
                                         verdicts["wrong"]))
        for w in wrong:
            print("|   %s | | | |" % w)
    print("| all | %d | %d | %d |\n" % (total["right"], total["unknown"], total["wrong"]))
    print("| built in | named | points |\n|---|---|---|")
    for (b, limit), n in sorted(conf.items()):
        print("| %s | %s | %d |" % (b, limit, n))


if __name__ == "__main__":
    main()
