#!/bin/bash
# Data integrity through both engines: every {read, write, randread,
# randwrite, rw 70/30, randrw 70/30} x {4k, 64k} x {buffered, direct} x
# iodepth {1, 32}, on the disk's file system and on tmpfs, with
# verify=crc32c. Reads check data that fio's psync engine wrote; pure
# writes are re-read by psync; mixed jobs verify through the engine itself.
# The JSON must show the expected directions non-zero in every job.
#
# Each step is one fio run of all the matrix's jobs at once (one file per
# job): three fio starts per engine and directory instead of three per
# job, and the jobs load the engine side by side, as a sweep's do.
. "$(dirname "$0")/lib.sh"

# jobfile DIR ENGINE STEP DIRECTS: fio job file for STEP (layout: psync
# writes the files the read jobs read; engine: the matrix on ENGINE;
# reread: psync verifies what the write jobs wrote)
jobfile() {
	local dir=$1 eng=$2 step=$3 rw bs direct depth name
	printf '[global]\nsize=8m\nverify=crc32c\n'
	for rw in read write randread randwrite rw randrw; do
		for bs in 4k 64k; do
			for direct in $4; do
				for depth in 1 32; do
					name=$rw.$bs.d$direct.q$depth
					case $step:$rw in
					layout:read|layout:randread)
						echo "[$name]"; echo "ioengine=psync"; echo "rw=write"; echo "do_verify=0" ;;
					reread:write|reread:randwrite)
						echo "[$name]"; echo "ioengine=psync"; echo "rw=read" ;;
					engine:*)
						echo "[$name]"; echo "ioengine=external:$eng"; echo "rw=$rw"
						echo "iodepth=$depth"
						case $rw in
						write|randwrite) echo "do_verify=0" ;;
						rw|randrw) echo "rwmixread=70"; echo "do_verify=1" ;;
						esac ;;
					*) continue ;;
					esac
					echo "filename=$dir/v.$name"; echo "bs=$bs"; echo "direct=$direct"
				done
			done
		done
	done
}

runs=0
for dir in "$T_DISK" "$T_SHM"; do
	directs="0"
	if direct_ok "$dir"; then directs="0 1"; else echo "note: $dir takes no O_DIRECT: direct=1 not run there"; fi
	for eng in "$ENG_URING" "$ENG_AIO"; do
		what="$(basename "$eng") on $dir"
		for step in layout engine reread; do
			jobfile "$dir" "$eng" $step "$directs" > "$dir/$step.fio"
			fio --output-format=json --output="$dir/$step.json" "$dir/$step.fio" >"$dir/$step.out" 2>&1 ||
				{ cat "$dir/$step.out"; tail -n 30 "$dir/$step.json"; fail "$step step of $what"; }
		done
		# every job of the engine step: no error, the directions its rw moves
		n=$(python3 - "$dir/engine.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
jobs = json.loads(text[text.index('{'):])["jobs"]
for job in jobs:
    rw = job["jobname"].split(".")[0]
    r, w = job["read"]["io_bytes"], job["write"]["io_bytes"]
    want = {"read": r > 0 and w == 0, "randread": r > 0 and w == 0,
            "write": w > 0, "randwrite": w > 0}.get(rw, r > 0 and w > 0)
    if job["error"] != 0 or not want:
        sys.exit("job %s: error %d, read %d, written %d bytes" % (job["jobname"], job["error"], r, w))
print(len(jobs))
PY
) || fail "unexpected directions or error in JSON for $what"
		runs=$((runs + n))
		rm -f "$dir"/v.*
	done
done
echo "$runs verified runs"
[ "$runs" -ge 96 ] || fail "only $runs runs: the matrix shrank"
