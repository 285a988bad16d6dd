#!/usr/bin/env python3
"""bench_report.py - the bench CSV's one writer, and `make bench`'s report.

  --header                             the CSV's header line
  --emit NAME=VALUE ...                one CSV row of those fields (the others empty)
  --row WORKLOAD DEPTH ENGINE ROUND BUSY_JIFFIES [RPCS]   fio's JSON on stdin -> one CSV row
                                       (RPCS: the server's count of RPCs during the run)
  --report CSV                         medians, spreads, ratios, goals

The columns are results-schema/bench_columns.def's, read from it: a row is
made by line() alone, from named fields, so no writer can put a figure in
another's place (bench.sh, bench_nfs.py and bench_hosts.sh all call it).

IOPS per CPU-second is total I/Os over fio's usr+sys CPU time for the job,
as the issue defines it. IOPS per busy-second is total I/Os over the whole
machine's busy CPU time during the run (from /proc/stat): the cross-check,
since work done in io-wq workers may escape fio's usr/sys."""
import csv
import io
import json
import os
import re
import statistics
import sys

DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results-schema",
                   "bench_columns.def")


def columns():
    """The bench CSV's column names, in order, from bench_columns.def."""
    names = re.findall(r"^COLUMN\((\w+),", open(DEF).read(), re.M)
    if not names:
        raise SystemExit("bench_report: no COLUMN lines in %s" % DEF)
    return names


COLUMNS = columns()


def line(**fields):
    """One CSV row (with its newline) of the named fields; an unknown name is an error."""
    bad = sorted(set(fields) - set(COLUMNS))
    if bad:
        raise SystemExit("bench_report: not a column of %s: %s" % (DEF, ", ".join(bad)))
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(
        ["" if fields.get(c) is None else fields[c] for c in COLUMNS])
    return out.getvalue()


def job_figures(job):
    """I/Os, IOPS, clat p50 and p99 (us, as text) and fio's CPU seconds of one fio job."""
    ios = iops = 0
    p50 = p99 = ""
    for d in ("read", "write"):
        s = job[d]
        if s["total_ios"]:
            ios += s["total_ios"]
            iops += s["iops"]
            pct = s["clat_ns"].get("percentile", {})
            p50 = "%.2f" % (pct.get("50.000000", 0) / 1000)
            p99 = "%.2f" % (pct.get("99.000000", 0) / 1000)
    cpu_s = (job["usr_cpu"] + job["sys_cpu"]) / 100 * job["job_runtime"] / 1000
    return ios, iops, p50, p99, cpu_s


def row(workload, depth, engine, rnd, busy_jiffies, rpcs=None):
    text = sys.stdin.read()
    job = json.loads(text[text.index("{"):])["jobs"][0]
    ios, iops, p50, p99, cpu_s = job_figures(job)
    per_cpu = ios / cpu_s if cpu_s > 0 else 0
    busy_s = int(busy_jiffies) / os.sysconf("SC_CLK_TCK")
    per_busy = ios / busy_s if busy_s > 0 else 0
    extra = {}
    if rpcs not in (None, ""):
        # the server counted the whole run, fio's ramp-free runtime is the window's length
        secs = job["job_runtime"] / 1000
        extra = {"rpcs_per_s": "%.0f" % (int(rpcs) / secs if secs > 0 else 0),
                 "rpcs_per_cpu_s": "%.0f" % (int(rpcs) / cpu_s if cpu_s > 0 else 0),
                 "rpcs_per_busy_s": "%.0f" % (int(rpcs) / busy_s if busy_s > 0 else 0)}
    sys.stdout.write(line(workload=workload, iodepth=depth, engine=engine, round=rnd,
                          iops="%.0f" % iops, cpu_s="%.3f" % cpu_s, iops_per_cpu_s="%.0f" % per_cpu,
                          clat_p50_us=p50, clat_p99_us=p99, iops_per_busy_s="%.0f" % per_busy,
                          **extra))


def med(vals):
    return statistics.median(vals) if vals else None


def report(path):
    runs, traced = {}, {}
    for r in csv.DictReader(open(path, newline="")):
        key = (r["workload"], int(r["iodepth"]), r["engine"])
        if r["round"] == "strace":
            traced[key] = float(r["syscalls_per_io"])
            continue
        runs.setdefault(key, []).append(r)

    def stat(key, col):
        vals = [float(r[col]) for r in runs.get(key, []) if r[col] not in ("", None)]
        return med(vals), (min(vals), max(vals)) if vals else (None, None)

    print("\n%-16s %5s %-14s %10s %17s %12s %12s %8s %8s %7s" % (
        "workload", "depth", "engine", "IOPS", "(min..max)", "IOPS/CPU-s", "IOPS/busy-s",
        "p50 us", "p99 us", "rounds"))
    for key in sorted(runs, key=lambda k: (k[0], k[1], k[2])):
        if key[0].startswith("nfs-") and key[0].endswith(("-default", "-batched")):
            continue	# the NFS matrix has its own table below
        iops, (lo, hi) = stat(key, "iops")
        pc, _ = stat(key, "iops_per_cpu_s")
        pb, _ = stat(key, "iops_per_busy_s")
        p50, _ = stat(key, "clat_p50_us")
        p99, _ = stat(key, "clat_p99_us")
        print("%-16s %5d %-14s %10.0f %17s %12s %12s %8s %8s %7d" % (
            key[0], key[1], key[2], iops, "(%.0f..%.0f)" % (lo, hi),
            "%.0f" % pc if pc else "-", "%.0f" % pb if pb else "-",
            "%.1f" % p50 if p50 else "-", "%.1f" % p99 if p99 else "-", len(runs[key])))

    def ratio(w, d, a, b, col):
        x, _ = stat((w, d, a), col)
        y, _ = stat((w, d, b), col)
        return x / y if x and y else None

    print("\nratios of medians (engine / fio's built-in equivalent; the NFS matrix has its own table):")
    for (w, d, e) in sorted(runs):
        base = {"nfsweep-uring": "io_uring", "nfsweep-aio": "libaio"}.get(e)
        if w.endswith(("-default", "-batched")):
            continue
        if not base or (w, d, base) not in runs:
            continue
        ri, rc = ratio(w, d, e, base, "iops"), ratio(w, d, e, base, "iops_per_cpu_s")
        rb = ratio(w, d, e, base, "iops_per_busy_s")
        print("  %-16s depth %-4d %-14s / %-9s IOPS %5.2fx   IOPS/CPU-s %s   IOPS/busy-s %s" % (
            w, d, e, base, ri, "%5.2fx" % rc if rc else "-", "%5.2fx" % rb if rb else "-"))

    ops = sorted({k[0] for k in runs if k[2] == "ops-uring"})
    if ops:
        print("\nnfsweep-ops, sfs2008 mix: io_uring (1 job, iodepth 32) / synchronous:")
    for w in ops:
        for base in ("ops-sync-32jobs", "ops-sync-1job"):
            ri = ratio(w, 32, "ops-uring", base, "iops")
            rc = ratio(w, 32, "ops-uring", base, "iops_per_cpu_s")
            rb = ratio(w, 32, "ops-uring", base, "iops_per_busy_s")
            print("  %-16s ops-uring / %-15s ops/s %s   ops/CPU-s %s   ops/busy-s %s" % (
                w, base, "%5.2fx" % ri if ri else "-", "%5.2fx" % rc if rc else "-",
                "%5.2fx" % rb if rb else "-"))

    ab = sorted(k for k in runs if "@" in k[2])
    if ab:
        print("\nA/B (AB=REV): this tree's engine / the same engine built from REV:")
    for (w, d, e) in ab:
        new = e.split("@")[0]
        if (w, d, new) not in runs:
            continue
        ri, rc = ratio(w, d, new, e, "iops"), ratio(w, d, new, e, "iops_per_cpu_s")
        ab_rounds = sorted(float(a["iops"]) / float(b["iops"])
                           for a, b in zip(runs[(w, d, new)], runs[(w, d, e)]) if float(b["iops"]) > 0)
        print("  %-16s depth %-4d %-14s / %-22s IOPS %5.2fx (rounds %s)   IOPS/CPU-s %s" % (
            w, d, new, e, ri, "%.2f..%.2f" % (ab_rounds[0], ab_rounds[-1]) if ab_rounds else "-",
            "%5.2fx" % rc if rc else "-"))

    if ("nfs-hosts-rand4k", 8, "3hosts-1job") in runs:
        w = "nfs-hosts-rand4k"
        print("\nseveral hosts, the same total load (3 jobs):")
        print("  %-16s 3hosts-1job / 1host-3jobs    IOPS %s   p99 %s" % (
            w, *("%5.2fx" % x if x else "-" for x in (
                ratio(w, 8, "3hosts-1job", "1host-3jobs", "iops"),
                ratio(w, 8, "3hosts-1job", "1host-3jobs", "clat_p99_us")))))

    goals = []

    def goal(text, w, d, a, b, col, need):
        """Judged on the median of per-round ratios (as the NFS matrix is): a ratio of
        medians can pair one engine's good round with the other's bad one."""
        rs = per_round(runs, (w, d, a), (w, d, b), col)
        value = statistics.median(rs) if rs else None
        met = value is not None and value >= need
        goals.append(met)
        print("  [%s] %-72s %s (need >= %.2fx)" % (
            "met" if met else "NOT MET", text,
            "%.2fx (%.2f..%.2f)" % (value, rs[0], rs[-1]) if rs else "n/a", need))

    print("\ngoals (issues 7, 14 and 17): medians of per-round ratios (min..max)")
    goal("depth 1, workload 1: nfsweep-uring / psync, IOPS",
         "rand4k-read", 1, "nfsweep-uring", "psync", "iops", 0.95)
    goal("depth 1, workload 1: nfsweep-uring / psync, IOPS per CPU-second",
         "rand4k-read", 1, "nfsweep-uring", "psync", "iops_per_cpu_s", 0.95)
    goal("depth 32, workload 1: nfsweep-uring / io_uring, IOPS per CPU-second",
         "rand4k-read", 32, "nfsweep-uring", "io_uring", "iops_per_cpu_s", 1.10)
    for (w, d, e) in sorted(runs):
        if e == "nfsweep-uring" and not w.startswith("nfs-") and (w, d) != ("rand4k-read", 32):
            goal("%s depth %d: nfsweep-uring / io_uring, IOPS per CPU-second" % (w, d),
                 w, d, e, "io_uring", "iops_per_cpu_s", 1.0)
    for (w, d, e) in sorted(runs):
        if e == "nfsweep-aio" and not w.startswith("nfs-"):
            goal("%s depth %d: nfsweep-aio / libaio, IOPS" % (w, d), w, d, e, "libaio", "iops", 1.0)
    for d in sorted({k[1] for k in runs if k[0] == "rand4k-read"}):
        goal("depth %d, workload 1: nfsweep-uring / t/io_uring (same depth), IOPS" % d,
             "rand4k-read", d, "nfsweep-uring", "t/io_uring", "iops", 0.9)
    if ("nfs-ops-sfs2008", 32, "ops-uring") in runs:
        w = "nfs-ops-sfs2008"
        goal("NFS, sfs2008 mix: ops-uring / ops-sync-32jobs, ops/s",
             w, 32, "ops-uring", "ops-sync-32jobs", "iops", 1.0)
        goal("NFS, sfs2008 mix: ops-uring / ops-sync-32jobs, ops per busy CPU-second",
             w, 32, "ops-uring", "ops-sync-32jobs", "iops_per_busy_s", 1.0)
        goal("NFS, sfs2008 mix: ops-uring / ops-sync-1job, ops/s",
             w, 32, "ops-uring", "ops-sync-1job", "iops", 4.0)
        if (w, 32, "rpc") in runs:
            # the same depth, each engine's RPCs as the server counted them: nfsweep-rpc sends
            # SPEC's mix itself, nfsweep-ops through the kernel's client (more RPCs per op)
            print("\nNFS, sfs2008 mix, 1 job at depth 32, the server's RPC counts "
                  "(medians, min..max):")
            for e in ("rpc", "ops-uring"):
                rs, (lo, hi) = stat((w, 32, e), "rpcs_per_s")
                rc, (clo, chi) = stat((w, 32, e), "rpcs_per_cpu_s")
                rb, (blo, bhi) = stat((w, 32, e), "rpcs_per_busy_s")
                if rs is None:
                    continue
                print("  %-10s RPC/s %7.0f (%.0f..%.0f)   per fio CPU-s %7.0f (%.0f..%.0f)"
                      "   per busy CPU-s %6.0f (%.0f..%.0f)" % (
                          e, rs, lo, hi, rc or 0, clo or 0, chi or 0, rb or 0, blo or 0, bhi or 0))
            print("  (fio's CPU leaves out the kernel client's own threads, which favours ops-uring;"
                  " busy CPU is the whole lab's, client and server)")
            for col, what in (("rpcs_per_s", "RPC/s"), ("rpcs_per_busy_s", "RPCs per busy CPU-s")):
                x = ratio(w, 32, "rpc", "ops-uring", col)
                if x:
                    print("  nfsweep-rpc / ops-uring, %s: %.2fx" % (what, x))
    ganesha(runs, traced, stat, goals)
    nfs_matrix(runs, traced, stat, goals)
    print("\n%d of %d goals met; numbers from one run on a shared machine: read the spreads" % (
        sum(goals), len(goals)))


def ganesha(runs, traced, stat, goals):
    """Workload 6: nfsweep-rpc against NFS-Ganesha on this machine, fio's nfs engine beside it."""
    keys = sorted(k for k in runs if k[0].startswith("ganesha-"))
    if not keys:
        return
    print("\nnfsweep-rpc against NFS-Ganesha on this machine, 1 job (medians, min..max); its RPCs "
          "its own count, fio's nfs engine's its 4 KiB reads:")
    for k in keys:
        rs, (lo, hi) = stat(k, "rpcs_per_s")
        rc, (clo, chi) = stat(k, "rpcs_per_cpu_s")
        print("  %-20s depth %3d  RPC/s %7.0f (%.0f..%.0f)   per fio CPU-s %7.0f (%.0f..%.0f)" % (
            k[0], k[1], rs or 0, lo or 0, hi or 0, rc or 0, clo or 0, chi or 0))
    # issue 50's goals: per CPU-second 1.5x fio's nfs engine, RPC/s at parity (the server's limit)
    for mix in ("read", "getattr"):
        for d in (16, 64):
            fio_nfs = ("ganesha-fio-nfs-read", d, "fio-nfs")
            if fio_nfs not in runs or ("ganesha-rpc-" + mix, d, "rpc") not in runs:
                continue
            for col, want, what in (("rpcs_per_cpu_s", 1.5, "RPCs per fio CPU-second"),
                                    ("rpcs_per_s", 0.95, "RPC/s")):
                rs = per_round(runs, ("ganesha-rpc-" + mix, d, "rpc"), fio_nfs, col)
                m = med(rs)
                ok = m is not None and m >= want
                goals.append(ok)
                print("  [%s] %s depth %d: %s at least %.2fx fio's nfs engine (issue 50): %s" % (
                    "met" if ok else "NOT MET", mix, d, what, want,
                    "%.2fx (per round %s)" % (m, ", ".join("%.2f" % r for r in rs)) if rs else "-"))
    for k in sorted(t for t in traced if t[0].startswith("ganesha-")):
        print("  %-20s depth %3d  system calls per RPC under strace -f (a 3-s run less a 1-s one): "
              "%.2f" % (k[0], k[1], traced[k]))
        if k[2] != "rpc":
            continue
        ok = traced[k] <= 1.5
        goals.append(ok)
        print("  [%s] %s depth %d: at most 1.5 system calls per RPC (issue 50): %.2f" % (
            "met" if ok else "NOT MET", k[0], k[1], traced[k]))


def per_round(runs, a, b, col, best_of=()):
    """Ratios a / b of one round's runs each (b: the best of best_of if given)."""
    def by_round(key):
        return {r["round"]: float(r[col]) for r in runs.get(key, []) if r[col] not in ("", None)}
    x = by_round(a)
    ys = [by_round(k) for k in (best_of or (b,))]
    out = []
    for rnd, v in x.items():
        base = [y[rnd] for y in ys if rnd in y]
        if len(base) == len(ys) and max(base) > 0:
            out.append(v / max(base))
    return sorted(out)


def nfs_matrix(runs, traced, stat, goals):
    """Issue 17: every NFS point, its goals met or not, with spreads."""
    pts = sorted({(k[0], k[1]) for k in runs if k[0].startswith("nfs-") and
                  k[0].endswith(("-default", "-batched"))})
    if not pts:
        return

    def fmt(rs):
        if not rs:
            return "%-19s" % "n/a"
        return "%5.2fx (%4.2f..%4.2f)" % (statistics.median(rs), rs[0], rs[-1])

    def mark(rs, need):
        met = bool(rs) and statistics.median(rs) >= need
        goals.append(met)
        return " " if met else "!"

    print("\nNFS in the lab (issue 17): medians of per-round ratios (min..max); '!' = goal not met")
    print("  U = nfsweep-uring, A = nfsweep-aio; best = the best of io_uring, libaio and psync that round;")
    print("  ctx/io: context switches per I/O of fio's threads + of io_uring's workers (iou-*)")
    print("  %-30s %5s  %-21s %-21s %-21s %-14s %-14s" % (
        "workload", "depth", "U / best, IOPS >= 1.0", "U / io_uring, busy >= 1.1",
        "A / libaio, IOPS >= 1.0", "ctx/io U", "ctx/io io_uring"))
    for (w, d) in pts:
        base = w.rsplit("-", 1)[0]
        best = ((w, d, "io_uring"), (w, d, "libaio"), (base + "-default", 1, "psync"))
        u = (w, d, "nfsweep-uring")
        r1 = per_round(runs, u, None, "iops", best)
        r2 = per_round(runs, u, (w, d, "io_uring"), "iops_per_busy_s")
        r3 = per_round(runs, (w, d, "nfsweep-aio"), (w, d, "libaio"), "iops")

        def ctx(e):
            f, _ = stat((w, d, e), "ctx_fio_per_io")
            q, _ = stat((w, d, e), "ctx_iowq_per_io")
            return "%.2f + %.2f" % (f, q) if f is not None and q is not None else "-"
        print("  %-30s %5d %s%s %s%s %s%s %-14s %-14s" % (
            w, d, mark(r1, 1.0), fmt(r1), mark(r2, 1.10), fmt(r2), mark(r3, 1.0), fmt(r3),
            ctx("nfsweep-uring"), ctx("io_uring")))
    for b in ("default", "batched"):
        w = "nfs-rand4k-read-" + b
        sq = (w, 32, "nfsweep-uring+sqpoll")
        if sq in runs:
            f, _ = stat(sq, "ctx_fio_per_io")
            q, _ = stat(sq, "ctx_iowq_per_io")
            print("  %-30s %5d  %s IOPS, %s per busy CPU-s, ctx/io %.2f + %.2f  (nfsweep-uring with "
                  "uring_sqpoll=1 / io_uring; not a default, not a goal)" % (
                      w, 32, fmt(per_round(runs, sq, (w, 32, "io_uring"), "iops")),
                      fmt(per_round(runs, sq, (w, 32, "io_uring"), "iops_per_busy_s")), f or 0, q or 0))
        if (w, 32, "t/io_uring") in runs:
            rs = per_round(runs, (w, 32, "nfsweep-uring"), (w, 32, "t/io_uring"), "iops")
            print("  %-30s %5d %s%s   (nfsweep-uring / t/io_uring, IOPS >= 0.9)" % (
                w, 32, mark(rs, 0.9), fmt(rs)))
    ab = sorted(k for k in runs if "@" in k[2] and k[0].startswith("nfs-"))
    if ab:
        print("  A/B, this tree's engine / REV's, IOPS:")
    for (w, d, e) in ab:
        if (w, d) in pts:
            print("  %-30s %5d  %-14s / %-22s %s" % (
                w, d, e.split("@")[0], e, fmt(per_round(runs, (w, d, e.split("@")[0]), (w, d, e), "iops"))))
    if traced:
        print("\n  syscalls per I/O of fio under strace -f (4 KiB random read, depth 32, start-up included):")
        for (w, d, e) in sorted(traced):
            print("  %-30s %5d %-14s %6.2f" % (w, d, e, traced[(w, d, e)]))


if __name__ == "__main__":
    if sys.argv[1] == "--header":
        print(",".join(COLUMNS))
    elif sys.argv[1] == "--emit":
        pairs = [a.split("=", 1) for a in sys.argv[2:]]
        if any(len(p) != 2 for p in pairs):
            sys.exit("bench_report --emit: NAME=VALUE expected: %s" % " ".join(sys.argv[2:]))
        sys.stdout.write(line(**dict(pairs)))
    elif sys.argv[1] == "--row":
        row(*sys.argv[2:8])
    elif sys.argv[1] == "--report":
        report(sys.argv[2])
    else:
        sys.exit(__doc__)
