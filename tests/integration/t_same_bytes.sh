#!/bin/bash
# On the same size-bounded job, the engines move exactly the bytes fio's
# built-in io_uring and libaio move.
. "$(dirname "$0")/lib.sh"
f=$T_SHM/b.dat
for rw in randread randwrite randrw; do
	for depth in 1 16; do
		declare -A bytes=()
		for eng in io_uring "external:$ENG_URING" libaio "external:$ENG_AIO"; do
			out=$T_SHM/b.json
			fio --name=b --filename=$f --size=16m --io_size=12m --bs=4k --rw=$rw \
				--iodepth=$depth --ioengine=$eng --randrepeat=1 --output-format=json >"$out" 2>&1 ||
				{ cat "$out"; fail "$eng rw=$rw iodepth=$depth"; }
			bytes[$eng]=$(json_get "$out" "r['io_bytes'] + w['io_bytes']")
		done
		ref=${bytes[io_uring]}
		[ "$ref" -gt 0 ] || fail "io_uring moved no bytes"
		for eng in "${!bytes[@]}"; do
			[ "${bytes[$eng]}" = "$ref" ] ||
				fail "rw=$rw iodepth=$depth: $eng moved ${bytes[$eng]} bytes, io_uring $ref"
		done
		unset bytes
	done
done
echo ok
