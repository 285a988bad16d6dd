#!/bin/bash
# bench_ganesha.sh CSV ROUNDS RUNTIME ENGINE-SO: make bench's workload 6, run by bench.sh inside
# lab/ganesha's namespaces: nfsweep-rpc against NFS-Ganesha on this machine, READs and GETATTRs
# (rpc_mix read:100 and getattr:100) at iodepth 16 and 64 (8 spare names a directory, so that
# 64 CREATEs could be in flight: one set for both depths), and beside them fio's own nfs engine
# (4 KiB random reads of an 8 MiB file, libnfs's high-level API) where the fio run has it
# (BENCH_FIO: bench.sh passes the lab's fio, built with libnfs from the tree the engines build
# against), one job, interleaved rounds; the RPCs are the engine's own count (rpc_sent less the
# layout's: Ganesha's counters need D-Bus), fio's nfs engine's its reads. Then system calls per
# RPC at depth 16 under strace -f -c, counted, not timed: the difference between a 1-s and a 3-s
# run over the difference of their RPCs, so that start-up and the layout's lookups cancel.
set -u
csv=$1 rounds=$2 runtime=$3 so=$4
fio=${BENCH_FIO:-fio}
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
	"$fio" --name="g$mix" --ioengine=external:"$so" --rpc_url="$GANESHA_URL" --rpc_mix="$mix:100" \
		--rw=randrw --bs=1 --size=1m --iodepth="$depth" --numjobs=1 --time_based --runtime="$rt" \
		--rpc_spares_per_dir=8 --rpc_stats="$dir/stats" --output-format=json "$@" 2>"$dir/err"
}
nfs_job() {	# nfs_job DEPTH RUNTIME ARGS..: fio's nfs engine, its JSON on stdout
	local depth=$1 rt=$2
	shift 2
	"$fio" --name=fnfs --ioengine=nfs --nfs_url="$GANESHA_URL" --filename=fnfs.dat --rw=randread \
		--bs=4k --size=8m --iodepth="$depth" --numjobs=1 --time_based --runtime="$rt" \
		--output-format=json "$@" 2>"$dir/err"
}
nfs_reads() { python3 -c 'import json, sys; print(json.load(sys.stdin)["jobs"][0]["read"]["total_ios"])'; }
# the sets laid out first, untimed (one per mix: a job's set is named for its job)
for mix in read getattr; do
	job "$mix" 16 1 >/dev/null || { echo "bench: ganesha $mix layout failed: $(head -3 "$dir/err")" >&2; exit 1; }
done
configs="read:16 getattr:16 read:64 getattr:64" traced_mixes="read getattr"
if "$fio" --enghelp=nfs >/dev/null 2>&1; then
	"$fio" --name=lay --ioengine=nfs --nfs_url="$GANESHA_URL" --filename=fnfs.dat --rw=write --bs=64k \
		--size=8m --output=/dev/null 2>"$dir/err" ||
		{ echo "bench: ganesha: fio's nfs engine's layout failed: $(head -3 "$dir/err")" >&2; exit 1; }
	configs+=" nfs:16 nfs:64" traced_mixes+=" nfs"
else
	echo "bench: ganesha: $fio has no nfs engine (libnfs): fio's own engine left out" >&2
fi
for ((r = 1; r <= rounds; r++)); do
	for c in $configs; do
		mix=${c%:*} d=${c#*:}
		b0=$(busy_jiffies)
		if [ "$mix" = nfs ]; then
			json=$(nfs_job "$d" "$runtime") && rpcs=$(nfs_reads <<<"$json")
		else
			json=$(job "$mix" "$d" "$runtime") && rpcs=$(run_rpcs "$dir/stats")
		fi || { echo "bench: ganesha $c failed: $(head -3 "$dir/err")" >&2; errors=$((errors + 1)); continue; }
		b1=$(busy_jiffies)
		w=ganesha-rpc-$mix e=rpc
		[ "$mix" = nfs ] && w=ganesha-fio-nfs-read e=fio-nfs
		python3 "$top/tools/bench_report.py" --row "$w" "$d" "$e" "$r" "$(( b1 - b0 ))" "$rpcs" \
			<<<"$json" >> "$csv" || { echo "bench: ganesha $c: unreadable JSON" >&2; errors=$((errors + 1)); }
	done
done
# traced RT MIX: "RPCS SYSCALLS" of one run of RT s at depth 16 under strace -f -c
traced() {
	local rt=$1 mix=$2 json n
	rm -f "$dir/stats"
	if [ "$mix" = nfs ]; then
		json=$(strace -f -c -o "$dir/strace" "$fio" --name=fnfs --ioengine=nfs --nfs_url="$GANESHA_URL" \
			--filename=fnfs.dat --rw=randread --bs=4k --size=8m --iodepth=16 --numjobs=1 \
			--time_based --runtime="$rt" --output-format=json 2>"$dir/err") &&
			n=$(nfs_reads <<<"$json")
	else
		strace -f -c -o "$dir/strace" "$fio" --name="g$mix" --ioengine=external:"$so" \
			--rpc_url="$GANESHA_URL" --rpc_mix="$mix:100" --rw=randrw --bs=1 --size=1m --iodepth=16 \
			--numjobs=1 --time_based --runtime="$rt" --rpc_spares_per_dir=8 --rpc_stats="$dir/stats" \
			--output-format=json >/dev/null 2>"$dir/err" && n=$(run_rpcs "$dir/stats")
	fi || return 1
	echo "$n $(awk '$NF == "total" { print $4 }' "$dir/strace")"
}
for mix in $traced_mixes; do
	if ! a=$(traced 1 "$mix") || ! b=$(traced 3 "$mix"); then
		echo "bench: ganesha $mix under strace failed: $(head -3 "$dir/err")" >&2
		errors=$((errors + 1))
		continue
	fi
	w=ganesha-rpc-$mix e=rpc
	[ "$mix" = nfs ] && w=ganesha-fio-nfs-read e=fio-nfs
	python3 "$top/tools/bench_report.py" --emit workload="$w" iodepth=16 engine="$e" round=strace \
		syscalls_per_io="$(python3 -c 'import sys; a, b = sys.argv[1].split(), sys.argv[2].split()
n = int(b[0]) - int(a[0]); print("%.2f" % ((int(b[1]) - int(a[1])) / n if n > 0 else 0))' "$a" "$b")" >> "$csv"
done
exit $((errors > 0))
