#!/bin/bash
# bench_ganesha.sh CSV ROUNDS RUNTIME ENGINE-SO: make bench's workload 6, run by bench.sh inside
# lab/ganesha's namespaces: nfsweep-rpc against NFS-Ganesha on this machine, READs and GETATTRs
# (rpc_mix read:100 and getattr:100) at iodepth 16 and 64 (8 spare names a directory, so that
# 64 CREATEs could be in flight: one set for both depths), one job, interleaved rounds; the RPCs
# are the engine's own count (rpc_sent less the layout's: Ganesha's counters need D-Bus). Then
# one run of each mix at depth 16 under strace -f -c: system calls per RPC (counted, not timed).
set -u
csv=$1 rounds=$2 runtime=$3 so=$4
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/nfsweep-bench-ganesha.XXXXXX) || exit 1
trap 'rm -rf "$dir"' EXIT
errors=0
busy_jiffies() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
# the RPCs a job sent in its run: every procedure's count less the layout's (rpc_stats=FILE)
run_rpcs() {
	python3 -c 'import json, sys
n = 0
for l in open(sys.argv[1]):
    j = json.loads(l)
    n += sum(j["rpc_sent"].values()) - sum(j["rpc_setup"].values())
print(n)' "$1"
}
job() {	# job MIX DEPTH RUNTIME ARGS..: fio's JSON on stdout, its rpc_stats in $dir/stats
	local mix=$1 depth=$2 rt=$3
	shift 3
	rm -f "$dir/stats"
	fio --name="g$mix" --ioengine=external:"$so" --rpc_url="$GANESHA_URL" --rpc_mix="$mix:100" \
		--rw=randrw --bs=1 --size=1m --iodepth="$depth" --numjobs=1 --time_based --runtime="$rt" \
		--rpc_spares_per_dir=8 --rpc_stats="$dir/stats" --output-format=json "$@" 2>"$dir/err"
}
# the sets laid out first, untimed (one per mix: a job's set is named for its job)
for mix in read getattr; do
	job "$mix" 16 1 >/dev/null || { echo "bench: ganesha $mix layout failed: $(head -3 "$dir/err")" >&2; exit 1; }
done
for ((r = 1; r <= rounds; r++)); do
	for c in read:16 getattr:16 read:64 getattr:64; do
		mix=${c%:*} d=${c#*:}
		b0=$(busy_jiffies)
		json=$(job "$mix" "$d" "$runtime") ||
			{ echo "bench: ganesha $c failed: $(head -3 "$dir/err")" >&2; errors=$((errors + 1)); continue; }
		b1=$(busy_jiffies)
		python3 "$top/tools/bench_report.py" --row "ganesha-rpc-$mix" "$d" rpc "$r" \
			"$(( b1 - b0 ))" "$(run_rpcs "$dir/stats")" <<<"$json" >> "$csv" ||
			{ echo "bench: ganesha $c: unreadable JSON" >&2; errors=$((errors + 1)); }
	done
done
for mix in read getattr; do
	rm -f "$dir/stats"
	strace -f -c -o "$dir/strace" fio --name="g$mix" --ioengine=external:"$so" --rpc_url="$GANESHA_URL" \
		--rpc_mix="$mix:100" --rw=randrw --bs=1 --size=1m --iodepth=16 --numjobs=1 --time_based \
		--runtime=2 --rpc_spares_per_dir=8 --rpc_stats="$dir/stats" --output-format=json \
		>/dev/null 2>"$dir/err" ||
		{ echo "bench: ganesha $mix under strace failed: $(head -3 "$dir/err")" >&2; errors=$((errors + 1)); continue; }
	calls=$(awk '$NF == "total" { print $4 }' "$dir/strace")
	rpcs=$(run_rpcs "$dir/stats")
	python3 "$top/tools/bench_report.py" --emit workload="ganesha-rpc-$mix" iodepth=16 engine=rpc \
		round=strace syscalls_per_io="$(awk -v c="$calls" -v n="$rpcs" 'BEGIN { printf "%.2f", n ? c / n : 0 }')" \
		>> "$csv"
done
exit $((errors > 0))
