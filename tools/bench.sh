#!/bin/bash
# bench.sh - `make bench`: nfsweep's engines against fio's own, measured side
# by side in one run: interleaved rounds (each round runs every engine once,
# in a rotating order), median and spread over the rounds, ratios to fio's
# built-in equivalent. Workloads:
#   1. 4 KiB random reads of a page-cached tmpfs file, buffered, one job,
#      iodepth 1, 32 (and 128): psync, io_uring, nfsweep-uring, libaio,
#      nfsweep-aio, and fio's t/io_uring built from the same source tree
#   2. 64 KiB sequential reads and writes of the same file, iodepth 32
#   3. over NFS in the lab (nconnect=8), the matrix of issue 17
#      (tools/bench_nfs.py): 4 KiB random and 64 KiB sequential reads and
#      writes, O_DIRECT and buffered reads, iodepth 1, 8, 32, 128, fio's
#      default batching and batched submission; every engine, t/io_uring at
#      depth 32; context switches per I/O of fio and of io-wq, and syscalls
#      per I/O under strace (emulator times: ratios only)
#   5. several load generators (lab --hosts 3): the same total load from one
#      host and from three, aggregate and per host, and the start skew
#      (tools/bench_hosts.sh)
#   6. nfsweep-rpc against NFS-Ganesha on this machine (lab/ganesha, no guest): READs and
#      GETATTRs at iodepth 16 and 64 beside fio's own nfs engine (the lab's fio, with libnfs),
#      RPCs per second and per fio CPU-second, and system calls per RPC under strace
#      (tools/bench_ganesha.sh; NO_GANESHA=1 leaves it out)
#   4. nfsweep-ops, SPECsfs2008's operation mix, on a tmpfs directory and
#      over NFS in the lab (actimeo=0, 2 ms round trips): io_uring (one
#      job, iodepth 32) against ops_exec=sync at the same concurrency (32
#      jobs, one operation each) and against one synchronous job; ops/s
#      and ops per CPU-second. Over NFS also nfsweep-rpc (SFS 2008's mix in
#      RPCs of its own, libnfs) at the same depth, and for each the RPCs the
#      server counted (fio's exec_prerun to exec_postrun): RPCs per second,
#      per fio CPU-second and per busy CPU-second
# Output: a table with the goals of issues 7, 14 and 17 (met or not) and the raw runs in
# results/bench/<timestamp>.csv. QUICK=1: a short version for CI, which
# fails only when a run errors, never on a number.
# bench.sh --in-lab CSV: workload 3 only, run by bench.sh itself in the lab.
# AB=REV: also the engines of git revision REV, built beside this tree's
# (build/bench-ab/REV) and run in the same rounds as nfsweep-uring@REV and
# nfsweep-aio@REV: the A/B of a change to the engines, ratios new / REV.
# BENCH_LAB_BACKEND=qemu|uml: the backend of the NFS matrix (default: the
# lab's own choice, qemu where KVM can run a stock kernel, else UML).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
in_lab=""
if [ "${1:-}" = --in-lab ]; then in_lab=$2; fi
build=$top/build
quick=${QUICK:-}
if [ -n "$quick" ]; then rounds=2 runtime=1 depths="1 32" lab_rounds=1 nfs_runtime=1
else rounds=${ROUNDS:-5} runtime=${RUNTIME:-3} depths="1 32 128" lab_rounds=${LAB_ROUNDS:-5}
	nfs_runtime=${NFS_RUNTIME:-1}; fi

U=external:$build/engines/nfsweep-uring.so
A=external:$build/engines/nfsweep-aio.so
O=external:$build/engines/nfsweep-ops.so
R=external:$build/engines/nfsweep-rpc.so
fio_src=$(cat "$build/fio-src.path")
tio=$fio_src/t/io_uring
if [ ! -x "$tio" ]; then
	echo "bench: building t/io_uring in $fio_src" >&2
	make -C "$fio_src" -s t/io_uring >/dev/null 2>&1 || { echo "bench: building t/io_uring failed" >&2; exit 1; }
fi

ab_engines=()
if [ -n "${AB:-}" ]; then
	abdir=$build/bench-ab/$AB
	if [ ! -f "$abdir/engines/nfsweep-aio.so" ] && [ -z "$in_lab" ]; then
		echo "bench: building the engines of $AB in $abdir" >&2
		rm -rf "$abdir" && mkdir -p "$abdir/src" &&
			git -C "$top" archive "$AB" engines Makefile.quiet | tar -x -C "$abdir/src" &&
			make -s -C "$abdir/src/engines" BUILD="$abdir" FIO_SRC="$fio_src" >&2 ||
			{ echo "bench: AB=$AB: building its engines failed" >&2; exit 1; }
	fi
	ab_engines=("nfsweep-uring@$AB" "nfsweep-aio@$AB")
fi

dir=$(mktemp -d /dev/shm/nfsweep-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
errors=0
if [ -n "$in_lab" ]; then
	csv=$in_lab size=64m f=/mnt/nc8/nfsweep-bench
else
	mkdir -p "$top/results/bench"
	csv=$top/results/bench/$(date -u +%Y%m%dT%H%M%SZ).csv
	python3 "$top/tools/bench_report.py" --header > "$csv"
	size=256m f=$dir/f
fi
if [ "${LAB_PART:-}" != ops ]; then
	fio --name=lay --filename="$f" --size=$size --bs=1m --rw=write --ioengine=psync --output=/dev/null ||
		{ echo "bench: layout of $f failed" >&2; exit 1; }
	cat "$f" > /dev/null
fi

# Busy CPU jiffies of the whole machine (user nice system irq softirq): the
# cost of the I/O wherever it ran, io-wq workers included; fio's usr/sys may
# not see every thread that works for it.
busy_jiffies() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }

# one_fio WORKLOAD DEPTH ENGINE ROUND FIO-ARGS...: one run, one CSV row.
one_fio() {
	local w=$1 d=$2 e=$3 r=$4 json b0 b1
	shift 4
	b0=$(busy_jiffies)
	json=$(fio --name=b --filename="$f" --size=$size --iodepth="$d" --time_based \
		--runtime="$runtime" --output-format=json "$@" 2>"$dir/err") ||
		{ echo "bench: $w depth $d $e failed: $(head -3 "$dir/err")" >&2; errors=$((errors + 1)); return; }
	b1=$(busy_jiffies)
	python3 "$top/tools/bench_report.py" --row "$w" "$d" "$e" "$r" "$(( b1 - b0 ))" <<<"$json" >> "$csv" ||
		{ echo "bench: $w depth $d $e: unreadable JSON" >&2; errors=$((errors + 1)); }
}

# server_rpcs FILE: the NFSv3 RPCs in a copy of the lab's nfsd counters (its proc3 line)
server_rpcs() {
	awk '$1 == "proc3" { for (i = 3; i <= NF; i++) n += $i; print n }' "$1"
}

# one_ops WORKLOAD DIR CONFIG ROUND: one run of nfsweep-ops' sfs2008 mix, or (rpc, in the lab)
# nfsweep-rpc's, which speaks NFSv3 to the lab's server itself. Each CONFIG keeps its own trees
# in DIR/CONFIG across rounds (laid out once; nfsweep-rpc its set on the export).
one_ops() {
	local w=$1 od=$2/$3 c=$3 r=$4 json b0 b1 rpcs="" args win=()
	case $c in
	ops-uring) args=(--ops_exec=uring --numjobs=1 --iodepth=32) ;;
	ops-sync-32jobs) args=(--ops_exec=sync --numjobs=32 --iodepth=1) ;;
	ops-sync-1job) args=(--ops_exec=sync --numjobs=1 --iodepth=1) ;;
	rpc) args=(--ioengine="$R" --rpc_url="nfs://nfs-server$LAB_EXPORT" --rpc_mix=sfs2008
		--numjobs=1 --iodepth=32) ;;
	esac
	[ "$c" = rpc ] || args=(--directory="$od" --ioengine="$O" --ops_mix=sfs2008 --ops_dirs=4
		--ops_files_per_dir=16 --ops_file_size=16k --ops_commit_pct=15 "${args[@]}")
	mkdir -p "$od"
	# In the lab, the server's counters over the run itself: fio's exec_prerun runs after the
	# engines' init (their layout), exec_postrun at the job's end ("; true" takes the redirect
	# fio appends); one job's window: with several, each job would overwrite the other's.
	rm -f "$dir/pre" "$dir/post"
	[ -r /proc/net/rpc/nfsd ] && [ "$c" != ops-sync-32jobs ] &&
		win=(--exec_prerun="grep ^proc3 /proc/net/rpc/nfsd > $dir/pre; true"
			--exec_postrun="grep ^proc3 /proc/net/rpc/nfsd > $dir/post; true")
	b0=$(busy_jiffies)
	json=$(cd "$dir" && fio --name=ops --rw=randrw --bs=1 --size=1m --time_based \
		--runtime="$runtime" --group_reporting --output-format=json "${args[@]}" "${win[@]}" \
		2>"$dir/err") ||
		{ echo "bench: $w $c failed: $(head -3 "$dir/err")" >&2; errors=$((errors + 1)); return; }
	b1=$(busy_jiffies)
	[ -s "$dir/pre" ] && [ -s "$dir/post" ] &&
		rpcs=$(( $(server_rpcs "$dir/post") - $(server_rpcs "$dir/pre") ))
	python3 "$top/tools/bench_report.py" --row "$w" 32 "$c" "$r" "$(( b1 - b0 ))" \
		${rpcs:+"$rpcs"} <<<"$json" >> "$csv" ||
		{ echo "bench: $w $c: unreadable JSON" >&2; errors=$((errors + 1)); }
}

# ops_rounds WORKLOAD DIR ROUNDS [CONFIG..]: workload 4, interleaved; the configurations
# beyond nfsweep-ops's three (rpc, in the lab) after ROUNDS.
ops_rounds() {
	local r c
	for ((r = 1; r <= $3; r++)); do
		mapfile -t order < <(rotate $((r - 1)) ops-uring ops-sync-32jobs ops-sync-1job "${@:4}")
		for c in "${order[@]}"; do
			one_ops "$1" "$2" "$c" "$r"
		done
	done
}

# t/io_uring prints IOPS once a second; its median is the run's figure.
one_tio() {
	local d=$1 r=$2 b iops
	b=$(( d >= 8 ? 8 : 1 ))
	# It prints from its second second on: give it one more than the others.
	iops=$("$tio" -d"$d" -s"$b" -c"$b" -b4096 -p0 -B0 -F0 -O0 -r$((runtime + 1)) "$f" 2>&1 |
		sed -n 's/^IOPS=\([0-9.]*[KM]*\),.*/\1/p' |
		awk '{ m = 1; if (sub(/K$/, "")) m = 1e3; else if (sub(/M$/, "")) m = 1e6; print $1 * m }' |
		sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.0f\n", v[int((NR + 1) / 2)] }')
	[ -n "$iops" ] || { echo "bench: t/io_uring depth $d failed" >&2; errors=$((errors + 1)); return; }
	python3 "$top/tools/bench_report.py" --emit workload=rand4k-read iodepth="$d" \
		engine=t/io_uring round="$r" iops="$iops" >> "$csv"
}

rotate() {	# print the words of $2.. rotated left by $1
	local n=$1
	shift
	local a=("$@") i
	for ((i = 0; i < ${#a[@]}; i++)); do echo "${a[(i + n) % ${#a[@]}]}"; done
}

# engine_arg NAME: fio's ioengine= for an engine name.
engine_arg() {
	case $1 in
	nfsweep-uring) echo "$U" ;; nfsweep-aio) echo "$A" ;;
	nfsweep-*@*) echo "external:$abdir/engines/${1%@*}.so" ;;
	*) echo "$1" ;;
	esac
}

if [ -n "$in_lab" ] && [ "${LAB_PART:-}" = ops ]; then
	# Workload 4 over NFS: every operation on the wire (actimeo=0), with
	# round trips to overlap (the lab's delay profile), interleaved.
	ops_rounds nfs-ops-sfs2008 /mnt/nc8/nfsweep-bench-ops "$lab_rounds" rpc
	exit $((errors > 0))
fi
if [ -n "$in_lab" ]; then
	# Workload 3: the NFS matrix (tools/bench_nfs.py), nconnect=8.
	python3 "$top/tools/bench_nfs.py" "$csv" "$f" "$lab_rounds" "$nfs_runtime" "$quick" \
		"$build/engines" "$tio" ${AB:+"$abdir/engines"} || errors=$((errors + 1))
	exit $((errors > 0))
fi

echo "bench: $rounds interleaved rounds of ${runtime}s runs; raw runs in $csv" >&2
for ((r = 1; r <= rounds; r++)); do
	for d in $depths; do
		engines=(io_uring nfsweep-uring libaio nfsweep-aio t/io_uring "${ab_engines[@]}")
		[ "$d" = 1 ] && engines+=(psync)
		mapfile -t order < <(rotate $((r - 1)) "${engines[@]}")
		for e in "${order[@]}"; do
			# The batch t/io_uring uses (-s/-c), given to fio too: same depth, same batch.
			b=$(( d >= 8 ? 8 : 1 ))
			if [ "$e" = t/io_uring ]; then
				one_tio "$d" "$r"
			else
				one_fio rand4k-read "$d" "$e" "$r" --rw=randread --bs=4k --ioengine="$(engine_arg "$e")" \
					--iodepth_batch_submit=$b --iodepth_batch_complete_min=$b
			fi
		done
	done
	for w in read write; do
		mapfile -t order < <(rotate $((r - 1)) io_uring nfsweep-uring libaio nfsweep-aio "${ab_engines[@]}")
		for e in "${order[@]}"; do
			one_fio "seq64k-$w" 32 "$e" "$r" --rw="$w" --bs=64k --ioengine="$(engine_arg "$e")"
		done
	done
	echo "bench: round $r of $rounds done" >&2
done

# Workload 4 on tmpfs: the operations' own cost, no network.
ops_rounds ops-sfs2008 "$dir/ops" "$rounds"
echo "bench: nfsweep-ops rounds done" >&2

# Workload 6: nfsweep-rpc against NFS-Ganesha on this machine, no guest (lab/ganesha).
if [ -z "${NO_GANESHA:-}" ]; then
	echo "bench: nfsweep-rpc against NFS-Ganesha (lab/ganesha, this machine)" >&2
	# the lab's fio (make lab-fio): the tree the engines build against, with libnfs, so that fio's
	# own nfs engine runs in the same fio as nfsweep-rpc
	bench_fio=fio
	[ -x "$build/lab-fio/fio" ] && bench_fio=$build/lab-fio/fio
	before=$(wc -l < "$csv")
	"$top/lab/ganesha" --size 1g --timeout 1800 -- \
		env BENCH_FIO="$bench_fio" \
		bash "$top/tools/bench_ganesha.sh" "$csv" "$rounds" "$runtime" "$build/engines/nfsweep-rpc.so" >&2 ||
		{ echo "bench: the Ganesha workload failed" >&2; errors=$((errors + 1)); }
	[ "$(wc -l < "$csv")" -gt "$before" ] ||
		{ echo "bench: the Ganesha workload added no rows" >&2; errors=$((errors + 1)); }
fi

# Workload 3, in the lab: the same engines over real kernel NFS (nconnect=8).
if [ -z "${NO_LAB:-}" ]; then
	echo "bench: NFS workloads in the lab (emulator numbers: ratios only)" >&2
	before=$(wc -l < "$csv")
	"$top/lab/run" --backend "${BENCH_LAB_BACKEND:-auto}" --nconnect 8 --timeout 3600 \
		--rw "$(dirname "$csv")" -- \
		env QUICK="$quick" ROUNDS="$rounds" RUNTIME="$runtime" LAB_ROUNDS="$lab_rounds" AB="${AB:-}" \
		NFS_RUNTIME="$nfs_runtime" \
		bash "$top/tools/bench.sh" --in-lab "$csv" >&2 ||
		{ echo "bench: the lab workloads failed" >&2; errors=$((errors + 1)); }
	[ "$(wc -l < "$csv")" -gt "$before" ] ||
		{ echo "bench: the lab workloads added no rows" >&2; errors=$((errors + 1)); }
	# Workload 4 over NFS: attribute caching off, so every operation is an
	# RPC, and 1 ms each way on the loopback (2 ms round trips): without a
	# round trip to wait for (client and server share the emulated CPU),
	# concurrency has nothing to overlap and only CPU per operation counts.
	echo "bench: nfsweep-ops over NFS in the lab (actimeo=0, 2 ms round trips)" >&2
	before=$(wc -l < "$csv")
	"$top/lab/run" --nconnect 8 --shaping delay --delay 1ms --mount-opts actimeo=0,lookupcache=positive \
		--timeout 1800 --rw "$(dirname "$csv")" -- \
		env QUICK="$quick" ROUNDS="$rounds" RUNTIME="$runtime" LAB_ROUNDS="$lab_rounds" LAB_PART=ops \
		bash "$top/tools/bench.sh" --in-lab "$csv" >&2 ||
		{ echo "bench: the lab's nfsweep-ops workload failed" >&2; errors=$((errors + 1)); }
	[ "$(wc -l < "$csv")" -gt "$before" ] ||
		{ echo "bench: the lab's nfsweep-ops workload added no rows" >&2; errors=$((errors + 1)); }
	# Several load generators: the same total load from one host and from three.
	echo "bench: the same load from 1 host and from 3 (lab --hosts 3, nfsweep run --hosts)" >&2
	before=$(wc -l < "$csv")
	"$top/lab/run" --hosts 3 --nconnect 8 --timeout 1800 --rw "$(dirname "$csv")" -- \
		bash "$top/tools/bench_hosts.sh" "$csv" "$lab_rounds" "$runtime" >&2 ||
		{ echo "bench: the several-hosts workload failed" >&2; errors=$((errors + 1)); }
	[ "$(wc -l < "$csv")" -gt "$before" ] ||
		{ echo "bench: the several-hosts workload added no rows" >&2; errors=$((errors + 1)); }
fi

python3 "$top/tools/bench_report.py" --report "$csv"
if [ "$errors" -gt 0 ]; then
	echo "bench: $errors run(s) failed" >&2
	exit 1
fi
