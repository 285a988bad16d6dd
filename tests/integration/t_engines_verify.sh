#!/bin/bash
# Data integrity through both engines: every {read, write, randread,
# randwrite, rw 70/30, randrw 70/30} x {4k, 64k} x {buffered, direct} x
# iodepth {1, 32}, on the disk's file system and on tmpfs, with
# verify=crc32c. Reads check data that fio's psync engine wrote; pure
# writes are re-read by psync; mixed jobs verify through the engine itself.
# The JSON must show the expected directions non-zero.
. "$(dirname "$0")/lib.sh"

runs=0
for dir in "$T_DISK" "$T_SHM"; do
	directs="0"
	if direct_ok "$dir"; then directs="0 1"; else echo "note: $dir takes no O_DIRECT: direct=1 not run there"; fi
	for eng in "$ENG_URING" "$ENG_AIO"; do
		for rw in read write randread randwrite rw randrw; do
			for bs in 4k 64k; do
				for direct in $directs; do
					for depth in 1 32; do
						f=$dir/v.$rw.$bs
						out=$dir/out.json
						common=(--name=v --filename=$f --size=8m --bs=$bs --direct=$direct
							--verify=crc32c --output-format=json)
						what="$(basename "$eng") rw=$rw bs=$bs direct=$direct iodepth=$depth on $dir"
						case $rw in
						read|randread)
							fio "${common[@]}" --ioengine=psync --rw=write --do_verify=0 >/dev/null ||
								fail "layout by psync for $what"
							fio "${common[@]}" --ioengine=external:$eng --rw=$rw --iodepth=$depth >"$out" 2>&1 ||
								{ cat "$out"; fail "$what"; }
							expect="r['io_bytes'] > 0 and w['io_bytes'] == 0" ;;
						write|randwrite)
							fio "${common[@]}" --ioengine=external:$eng --rw=$rw --iodepth=$depth --do_verify=0 >"$out" 2>&1 ||
								{ cat "$out"; fail "$what"; }
							fio "${common[@]}" --ioengine=psync --rw=read >/dev/null 2>&1 ||
								fail "psync re-read found bad data after $what"
							expect="w['io_bytes'] > 0" ;;
						*)
							fio "${common[@]}" --ioengine=external:$eng --rw=$rw --rwmixread=70 --iodepth=$depth --do_verify=1 >"$out" 2>&1 ||
								{ cat "$out"; fail "$what"; }
							expect="r['io_bytes'] > 0 and w['io_bytes'] > 0" ;;
						esac
						[ "$(json_get "$out" "job['error'] == 0 and ($expect)")" = True ] ||
							fail "unexpected directions or error in JSON for $what"
						rm -f "$f"
						runs=$((runs + 1))
					done
				done
			done
		done
	done
done
echo "$runs verified runs"
[ "$runs" -ge 96 ] || fail "only $runs runs: the matrix shrank"
