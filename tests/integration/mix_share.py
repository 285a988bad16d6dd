"""The share an operation got in FILE.ops.csv against the share asked of
the mix: the engine draws each operation at random, so a job's N
operations give a binomial share. Within 4 standard deviations (at least 1
point) a mix is as asked: a wrong weight fails, chance fails about once in
16,000 checks (a fixed 3 points failed CI: 42.2 % for 39 % asked over 1,806
operations, 2.8 standard deviations)."""
import math


def share_ok(share_pct, asked_pct, job_total):
    p = asked_pct / 100.0
    sd = 100.0 * math.sqrt(p * (1 - p) / job_total) if job_total else 100.0
    return abs(share_pct - asked_pct) <= max(1.0, 4 * sd)
