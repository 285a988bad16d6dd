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
#    through it, naming the option to use;
#  - the small things of issue 48: plan's estimate of a huge --runtime, one
#    directory under two labels, an --out that cannot be made, a results
#    directory named instead of its sweep.csv, an unknown --profile.
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

# 7. plan's estimate of the longest --runtime: no int overflow into a negative
out=$("$N" plan --profile rand4k --mix 100 --target a="$T_SHM" --runtime 2147483647 | tail -n 1)
grep -q '^1 points, about 35791394 min at 10 s ramp + 2147483647 s runtime each$' <<<"$out" ||
	fail "plan's estimate of --runtime 2147483647: $out"
# 8. one directory under two labels (and spelt two ways): compared with itself, refused
expect 2 "--target a=$T_SHM and --target b=$T_SHM/ are one directory" plan --profile rand4k \
	--target a="$T_SHM" --target b="$T_SHM/"
ln -s "$T_SHM" "$T_DISK/shm-link"
expect 2 "are one directory: it would be compared with itself" run --profile rand4k \
	--target a="$T_SHM" --target b="$T_DISK/shm-link" --out fo/twice.csv
[ -e fo/twice.csv ] && fail "a refused run wrote fo/twice.csv"
# 9. an --out that cannot be made names --out, then the directory that failed
expect 3 "--out /proc/nfsweep/sweep.csv: mkdir /proc/nfsweep: No such file or directory" run \
	--profile rand4k --mix 100 --target a="$T_SHM" "${q[@]}" --out /proc/nfsweep/sweep.csv
expect 3 "--out /proc/sweep.csv: mkdir /proc/fio, for fio's output beside the results" run \
	--profile rand4k --mix 100 --target a="$T_SHM" "${q[@]}" --out /proc/sweep.csv
# 10. a results directory for its sweep.csv (make sweep's name), or a clear refusal
mkdir -p rd && cp new/dir/sweep.csv rd/ && cp -r new/dir/fio rd/ 2>/dev/null
cp new/dir/sweep.run.csv rd/ 2>/dev/null
for c in validate summary; do
	"$N" $c rd >"$T_DISK/$c.out" 2>&1 || fail "nfsweep $c DIR: exit $?: $(cat "$T_DISK/$c.out")"
done
grep -q 'rd/sweep.csv: 3 rows, schema' "$T_DISK/validate.out" || fail "validate DIR: $(cat "$T_DISK/validate.out")"
grep -q '^rand4k: total IOPS' "$T_DISK/summary.out" || fail "summary DIR: $(cat "$T_DISK/summary.out")"
expect 2 "fo is a directory with no sweep.csv: name its results file (fo/NAME.csv)" summary fo
# 11. an unknown --profile lists the known ones
expect 2 "--profile rand4kk: no such profile in .* (it has: .*rand4k, seq64k" run \
	--profile rand4kk --target a="$T_SHM" --out fo/x.csv
echo ok
