#!/usr/bin/env python3
"""steady_table.py DIR: the table of tools/steady-measure.sh's runs (DIR/rR-PROF-MIX-TGT-WAY/s.csv).

Per point: the full-length figure (the whole run's: total_mib_s for seq64k, total_iops for
rand4k), the steady one (the window's: steady_total_mib_s, steady_total_iops), their ratio per
round (median and range), how many rounds fio found steady, and each way's wall time (median).
Then the sweep's time both ways: the sum over the points of each way's median. Every s.csv is
read; one without a whole ok row is named, and the exit status is 1."""
import statistics
import sys

from measure_runs import ok_rows


def main(d):
    runs, bad = {}, []
    for m, row in ok_rows(d, r"r(\d+)-(seq64k|rand4k)-(\d+)-(nc\d+)-(full|steady)", bad):
        rnd, prof, mix, tgt, way = m.groups()
        runs.setdefault((prof, int(mix), tgt), {}).setdefault(int(rnd), {})[way] = row
    print("| point | full | steady | steady/full, median [range] | steady in | time full | time steady |")
    print("|---|---|---|---|---|---|---|")
    totals = {"full": 0.0, "steady": 0.0}
    for (prof, mix, tgt), rounds in sorted(runs.items(), key=lambda kv: (kv[0][0], -kv[0][1], kv[0][2])):
        col, unit = ("mib_s", "MiB/s") if prof == "seq64k" else ("iops", "IO/s")
        ratios, full, steady, t, attained = [], [], [], {"full": [], "steady": []}, 0
        for rnd, ways in sorted(rounds.items()):
            if set(ways) != {"full", "steady"}:
                bad.append(f"{prof} {mix}% {tgt} round {rnd}: only {sorted(ways)}")
                continue
            f = float(ways["full"]["total_" + col])
            s = float(ways["steady"]["steady_total_" + col])
            full.append(f)
            steady.append(s)
            ratios.append(s / f)
            attained += ways["steady"]["steady_attained"] == "1"
            for w in t:
                t[w].append(float(ways[w]["duration_s"]))
        if not ratios:
            continue
        for w in t:
            totals[w] += statistics.median(t[w])
        print(f"| {prof} {mix}% read {tgt} | {statistics.median(full):.1f} {unit} | "
              f"{statistics.median(steady):.1f} | {statistics.median(ratios):.3f} "
              f"[{min(ratios):.3f}, {max(ratios):.3f}] | {attained} of {len(ratios)} | "
              f"{statistics.median(t['full']):.0f} s | {statistics.median(t['steady']):.0f} s |")
    print(f"\nthe {len(runs)} points, each way's median time summed: full {totals['full'] / 60:.1f} min, "
          f"--steady {totals['steady'] / 60:.1f} min")
    for b in bad:
        print(f"steady_table: {b}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: steady_table.py DIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
