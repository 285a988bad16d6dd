#!/usr/bin/env python3
"""bench_nfs.py - `make bench`'s NFS matrix (issue 17), run in the lab.

  bench_nfs.py CSV FILE ROUNDS RUNTIME QUICK ENGINE-DIR T/IO_URING [AB-ENGINE-DIR]

Every workload over NFS where nfsweep is used: 4 KiB random and 64 KiB
sequential reads and writes with O_DIRECT, and the reads buffered too; at
iodepth 1, 8, 32 and 128; with fio's default batching (each request
committed on its own, what a user who copies a published job gets) and
with batched submission (iodepth_batch_submit=8,
iodepth_batch_complete_max=8). The engines: fio's io_uring, libaio and
psync (psync once per workload: its depth is always 1), nfsweep-uring and
nfsweep-aio (and nfsweep-uring with SQPOLL at depth 32 on the random
read, to show what it does); and fio's t/io_uring at depth 32 on the 4 KiB random read,
the limit with no fio core at all.

One fio run per round holds every job, each behind a stonewall, in an
order rotated from round to round: one fio start-up per round, not one per
point (the emulator pays dearly for each process). Each job's exec_prerun
and exec_postrun record the machine's busy CPU time and the context
switches of each thread of the job's process, fio's own apart from its
io-wq workers (iou-wrk-*) and SQPOLL thread (iou-sqp-*): counts that carry
from one machine to another, where the emulator's times do not.

Then, once per engine for the depth-32 random read, a run of a fixed
number of requests under `strace -f -c`: syscalls per I/O (start-up
included, the same for every engine).

Rows go to CSV in bench.sh's columns."""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_report import job_figures, line as bench_line  # noqa: E402

# fio runs exec_prerun/exec_postrun through system(): $PPID of that shell
# is the job's process. One cat, no script: the emulator pays for each
# process (parsed in read_snap()).
SNAP = "cat /proc/stat /proc/$PPID/task/*/status"

WORKLOADS = [
    # name, rw, bs, direct
    ("nfs-rand4k-read", "randread", "4k", 1),
    ("nfs-rand4k-write", "randwrite", "4k", 1),
    ("nfs-seq64k-read", "read", "64k", 1),
    ("nfs-seq64k-write", "write", "64k", 1),
    ("nfs-rand4k-read-buffered", "randread", "4k", 0),
    ("nfs-seq64k-read-buffered", "read", "64k", 0),
]


def configs(quick):
    """(workload, rw, bs, direct, depth, batching) of the matrix."""
    depths = (1, 32) if quick else (1, 8, 32, 128)
    loads = WORKLOADS[:1] + WORKLOADS[2:3] if quick else WORKLOADS
    for (w, rw, bs, direct) in loads:
        for d in depths:
            for b in (("default",) if d == 1 else ("default", "batched")):
                yield (w, rw, bs, direct, d, b)


def engines(edir, abdir):
    e = {"io_uring": "io_uring", "libaio": "libaio",
         "nfsweep-uring": "external:%s/nfsweep-uring.so" % edir,
         "nfsweep-aio": "external:%s/nfsweep-aio.so" % edir}
    if abdir:
        rev = os.path.basename(os.path.dirname(abdir.rstrip("/")))
        e["nfsweep-uring@" + rev] = "external:%s/nfsweep-uring.so" % abdir
        e["nfsweep-aio@" + rev] = "external:%s/nfsweep-aio.so" % abdir
    return e


def points(quick, engs):
    """Every (workload-variant, depth, engine, fio options) of a round."""
    out = []
    for (w, rw, bs, direct, d, b) in configs(quick):
        name = "%s-%s" % (w, b)
        opts = ["rw=%s" % rw, "bs=%s" % bs, "direct=%d" % direct, "iodepth=%d" % d]
        if b == "batched":
            n = min(8, d)
            opts += ["iodepth_batch_submit=%d" % n, "iodepth_batch_complete_max=%d" % n]
        for e, arg in engs.items():
            out.append((name, d, e, opts + ["ioengine=%s" % arg]))
        if d == 1:
            out.append((name, d, "psync", opts + ["ioengine=psync"]))
        if w == "nfs-rand4k-read" and d == 32:
            # SQPOLL: no submit syscall at all, for a polling kernel thread.
            out.append((name, d, "nfsweep-uring+sqpoll",
                        opts + ["ioengine=%s" % engs["nfsweep-uring"], "uring_sqpoll=1"]))
    return out


def rotate(seq, n):
    n %= len(seq)
    return seq[n:] + seq[:n]


def read_snap(path):
    """Busy jiffies of the machine, and {tid: (name, context switches)} of the job's threads."""
    busy, tasks, name, tid, vol = None, {}, "", "", 0
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "cpu":
            busy = sum(int(x) for x in (f[1], f[2], f[3], f[6], f[7]))
        elif f[0] == "Name:":
            name = f[1]
        elif f[0] == "Pid:":
            tid = f[1]
        elif f[0] == "voluntary_ctxt_switches:":
            vol = int(f[1])
        elif f[0] == "nonvoluntary_ctxt_switches:":
            tasks[tid] = (name, vol + int(f[1]))
    if busy is None or not tasks:
        raise ValueError("%s: no /proc/stat or no task of the job" % path)
    return busy, tasks


def ctx_delta(pre, post):
    """Context switches between the two snapshots, fio's threads and io_uring's."""
    fio = iowq = 0
    for t, (name, n) in post.items():
        d = n - pre.get(t, (name, 0))[1]
        if name.startswith("iou-"):
            iowq += d
        else:
            fio += d
    return fio, iowq


def run_round(points_, f, size, runtime, rnd, csv, tmp):
    jobs = ["[global]", "filename=%s" % f, "size=%s" % size, "time_based",
            "runtime=%s" % runtime, "stonewall", "exec_prerun=%s" % SNAP,
            "exec_postrun=%s" % SNAP, ""]
    names = []
    for i, (w, d, e, opts) in enumerate(rotate(points_, rnd - 1)):
        n = "j%d" % i
        names.append((n, w, d, e))
        jobs += ["[%s]" % n] + opts + [""]
    jf = os.path.join(tmp, "round.fio")
    with open(jf, "w") as j:
        j.write("\n".join(jobs))
    res = subprocess.run(["fio", "--output-format=json", jf], cwd=tmp, capture_output=True, text=True)
    text = res.stdout
    if "{" not in text:
        sys.stderr.write("bench: NFS matrix round %d: fio failed: %s\n" % (rnd, res.stderr[:400]))
        return len(names)
    done = {j["jobname"]: j for j in json.loads(text[text.index("{"):])["jobs"]}
    errors = 0
    hz = os.sysconf("SC_CLK_TCK")
    for (n, w, d, e) in names:
        job = done.get(n)
        try:
            b0, t0 = read_snap(os.path.join(tmp, "%s.prerun.txt" % n))
            b1, t1 = read_snap(os.path.join(tmp, "%s.postrun.txt" % n))
        except (OSError, ValueError, IndexError):
            job = None
        if not job or job.get("error"):
            sys.stderr.write("bench: NFS matrix %s depth %d %s: failed (error %s)\n" %
                             (w, d, e, job.get("error") if job else "no result"))
            errors += 1
            continue
        ios, iops, p50, p99, cpu_s = job_figures(job)
        busy_s = (b1 - b0) / hz
        cf, cw = ctx_delta(t0, t1)
        csv.write(bench_line(workload=w, iodepth=d, engine=e, round=rnd, iops="%.0f" % iops,
                       cpu_s="%.3f" % cpu_s, iops_per_cpu_s="%.0f" % (ios / cpu_s if cpu_s > 0 else 0),
                       clat_p50_us=p50, clat_p99_us=p99,
                       iops_per_busy_s="%.0f" % (ios / busy_s if busy_s > 0 else 0),
                       ctx_fio_per_io="%.3f" % (cf / ios) if ios else "",
                       ctx_iowq_per_io="%.3f" % (cw / ios) if ios else ""))
    return errors


def tio_round(tio, f, runtime, rnd, csv):
    """fio's t/io_uring on the same file, depth 32, both batchings: no fio core at all."""
    errors = 0
    for b, n in (("default", 1), ("batched", 8)):
        # It prints IOPS once a second from its second second on.
        r = subprocess.run([tio, "-d32", "-s%d" % n, "-c%d" % n, "-b4096", "-p0", "-B0", "-F0", "-O1",
                            "-r%d" % (int(runtime) + 1), f], capture_output=True, text=True)
        vals = []
        for line in (r.stdout + r.stderr).splitlines():
            if line.startswith("IOPS="):
                v = line[5:].split(",")[0]
                m = {"K": 1e3, "M": 1e6}.get(v[-1:], 1)
                vals.append(float(v.rstrip("KM")) * m)
        if not vals:
            sys.stderr.write("bench: t/io_uring on NFS (%s) failed: %s\n" % (b, (r.stdout + r.stderr)[:300]))
            errors += 1
            continue
        vals.sort()
        csv.write(bench_line(workload="nfs-rand4k-read-%s" % b, iodepth=32, engine="t/io_uring", round=rnd,
                       iops="%.0f" % vals[(len(vals) - 1) // 2]))
    return errors


def syscalls(engs, f, size, csv, tmp, quick):
    """Syscalls per I/O of fio's job under strace, for the depth-32 random read."""
    errors = 0
    n = 2000 if quick else 8000
    for b in ("default", "batched"):
        for e, arg in list(engs.items()) + [("psync", "psync")]:
            if "@" in e:
                continue
            out = os.path.join(tmp, "strace.txt")
            opts = ["--rw=randread", "--bs=4k", "--direct=1", "--iodepth=32"]
            if b == "batched":
                opts += ["--iodepth_batch_submit=8", "--iodepth_batch_complete_max=8"]
            r = subprocess.run(["strace", "-f", "-c", "-o", out, "fio", "--name=s", "--filename=%s" % f,
                                "--size=%s" % size, "--number_ios=%d" % n, "--output=/dev/null",
                                "--ioengine=%s" % arg] + opts, capture_output=True, text=True)
            total = None
            if r.returncode == 0 and os.path.exists(out):
                for line in open(out):
                    x = line.split()
                    if x and x[-1] == "total":
                        total = int(x[3])	# % time, seconds, usecs/call, calls
            if total is None:
                sys.stderr.write("bench: strace of %s failed: %s\n" % (e, r.stderr[:300]))
                errors += 1
                continue
            csv.write(bench_line(workload="nfs-rand4k-read-%s" % b, iodepth=32, engine=e, round="strace",
                           syscalls_per_io="%.3f" % (total / n)))
    return errors


def main():
    path, f, rounds, runtime, quick, edir, tio = sys.argv[1:8]
    abdir = sys.argv[8] if len(sys.argv) > 8 else ""
    quick = quick not in ("", "0")
    size = "64m"
    engs = engines(os.path.abspath(edir), abdir and os.path.abspath(abdir))
    pts = points(quick, engs)
    errors = 0
    with tempfile.TemporaryDirectory() as tmp, open(path, "a") as csv:
        for rnd in range(1, int(rounds) + 1):
            t0 = time.monotonic()
            errors += run_round(pts, f, size, runtime, rnd, csv, tmp)
            errors += tio_round(tio, f, runtime, rnd, csv)
            csv.flush()
            sys.stderr.write("bench: NFS matrix round %d of %s done (%d points, %.0f s)\n" % (
                rnd, rounds, len(pts), time.monotonic() - t0))
        errors += syscalls(engs, f, size, csv, tmp, quick)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
