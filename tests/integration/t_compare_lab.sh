#!/bin/bash
# compare tells a difference from noise, over real kernel NFS in the lab's cloud model (one
# boot): three runs of 4 KiB random reads and writes with 3 repeats each, their repeats in turn
# (run --repeat 1, then --repeat 2 --resume, ..: drift falls on all three alike, as the README
# says to do):
#  - A and A2, the same settings (label t on the nconnect=1 mount): compare A A2 calls at most
#    one figure different. Benjamini and Hochberg's rule at 5 % allows a false alarm in at most
#    5 % of such comparisons, and two in far fewer (about 0.5 % here), so the test allows one
#    and does not flap on the rule's own errors;
#  - A and B, a real change (label t on the nconnect=8 mount: the lab's random I/O gains about
#    3x from it): compare A B measures more than 1.5x and calls both totals better, each
#    interval above 1x, unless a disturbed repeat left an interval too wide to call (4x);
#  - compare of one file with both mounts as targets (--base nc1): the same, by the targets.
# Every judged figure of these comes from repeats, with its interval and level in the CSV.
# lab: --shaping cloud
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
N=$NFSWEEP
d=$T_DISK/cmp
mkdir -p "$d"
cat >"$d/guest.sh" <<'GUEST'
set -u
N=$1 d=$2
# (points of 1 s, no ramp: what is under test is compare's judgement of the repeats' spread,
# which a shorter point widens and never biases; the same settings, A and A2, get the same start)
q=(--profile rand4k --mix 100,0 --nfs --runtime 1 --ramp 0 --numjobs 2 --iodepth 8 --size 16m
   --no-report)
for r in 1 2 3; do
	rep=(--repeat "$r")
	[ "$r" = 1 ] || rep+=(--resume)
	"$N" run "${q[@]}" "${rep[@]}" --target t=/mnt/nc1 --out "$d/A/s.csv" || exit 1
	"$N" run "${q[@]}" "${rep[@]}" --target t=/mnt/nc1 --out "$d/A2/s.csv" || exit 1
	"$N" run "${q[@]}" "${rep[@]}" --target t=/mnt/nc8 --out "$d/B/s.csv" || exit 1
done
"$N" run "${q[@]}" --repeat 3 --target nc1=/mnt/nc1 --target nc8=/mnt/nc8 --out "$d/T/s.csv" ||
	exit 1
GUEST
"$T_TOP/lab/run" --shaping cloud --rw "$T_DISK" --timeout 900 -- bash "$d/guest.sh" "$N" "$d" \
	>"$d/lab.log" 2>&1 || { tail -20 "$d/lab.log"; fail "the lab's runs"; }
for f in A A2 B T; do
	"$N" validate "$d/$f/s.csv" >/dev/null || fail "$f/s.csv does not validate"
done
"$N" compare "$d/A/s.csv" "$d/A2/s.csv" --out "$d/same.csv" >"$d/same.txt" ||
	fail "compare A A2 exited $?"
"$N" compare "$d/A/s.csv" "$d/B/s.csv" --out "$d/real.csv" >"$d/real.txt" ||
	fail "compare A B exited $?"
"$N" compare "$d/T/s.csv" --base nc1 --out "$d/targets.csv" >"$d/targets.txt" ||
	fail "compare T --base nc1 exited $?"
cat "$d/same.txt" "$d/real.txt" "$d/targets.txt"
python3 - "$d" <<'PY' || fail "the verdicts"
import csv, sys
d = sys.argv[1]
def rows(name):
    return list(csv.DictReader(open(f"{d}/{name}.csv")))
def judged(rs):
    j = [r for r in rs if r["verdict"] != "not_judged"]
    for r in j:
        assert r["method"] == "repeats" and r["sides_n"] == "3+3", r
        lo, hi, g = float(r["ratio_low"]), float(r["ratio_high"]), float(r["ratio_geo"])
        assert lo <= g <= hi, r
        # called different exactly when the interval leaves out 1x
        assert (r["verdict"] != "no_difference") == (lo > 1 or hi < 1), r
        assert len({x["interval_pct"] for x in j}) == 1, "one level for the comparison"
    return j
same = judged(rows("same"))
# 2 points: the total of each, the read p99 of the reads, the write p99 of the writes
assert len(same) == 4, [(r["metric"], r["read_pct"], r["verdict"], r["why"]) for r in rows("same")]
alarms = [r for r in same if r["verdict"] != "no_difference"]
print("same settings: %d of %d called different" % (len(alarms), len(same)))
assert len(alarms) <= 1, alarms
real = judged(rows("real"))
for r in real:
    if r["metric"] == "total_iops":
        lo, hi, g = float(r["ratio_low"]), float(r["ratio_high"]), float(r["ratio_geo"])
        print("nconnect 8 over 1, %s%% read: %sx [%s, %s]" % (r["read_pct"], r["ratio_geo"],
              r["ratio_low"], r["ratio_high"]))
        # the gain itself, whatever the noise: about 3x, never under 1.5x
        assert g > 1.5, r
        # called better, unless a disturbed repeat made the interval too wide to call anything
        # (CI, points of 2 s: one of B's three repeats beside the other lane's build gave
        # [0.56, 12.4], where "no difference this data can show" is compare's right answer;
        # undisturbed, the intervals span about 1.1x, CI's [2.90, 3.13])
        if hi / lo <= 4:
            assert r["verdict"] == "better" and lo > 1, r
        else:
            print("  too noisy here to require a verdict: the interval spans %.1fx" % (hi / lo))
t = judged(rows("targets"))
points = [r for r in t if r["kind"] == "point"]
assert len(points) == 2 and all(r["verdict"] == "better" for r in points), points
PY
grep -q 'Benjamini-Hochberg at 5 % over the' "$d/same.txt" || fail "compare does not state its rule"
grep -q '\^' "$d/same.txt" && fail "a figure of repeats marked as judged by one run's seconds"
echo ok
