#!/bin/bash
# nfsweep curve on a local directory: the peak run, then load points at
# 25 %..100 % of it; no point achieves more than its offer (fio's rate is a
# ceiling), and fio was asked for each offer exactly (its rate_iops per job and direction:
# whether it meets it is the machine's room, not the curve's); the rows validate, the ORT printed equals
# `nfsweep ort` on the rows, plot draws the curve; --stop-rt-ms stops early;
# bad input is refused.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
out=$T_DISK/c/curve.csv
mkdir -p "$T_DISK/c"
q=(--runtime 2 --ramp 1 --numjobs 2 --iodepth 8 --size 16m)
"$N" curve --profile rand4k --mix 70 --target local="$T_SHM" --points 4 "${q[@]}" --out "$out" \
	>"$T_DISK/c.out" 2>"$T_DISK/c.err" || { cat "$T_DISK/c.err"; fail "curve exited $?"; }
cat "$T_DISK/c.out"
"$N" validate "$out" || fail "curve rows do not validate"
python3 - "$out" <<'PY' || fail "curve rows"
import csv, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
def fio_json(r):
    return os.path.join(os.path.dirname(sys.argv[1]), r["fio_json"])
if [r["load_point"] for r in rows] != ["0", "1", "2", "3", "4"]:
    sys.exit("load points %s" % [r["load_point"] for r in rows])
if rows[0]["offered_iops"] != "":
    sys.exit("the peak run was throttled")
peak = float(rows[0]["total_iops"])
for r in rows[1:]:
    off, got = float(r["offered_iops"]), float(r["total_iops"])
    if abs(off - peak * int(r["load_point"]) / 4) > 1:
        sys.exit("load point %s offered %s, not %d%% of the peak %.0f" % (r["load_point"], off, 25 * int(r["load_point"]), peak))
    # the offer is a ceiling at every point (an unthrottled point would reach the peak)
    if got > off * 1.05:
        sys.exit("load point %s: achieved %.0f, above the %.0f offered" % (r["load_point"], got, off))
    # and fio was asked for exactly the offer: its rate_iops, per job and per direction (reads,
    # writes), times the jobs. (Whether fio then meets it is the machine's room: a check of the
    # achieved IOPS against the offer failed beside CI's other lane, at 89 %, and is not here.)
    j = json.load(open(fio_json(r)))
    job = dict(j["global options"], **j["jobs"][0]["job options"])
    rd, wr = (float(x) for x in job["rate_iops"].split(","))
    nj = int(r["numjobs"])
    if abs((rd + wr) * nj - off) > nj or abs(rd / (rd + wr) - 0.70) > 0.001:
        sys.exit("load point %s: fio asked for rate_iops=%s x %d jobs, the offer is %.0f" %
                 (r["load_point"], job["rate_iops"], nj, off))
    w = float(r["read_iops"]) / got
    if abs(w - 0.70) > 0.05:
        sys.exit("load point %s: read share %.2f, not 0.70" % (r["load_point"], w))
    if not float(r["rt_ms"]) > 0:
        sys.exit("no response time")
print("curve rows ok: peak %.0f IOPS" % peak)
PY
[ "$(tail -n 1 "$T_DISK/c.out")" = "$("$N" ort "$out" | tail -n 1)" ] ||
	fail "ORT printed $(tail -n 1 "$T_DISK/c.out"), recomputed from the rows $("$N" ort "$out" | tail -n 1)"
if "$T_TOP/tools/deps.sh" plot >/dev/null 2>&1; then
	"$N" plot "$out" | grep -q curve.png || fail "plot drew no curve chart"
	grep -q 'ORT' "$T_DISK/c/curve.svg" || fail "curve.svg has no ORT in its legend"
fi

# Poisson arrivals: fio's rate_process=poisson is really asked for, and the curve completes.
out3=$T_DISK/c/poisson.csv
"$N" curve --profile rand4k --mix 100 --target local="$T_SHM" --points 2 "${q[@]}" --poisson \
	--out "$out3" >/dev/null 2>&1 || fail "--poisson curve failed"
python3 "$T_HERE/results_check.py" "$out3" --rows 3 --status ok || fail "--poisson rows"
grep -q '"rate_process" : "poisson"' "$T_DISK"/c/fio/poisson/*-load1.json || fail "fio was not asked for Poisson arrivals"

out2=$T_DISK/c/stop.csv
"$N" curve --profile rand4k --mix 100 --target local="$T_SHM" --points 4 "${q[@]}" \
	--stop-rt-ms 0.000001 --out "$out2" >/dev/null 2>"$T_DISK/s.err"
grep -q 'passed --stop-rt-ms' "$T_DISK/s.err" || fail "--stop-rt-ms did not stop: $(cat "$T_DISK/s.err")"
python3 "$T_HERE/results_check.py" "$out2" --rows 2 || fail "--stop-rt-ms: rows"

expect2() {
	msg=$("$N" "$@" 2>&1)
	[ $? = 2 ] || fail "nfsweep $*: not refused ($msg)"
}
t=(--target local="$T_SHM" --out "$T_DISK/x.csv")
expect2 curve --profile rand4k --mix 100,0 "${t[@]}"
expect2 curve --profile rand4k,seq64k --mix 100 "${t[@]}"
expect2 curve --profile rand4k --mix 100 --points 1 "${t[@]}"
expect2 curve --profile rand4k --mix 100 --stop-rt-ms -1 "${t[@]}"
expect2 run --profile rand4k --points 3 "${t[@]}"
echo ok
