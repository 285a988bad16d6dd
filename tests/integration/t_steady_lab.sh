#!/bin/bash
# run --steady over real kernel NFS in the lab's cloud model (lab/README.md), one boot:
#  - the cloud model is steady: a 64 KiB sequential read point on nc8 ends early,
#    steady_attained=1, its window's throughput within 10 % of the whole run's;
#  - a bursting volume (LAB_BURST: a token bucket on the reads, sized from the rate just
#    measured so that the burst ends about 9 s in) with a cap of 14 s: every window fio can
#    judge holds the fall, and the point runs to the cap with steady_attained=0, listed by
#    summary; with a cap of 60 s it is steady only after the burst, at the throttled level,
#    while the whole run's mean is higher (the burst's and the throttle's mixed).
# lab: --shaping cloud
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
N=$NFSWEEP
d=$T_DISK/steady
mkdir -p "$d"
# the guest's part: the results and the bucket's size in $d
cat >"$d/guest.sh" <<'GUEST'
set -u
N=$1 d=$2
q=(--profile seq64k --mix 100 --target nc8=/mnt/nc8 --nfs --ramp 1 --numjobs 1 --iodepth 4
   --size 64m --steady --steady-window 10 --steady-criterion iops_slope:1%)
"$N" run "${q[@]}" --runtime 60 --out "$d/cloud/s.csv" || exit 1
# the bucket: a quarter of the rate just measured after it, and the burst over by ~9.5 s from
# the jobs' start (the ramp's second included), 5 % more for the headers on the wire
read -r rate bytes < <(python3 - "$d/cloud/s.csv" <<'PY'
import csv, sys
x = float(next(csv.DictReader(open(sys.argv[1])))["total_mib_s"]) * 1048576
print(int(x / 4), int((x - x / 4) * 9.5 * 1.05))
PY
)
echo "bucket: $bytes bytes, then $rate bytes/s" | tee "$d/bucket"
$LAB_BURST "$rate" "$bytes" || exit 1
"$N" run "${q[@]}" --runtime 14 --out "$d/burst14/s.csv" || exit 1
$LAB_BURST "$rate" "$bytes" || exit 1
"$N" run "${q[@]}" --runtime 60 --out "$d/burst60/s.csv" || exit 1
$LAB_SHAPE
GUEST
"$T_TOP/lab/run" --shaping cloud --rw "$T_DISK" --timeout 900 -- bash "$d/guest.sh" "$N" "$d" \
	>"$d/lab.log" 2>&1 || { tail -20 "$d/lab.log"; fail "the lab's steady points"; }
cat "$d/bucket"
for f in cloud burst14 burst60; do
	"$N" validate "$d/$f/s.csv" >/dev/null || fail "$f/s.csv does not validate"
done
python3 - "$d" <<'PY' || fail "the steady points"
import csv, sys
d = sys.argv[1]
def row(name):
    r = next(csv.DictReader(open(f"{d}/{name}/s.csv")))
    assert r["status"] == "ok", (name, r["status"], r["error"])
    return r
c, b14, b60 = row("cloud"), row("burst14"), row("burst60")
rate = float(open(f"{d}/bucket").read().split()[-2]) / 1048576
print("cloud: steady %s at %s s, window %s MiB/s, whole run %s" % (
    c["steady_attained"], c["steady_at_s"], c["steady_total_mib_s"], c["total_mib_s"]))
assert c["steady_attained"] == "1" and float(c["steady_at_s"]) < 55, c["steady_at_s"]
assert abs(float(c["steady_total_mib_s"]) / float(c["total_mib_s"]) - 1) < 0.10
print("burst, cap 14 s: steady %s, measure %s %%, whole run %s MiB/s" % (
    b14["steady_attained"], b14["steady_measure_pct"], b14["total_mib_s"]))
assert b14["steady_attained"] == "0" and not b14["steady_at_s"], "stopped on the burst"
print("burst, cap 60 s: steady %s at %s s, window %s MiB/s (the bucket's rate %.2f), whole run %s" % (
    b60["steady_attained"], b60["steady_at_s"], b60["steady_total_mib_s"], rate, b60["total_mib_s"]))
assert b60["steady_attained"] == "1", "never steady after the burst"
# steady only once a whole window is past the burst's end (~8.5 s into the measured time)
assert float(b60["steady_at_s"]) >= 8.5 + 10 - 3, b60["steady_at_s"]
# the throttled level, not the burst's: the whole run's mean holds the burst and is higher.
# (The bucket's RATE does not hold as asked: lo's tbf under the cloud's htb passes far less,
# lab/README.md; the level is measured, not the asked rate.)
w = float(b60["steady_total_mib_s"])
assert w < 0.5 * float(c["steady_total_mib_s"]), (w, c["steady_total_mib_s"])
assert float(b60["total_mib_s"]) > 1.2 * w, "the whole run's mean should hold the burst"
PY
"$N" summary "$d/burst14/s.csv" | grep -q '1 of them never steady' ||
	fail "summary does not list the bursting point: $("$N" summary "$d/burst14/s.csv" | tail -n 3)"
