#!/bin/bash
# make sweep TARGETS=.. on the user's own mounts: the published method's
# settings, announced and recorded in the rows (libaio, O_DIRECT, 4 jobs of
# iodepth 128, 4 GiB, 600 s, no ramp); a target that is not NFS refused
# (exit 2, naming NFS=0) before anything runs; NFS=0 measures it anyway. On a user's client it
# installs only what a run needs: the build's packages and gnuplot, none of the tests' or the
# lab's (what make would run, make -n: the package groups deps.sh is asked for).
# target: disk
. "$(dirname "$0")/lib.sh"
groups=$(make -n -C "$T_TOP" sweep TARGETS="x=$T_SHM" | sed -n 's/^tools\/deps.sh //p' | sort -u | tr '\n' ' ')
[ "$groups" = "build " ] || fail "make sweep TARGETS=.. installs the groups '$groups', not only the build's"
grep -q 'deps.sh" plot' "$T_TOP/tools/sweep.sh" && ! grep -q 'deps.sh" \(test\|lab\)' "$T_TOP/tools/sweep.sh" ||
	fail "tools/sweep.sh installs more than gnuplot"
res=$T_DISK/results
msg=$(make -s -C "$T_TOP" sweep TARGETS="x=$T_SHM" RESULTS="$res" 2>&1)
rc=$?
[ $rc != 0 ] || fail "make sweep on a directory that is not NFS was not refused: $msg"
grep -q "is on tmpfs .*not NFS" <<<"$msg" || fail "the refusal does not say why: $msg"
grep -q "NFS=0" <<<"$msg" || fail "the refusal does not say how to measure it anyway: $msg"
grep -q -- "the published method: --engine libaio --direct 1 --numjobs 4 --iodepth 128 --size 4g --runtime 600 --ramp 0" <<<"$msg" ||
	fail "the published method is not announced: $msg"
[ -z "$(find "$res" -name '*.csv' 2>/dev/null)" ] || fail "a refused sweep wrote rows"
# a refusal for another reason gets no hint about NFS=0
msg=$(make -s -C "$T_TOP" sweep TARGETS="x=$T_SHM" MIX=110 RESULTS="$res" 2>&1)
grep -q -- "--mix" <<<"$msg" || fail "MIX=110 was not refused naming --mix: $msg"
grep -q "NFS=0" <<<"$msg" && fail "MIX=110's refusal hints at NFS=0: $msg"

# NFS=0, a quick version (the settings not overridden stay the published ones)
d=$T_DISK/t && mkdir -p "$d"
direct=1
direct_ok "$d" || direct=0	# an overlayfs root may refuse O_DIRECT
make -s -C "$T_TOP" sweep TARGETS="x=$d" NFS=0 PROFILES=rand4k MIX=100 RUNTIME=1 NUMJOBS=1 \
	SIZE=8m DIRECT=$direct RESULTS="$res" >"$T_DISK/out" 2>&1 ||
	{ cat "$T_DISK/out"; fail "make sweep NFS=0"; }
csv=$(find "$res" -name sweep.csv)
[ -f "$csv" ] || fail "no sweep.csv under $res"
python3 "$T_HERE/results_check.py" "$csv" --rows 1 --status ok --json || fail "make sweep's rows"
python3 - "$csv" "$direct" <<'PY' || fail "the rows do not hold the published method's settings"
import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline="")))[0]
want = {"engine": "libaio", "iodepth": "128", "numjobs": "1", "size": "8m", "runtime_s": "1",
        "ramp_s": "0", "direct": sys.argv[2], "read_pct": "100", "profile": "rand4k"}
bad = {k: r[k] for k, v in want.items() if r[k] != v}
if bad:
    sys.exit("got %s" % bad)
PY
echo ok
