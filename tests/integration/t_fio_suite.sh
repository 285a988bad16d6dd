#!/bin/bash
# fio's own test suite (t/run-fio-tests.py of the fio tree the engines were
# built against, its job tests: 1-26 in 3.33, 1-37 in 3.39 and 3.42, as
# that script lists them) with every data
# engine replaced by nfsweep-uring and by nfsweep-aio: a test that passes
# with fio's engine and fails with ours fails here (fio's engine runs only
# where one of ours did not pass: it cannot change the verdict otherwise).
# Each run is bounded.
#
# The null engine's jobs run on ours too where they are small (they test
# fio's core: offsets, logs, offload with serialize_overlap). Not run, each
# listed with its reason: null-engine jobs over 10 GiB-1 TiB or that need 4
# CPUs, trims of a file (refused by our engines: fio trims with
# BLKDISCARD), and t0026, which is fio's own bug: its experimental_verify
# replay marks a block as written that was only read. fio's libaio and
# io_uring pass it only because their verify reads go out as writes (strace
# shows them), and fio's psync fails it the same way without time_based.
. "$(dirname "$0")/lib.sh"
src=${FIO_SRC:-$(cat "$BUILD/fio-src.path" 2>/dev/null)}
[ -f "$src/t/run-fio-tests.py" ] || fail "no fio source tree with t/run-fio-tests.py ($src)"
fio_bin=$(command -v fio)
# Debian's python3 (the packages deps.sh installs), not another one first on PATH
py=/usr/bin/python3
if grep -q '^from statsmodels\|^import statsmodels' "$src/t/run-fio-tests.py"; then
	$py -c 'import statsmodels' 2>/dev/null || "$T_TOP/tools/deps.sh" fiosuite ||
		fail "fio's run-fio-tests.py imports statsmodels: tools/deps.sh fiosuite failed"
fi

declare -A why_skip=(
	[9]="null engine, and 4 CPUs"
	[10]="null engine: 10 GiB in offload mode" [11]="null engine: flows over 100 GiB"
	[12]="null engine: flows over 100 GiB" [14]="null engine: flows over 100 GiB"
	[30]="null engine: a 1 TiB file (fio 3.39 on)"
	[23]="trim of a file: nfsweep's engines refuse it (fio trims with BLKDISCARD)"
	[24]="trim of a file: nfsweep's engines refuse it (fio trims with BLKDISCARD)"
	[26]="fio's own experimental_verify bug (see this test's header)")

# root VARIANT ENGINE: a copy of fio's test tree whose jobs use ENGINE ("" keeps fio's own).
root() {
	local r=$T_DISK/root-$1 j
	mkdir -p "$r/t/jobs"
	# the script and the modules it imports (fiotestlib.py, fiotestcommon.py from 3.36 on)
	cp "$src"/t/*.py "$r/t/" && cp "$src/config-host.h" "$r/" || fail "copy of $src/t"
	# fio's script bounds each fio run at 600 s of wall clock, which a loaded machine outruns
	# (t0002 beside CI's hog: 460 s with fio's own engine alone, over 600 with ours side by
	# side): here a run is bounded by stalling (run, below), so that bound becomes 2 hours
	grep -lE "'timeout':[[:space:]]*600," "$r"/t/*.py | xargs -r sed -i -E \
		"s/'timeout':[[:space:]]*600,/'timeout': 7200,/" &&
		! grep -qE "'timeout':[[:space:]]*600," "$r"/t/*.py && grep -q "'timeout': 7200," "$r"/t/*.py ||
		fail "fio's 600-s test timeout not found in $src/t/*.py: this test must be taught its new form"
	for j in "$src"/t/jobs/*.fio; do
		if [ -z "$2" ]; then
			cp "$j" "$r/t/jobs/"
		else
			# every section runs on ENGINE; the job's own ioengine lines go
			awk -v e="ioengine=$2" '/^[ \t]*ioengine=/ { next }
				{ print } /^[ \t]*\[.*\][ \t]*$/ { print e }' "$j" > "$r/t/jobs/$(basename "$j")"
		fi
	done
	echo "$r"
}
declare -A roots=([fio]=$(root fio "") [nfsweep-uring]=$(root uring "external:$ENG_URING")
		  [nfsweep-aio]=$(root aio "external:$ENG_AIO"))
t15=$(ls "${roots[nfsweep-uring]}"/t/jobs/t0015*.fio 2>/dev/null | head -n 1)
grep -q "external:$ENG_URING" "${t15:-/dev/null}" || fail "no job rewritten (t0015*.fio)"
# the job tests this tree's script has (an id below 1000 with a job file)
ids=$(python3 - "$src/t/run-fio-tests.py" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
for m in re.finditer(r"'test_id':\s*(\d+),(.*?)\n\s*\},", text, re.S):
    if int(m.group(1)) < 1000 and re.search(r"'job':\s*'[^']+'", m.group(2)):
        print(m.group(1))
PY
)
[ "$(wc -w <<<"$ids")" -ge 26 ] || fail "$src/t/run-fio-tests.py lists $(wc -w <<<"$ids") job tests, not 26 or more"

# Where the tests' files go: tmpfs where it takes O_DIRECT (t0002 and t0006
# are direct I/O of 2 and 4 GiB: a minute each on this disk, 12 s on tmpfs),
# the two engines side by side where it has room for both engines' files at
# once (9 GiB: t0006's 4 GiB file twice), one engine at a time where it has
# room for one (5 GiB); else the disk, one engine at a time (side by side,
# the disk's seeks make them slower than in turn).
# A tmpfs's size is not memory that is free: another suite may run beside
# this one (CI's two lanes), so the memory must be there too, with 3 GiB to
# spare.
scratch=$T_DISK side_by_side=0
mem_kib=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
shm_kib=0
direct_ok "$T_SHM" && shm_kib=$(df -k --output=avail "$T_SHM" | tail -n 1)
if [ "$shm_kib" -ge $((9 << 20)) ] && [ "${mem_kib:-0}" -ge $((12 << 20)) ]; then
	scratch=$T_SHM side_by_side=1
elif [ "$shm_kib" -ge $((5 << 20)) ] && [ "${mem_kib:-0}" -ge $((8 << 20)) ]; then
	scratch=$T_SHM
fi
echo "fio's tests run on $scratch (side by side: $side_by_side)"

# fio 3.33 to 3.41 hang at start in offload mode (t0013, 8 jobs), a race in
# workqueue_init() fixed by axboe/fio#2053 in 3.42: fio's own engines in 10
# and 11 of 15 runs on two loaded cores (CI's), and ours did in 9 of 15 until
# they waited it out (fio_compat.h: none of 15 since). Four retries are for
# fio's own engine, which runs here when one of ours failed.
hang_test=13
# A run is hung when it stalls, not when it is slow: when fio's script and
# its fio processes read, wrote and computed nothing for 30 s (lib.sh's
# stalled_or_done; t0013's hang waits from its start; the longest test takes
# 25 s on tmpfs alone, and no test waits 30 s), or after 2 hours. A
# wall-clock bound (600 s a test, 45 s for t0013) was one another process
# could break: beside CI's CPU hog, with its lane niced, t0002 (2 GiB
# verified with md5) ran 600 s with ours side by side and was called hung,
# where fio's own engine, run after them alone, took 460 s.
stall_window=30 run_cap=7200

# run VARIANT ID: PASSED, FAILED, SKIPPED or TIMED_OUT, and its seconds (its log in the artifacts)
run() {
	# a fresh artifact directory per attempt: run-fio-tests.py refuses one that exists
	local art=$scratch/art-$1-$2-$RANDOM$RANDOM rc start=$SECONDS pid out=$T_DISK/log-$1-$2
	(cd "$scratch" && exec $py "${roots[$1]}/t/run-fio-tests.py" -r "${roots[$1]}" \
		-f "$fio_bin" -a "$art" --run-only "$2") >"$out" 2>&1 </dev/null &
	pid=$!
	# the pattern matches the script (its path) and its fio (the job's path)
	stalled_or_done $pid "${roots[$1]}/t/" $run_cap $stall_window
	rc=$?
	wait $pid 2>/dev/null
	# A hung fio ignores SIGTERM and outlives its script: end it, and the script.
	pkill -KILL -f -- "${roots[$1]}/t/" && sleep 1
	# the data files (up to 5 GiB a test) go now, fio's logs stay to the end
	find "$art" -type f -size +1M -delete 2>/dev/null
	if [ $rc = 124 ]; then echo -n TIMED_OUT
	elif grep -q "^Test $2 PASSED" "$out"; then echo -n PASSED
	elif grep -q "^Test $2 SKIPPED" "$out"; then
		echo -n "SKIPPED($(sed -n "s/^Test $2 SKIPPED (\([^)]*\)).*/\1/p" "$out"))"
	else echo -n FAILED
	fi
	echo " $((SECONDS - start))s"
}

# run_tries VARIANT ID: run's answer; fio's own hang at start in offload
# mode (the hang test) is retried four times at most
run_tries() {
	local r retry
	r=$(run "$1" "$2")
	[ "$2" = $hang_test ] || { echo -n "$r"; return; }
	for retry in 1 2 3 4; do
		[ "${r%% *}" = TIMED_OUT ] || break
		r="$(run "$1" "$2") (after $retry timeout(s))"
	done
	echo -n "$r"
}

bad=0 own_bad=""
declare -A passed=()
printf '%-6s %-12s %-15s %-15s %s\n' test fio nfsweep-uring nfsweep-aio job
for id in $ids; do
	job=""
	for j in "$src"/t/jobs/t00"$(printf %02d "$id")"*.fio; do
		[ -e "$j" ] || continue
		case $j in *-pre*) continue ;; esac
		job=$(basename "$j")
		break
	done
	if [ -n "${why_skip[$id]:-}" ]; then
		printf '%-6s skipped: %s (%s)\n' "t00$(printf %02d "$id")" "${why_skip[$id]}" "$job"
		continue
	fi
	# ours (side by side on tmpfs: each run has its own files and its own
	# pkill pattern), fio's own engine only where one of ours failed
	declare -A res=()
	pids=()
	for v in nfsweep-uring nfsweep-aio; do
		if [ $side_by_side = 1 ]; then
			run_tries "$v" "$id" > "$T_DISK/res-$v-$id" &
			pids+=($!)
		else
			run_tries "$v" "$id" > "$T_DISK/res-$v-$id"
		fi
	done
	# these runs only: a test run alone has a child for good (netblock.sh's holder)
	[ ${#pids[@]} = 0 ] || wait "${pids[@]}"
	for v in nfsweep-uring nfsweep-aio; do res[$v]=$(cat "$T_DISK/res-$v-$id"); done
	if [ "${res[nfsweep-uring]%% *}" = PASSED ] && [ "${res[nfsweep-aio]%% *}" = PASSED ]; then
		res[fio]="not run"
	else
		res[fio]=$(run_tries fio "$id")
	fi
	printf '%-6s %-12s %-15s %-15s %s\n' "t00$(printf %02d "$id")" "${res[fio]}" \
		"${res[nfsweep-uring]}" "${res[nfsweep-aio]}" "$job"
	case ${res[fio]%% *} in
	FAILED|TIMED_OUT)
		# then nothing can be said of ours here: this must not pass silently
		own_bad="$own_bad t00$(printf %02d "$id")"
		printf "  fio's own engine fails t%04d too:\n" "$id"
		grep -E "FAILED|reason|fio:|Error" "$T_DISK/log-fio-$id" | head -5 | sed 's/^/    /' ;;
	esac
	for v in nfsweep-uring nfsweep-aio; do
		[ "${res[$v]%% *}" = PASSED ] && passed[$v]=$(( ${passed[$v]:-0} + 1 ))
		if [ "${res[fio]%% *}" = PASSED ] && [ "${res[$v]%% *}" != PASSED ]; then
			bad=1
			# a FAIL: line each, which run.sh's summary shows whatever the log's length
			printf "FAIL: %s fails t%04d (%s) on %s: %s; fio's own engine passes it\n" \
				"$v" "$id" "$job" "$scratch" "${res[$v]}"
			grep -E "FAILED|reason|fio:" "$T_DISK/log-$v-$id" | head -5 | sed 's/^/FAIL:     /'
		fi
	done
	unset res
done
[ $bad = 0 ] || fail "nfsweep's engines fail fio tests that fio's own engines pass"
[ -z "$own_bad" ] || fail "fio's own engines fail$own_bad here, so the suite cannot judge ours" \
	"there: fix what they need, or list each in why_skip with its reason"
echo "passed: nfsweep-uring ${passed[nfsweep-uring]:-0}, nfsweep-aio ${passed[nfsweep-aio]:-0} job tests"
for v in nfsweep-uring nfsweep-aio; do
	[ "${passed[$v]:-0}" -ge 15 ] || fail "$v passed ${passed[$v]:-0} of fio's job tests, fewer than 15"
done
echo ok
