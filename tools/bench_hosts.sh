#!/bin/bash
# bench_hosts.sh CSV ROUNDS RUNTIME - `make bench`'s several-hosts rows, run
# in the lab by bench.sh (lab/run --hosts 3): the same total load, 3 jobs of
# 4 KiB random reads (O_DIRECT, iodepth 8, nconnect=8), from one host and
# from three hosts of one job each, through nfsweep run --hosts, rounds
# interleaved. Rows of the bench CSV (workload nfs-hosts-rand4k, engines
# 1host-3jobs and 3hosts-1job: the aggregate IOPS and latency, from
# nfsweep's rows), then each host's IOPS and the start skew of every run.
set -u
csv=$1 rounds=$2 runtime=$3
top=$(cd "$(dirname "$0")/.." && pwd)
N=$top/build/harness/nfsweep
work=$(mktemp -d /tmp/nfsweep-bench-hosts.XXXXXX)
one=${LAB_HOSTS%%,*}
q=(--profile rand4k --mix 100 --target nc8=/mnt/nc8 --runtime "$runtime" --ramp 1 --size 64m
   --iodepth 8 --direct 1)
errors=0
for ((r = 1; r <= rounds; r++)); do
	# interleaved: the order turns every round
	order=("1host-3jobs" "3hosts-1job")
	((r % 2)) || order=("3hosts-1job" "1host-3jobs")
	for c in "${order[@]}"; do
		case $c in
		1host-3jobs) args=(--hosts "$one" --numjobs 3) ;;
		3hosts-1job) args=(--hosts "$LAB_HOSTS" --numjobs 1) ;;
		esac
		"$N" run "${args[@]}" "${q[@]}" --out "$work/$c-$r.csv" >"$work/$c-$r.log" 2>&1 ||
			{ echo "bench: hosts $c round $r failed: $(tail -2 "$work/$c-$r.log")" >&2
			  errors=$((errors + 1)); continue; }
		python3 - "$top/tools" "$work/$c-$r" "$c" "$r" >>"$csv" <<'PY'
import csv, sys
sys.path.insert(0, sys.argv[1])
from bench_report import line
base, conf, rnd = sys.argv[2:]
row = list(csv.DictReader(open(base + ".csv")))[0]
sys.stdout.write(line(workload="nfs-hosts-rand4k", iodepth=8, engine=conf, round=rnd,
                      iops="%.0f" % float(row["total_iops"]), clat_p50_us=row["read_clat_p50_us"],
                      clat_p99_us=row["read_clat_p99_us"]))
PY
	done
done
echo "bench: several hosts, the same total load (3 jobs of 4 KiB random reads, depth 8):"
python3 - "$work" <<'PY'
import csv, glob, os
for path in sorted(glob.glob(os.path.join(__import__("sys").argv[1], "*.hosts.csv"))):
    rows = list(csv.DictReader(open(path)))
    main = list(csv.DictReader(open(path.replace(".hosts.csv", ".csv"))))[0]
    skew = main["start_skew_ms"] or "-"
    print("  %-18s aggregate %8.0f IOPS = %s; start skew %s ms" % (
        os.path.basename(path)[:-10], float(main["total_iops"]),
        " + ".join("%.0f" % float(h["read_iops"] or 0) for h in rows), skew))
PY
rm -rf "$work"
exit $((errors > 0))
