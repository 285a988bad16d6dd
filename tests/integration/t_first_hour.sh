#!/bin/bash
# What a new user meets in the first hour, on a local directory:
#  - --out in a directory that does not exist yet: made (README's first example);
#  - every row records what determines its numbers, and --resume with another
#    --engine, --iodepth, --numjobs, --runtime or --size is refused, naming
#    the first difference, before anything runs;
#  - two results files in one directory keep their fio output apart, and a
#    point run again by --resume keeps the first attempt's JSON;
#  - pre-mounted targets run interleaved point by point (--order by-target:
#    one after the other);
#  - --fio-opt reaches fio, is recorded, and nfsweep's own settings are refused
#    through it, naming the option to use.
# target: disk
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
check() { python3 "$T_HERE/results_check.py" "$@" || fail "results check: $*"; }
q=(--runtime 1 --ramp 0 --numjobs 1 --iodepth 4 --size 8m)
cd "$T_DISK" || exit 1

# 1. a results directory that does not exist yet
"$N" run --profile rand4k --mix 100,0 --target a="$T_SHM" "${q[@]}" --out new/dir/sweep.csv \
	2>"$T_DISK/1.err" || { cat "$T_DISK/1.err"; fail "--out in a directory that does not exist"; }
check new/dir/sweep.csv --rows 2 --status ok --json

# 2. the configuration on every row, and --resume refusing another one
python3 - new/dir/sweep.csv "$("$N" --version | awk '{ print $2 }')" <<'PY' || fail "the rows do not record their configuration"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
want = {"engine": "nfsweep-uring", "iodepth": "4", "numjobs": "1", "direct": "1", "size": "8m",
        "runtime_s": "1", "ramp_s": "0", "batch_submit": "1", "batch_complete_min": "1",
        "fio_opts": "", "nfsweep_version": sys.argv[2]}
for r in rows:
    for k, v in want.items():
        if r[k] != v:
            sys.exit("%s is %r, not %r" % (k, r[k], v))
    if not r["fio_version"].startswith("fio-"):
        sys.exit("fio_version %r" % r["fio_version"])
PY
base=(run --profile rand4k --mix "100,50,0" --target a="$T_SHM" --out new/dir/sweep.csv --resume)
for change in "--engine nfsweep-aio:engine" "--iodepth 8:iodepth" "--numjobs 2:numjobs" \
	"--runtime 2:runtime_s" "--size 16m:size" "--direct 0:direct" "--fio-opt norandommap=1:fio_opts"; do
	opt=${change%:*} col=${change#*:}
	cmd=("${base[@]}" "${q[@]}")
	# the changed option last: it wins over the quick default given before
	msg=$("$N" "${cmd[@]}" $opt 2>&1)
	rc=$?
	[ $rc = 2 ] || fail "--resume with $opt: exit $rc, not 2 ($msg)"
	grep -q "measured with $col '" <<<"$msg" || fail "--resume with $opt does not name $col: $msg"
done
check new/dir/sweep.csv --rows 2 --once
"$N" "${base[@]}" "${q[@]}" 2>/dev/null || fail "--resume with the same options"
check new/dir/sweep.csv --rows 3 --status ok --once --json

# 3. two results files in one directory; a point run again keeps both JSONs
"$N" run --profile rand4k --mix 100,0 --target a="$T_SHM" "${q[@]}" --out new/dir/other.csv \
	2>/dev/null || fail "a second results file in the same directory"
check new/dir/other.csv --rows 2 --json
check new/dir/sweep.csv --rows 3 --json
[ "$(ls new/dir/fio/sweep/*.json | wc -l)" = 3 ] && [ "$(ls new/dir/fio/other/*.json | wc -l)" = 2 ] ||
	fail "fio output of the two files mixed: $(ls -R new/dir/fio)"
"$N" run --profile rand4k --mix 100 --target a="$T_SHM" "${q[@]}" --fio-opt opendir=/no/such/dir \
	--out retry/s.csv 2>/dev/null
"$N" run --profile rand4k --mix 100 --target a="$T_SHM" "${q[@]}" --fio-opt opendir=/no/such/dir \
	--out retry/s.csv --resume 2>/dev/null
python3 - retry/s.csv <<'PY' || fail "a point run again overwrote its first attempt's JSON"
import csv, os, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
names = [r["fio_json"] for r in rows]
if len(rows) != 2 or len(set(names)) != 2 or not all(os.path.exists("retry/" + n) for n in names):
    sys.exit("attempts: %s" % names)
PY

# 4. interleaved by default, by target on request
"$N" run --profile rand4k --mix 100,0 --target a="$T_SHM" --target b="$T_DISK" "${q[@]}" \
	--out order/i.csv 2>/dev/null || fail "interleaved sweep"
"$N" run --profile rand4k --mix 100,0 --target a="$T_SHM" --target b="$T_DISK" "${q[@]}" \
	--order by-target --out order/t.csv 2>/dev/null || fail "by-target sweep"
[ "$(cut -d, -f9,16 order/i.csv | tail -n +2 | tr -d '\r' | tr '\n' ' ')" = "a,100 b,100 a,0 b,0 " ] ||
	fail "not interleaved: $(cut -d, -f9,16 order/i.csv | tr '\r\n' '  ')"
[ "$(cut -d, -f9,16 order/t.csv | tail -n +2 | tr -d '\r' | tr '\n' ' ')" = "a,100 a,0 b,100 b,0 " ] ||
	fail "--order by-target: $(cut -d, -f9,16 order/t.csv | tr '\r\n' '  ')"

# 5. --fio-opt
"$N" run --profile rand4k --mix 100 --target a="$T_SHM" "${q[@]}" --fio-opt norandommap=1 \
	--fio-opt bs=8k --out fo/s.csv 2>/dev/null || fail "--fio-opt run"
python3 - fo/s.csv <<'PY' || fail "--fio-opt did not reach fio, or is not recorded"
import csv, json, sys
r = list(csv.DictReader(open(sys.argv[1], newline="")))[0]
if r["fio_opts"] != "norandommap=1 bs=8k":
    sys.exit("fio_opts %r" % r["fio_opts"])
text = open("fo/" + r["fio_json"]).read()
j = json.loads(text[text.index("{\n"):])["jobs"][0]
if round(j["read"]["bw_bytes"] / j["read"]["iops"]) != 8192:
    sys.exit("the profile's bs=4k won over --fio-opt bs=8k")
PY
expect 2 "nfsweep sets iodepth itself; use --iodepth" run --profile rand4k --target a="$T_SHM" \
	--fio-opt iodepth=8 --out fo/x.csv
expect 2 "expected KEY=VALUE" run --profile rand4k --target a="$T_SHM" --fio-opt '=x' --out fo/x.csv
echo ok
