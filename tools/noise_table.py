#!/usr/bin/env python3
"""noise_table.py DIR: the table of tools/noise-measure.sh's runs (DIR/rR-PROF-RUNTIME/s.csv).

Per point and length: the runs' mean and their spread from run to run (the standard deviation of
the logarithms, in % near enough), and from it the half-width of the interval `nfsweep compare`
gives a ratio of two sides of n repeats each (Welch's t on the logarithms, results/stats.c), at
95 % for one figure alone and at 1 - 0.05 / 130 for one figure of a comparison of two full
sweeps (about 130 figures, Benjamini and Hochberg's level when nothing is different); and the
fewest repeats a side that see a 10 % difference there. Every s.csv is read; one without a whole
ok row is named, and the exit status is 1."""
import math
import statistics
import sys

from measure_runs import ok_rows
from scipy.stats import t as student

REPEATS = (2, 3, 5, 10)


def half_width(sd, n, level):
    """The interval's half-width, in %, of the ratio of two sides of n repeats with spread sd."""
    return (math.exp(student.ppf(1 - (1 - level) / 2, 2 * n - 2) * sd * math.sqrt(2 / n)) - 1) * 100


def fewest(sd, level):
    for n in range(2, 101):
        if half_width(sd, n, level) < 10:
            return str(n)
    return "> 100"


def main(d):
    runs, bad = {}, []
    for m, row in ok_rows(d, r"r(\d+)-(seq64k|rand4k)-(\d+)", bad):
        _, prof, rt = m.groups()
        col = "total_mib_s" if prof == "seq64k" else "total_iops"
        runs.setdefault((prof, int(rt)), []).append(float(row[col]))
    heads = " | ".join(f"n={n}" for n in REPEATS)
    print(f"| point | runtime | runs | mean | run to run | 95 %, one figure: {heads} "
          f"| 10 % seen from | in 130 figures: {heads} | 10 % seen from |")
    print("|---|---|---|---|---|" + "---|" * (2 * len(REPEATS) + 2))
    for (prof, rt), v in sorted(runs.items()):
        if len(v) < 2:
            bad.append(f"{prof} {rt} s: {len(v)} run")
            continue
        sd = statistics.stdev(math.log(x) for x in v)
        unit = "MiB/s" if prof == "seq64k" else "IO/s"
        one = " | ".join(f"±{half_width(sd, n, 0.95):.1f} %" for n in REPEATS)
        fam = " | ".join(f"±{half_width(sd, n, 1 - 0.05 / 130):.1f} %" for n in REPEATS)
        print(f"| {prof} 100 % read nc1 | {rt} s | {len(v)} | {statistics.mean(v):.1f} {unit} | "
              f"{sd * 100:.1f} % | {one} | {fewest(sd, 0.95)} | {fam} | "
              f"{fewest(sd, 1 - 0.05 / 130)} |")
    for b in bad:
        print(f"noise_table: not used: {b}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: noise_table.py DIR")
    sys.exit(main(sys.argv[1]))
