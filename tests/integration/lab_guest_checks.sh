#!/bin/bash
# lab_guest_checks.sh - runs INSIDE the lab guest (t_lab.sh boots it):
# transports per mount, both engines' verify runs on both mounts, direct
# and buffered, then 64 KiB sequential reads under the shaping profile.
# Usage: lab_guest_checks.sh BUILD_DIR RESULT_FILE
set -u
build=$1 result=$2
fail() { echo "FAIL: $*" | tee -a "$result"; exit 1; }
: > "$result"
$LAB_UNSHAPE 2>/dev/null || true   # no shaping yet is fine

for m in $LAB_MOUNTS; do
	label=${m%%=*} mnt=${m#*=} want=${label#nc}
	got=$(awk -v m="$mnt" '$1 == "device" { on = ($5 == m) } on && $1 == "xprt:" { n++ } END { print n + 0 }' /proc/self/mountstats)
	echo "xprt $label $got" >> "$result"
	[ "$got" = "$want" ] || fail "$mnt: $got transports, nconnect=$want asked"
	for eng in nfsweep-uring nfsweep-aio; do
		for direct in 0 1; do
			fio --name=v --filename="$mnt/v.$eng.$direct" --size=4m --bs=64k --rw=randrw \
				--iodepth=8 --direct=$direct --ioengine=external:$build/engines/$eng.so \
				--verify=crc32c --do_verify=1 --verify_state_save=0 --output=/dev/null ||
				fail "$eng direct=$direct verify on $mnt"
			echo "verify $label $eng direct=$direct ok" >> "$result"
		done
	done
	# Lay out the read file before shaping (shaping would throttle it).
	fio --name=lay --filename="$mnt/seq" --size=64m --bs=1m --rw=write --ioengine=psync \
		--output=/dev/null || fail "layout on $mnt"
done

$LAB_SHAPE
for m in $LAB_MOUNTS; do
	label=${m%%=*} mnt=${m#*=}
	mib=$(fio --name=s --filename="$mnt/seq" --size=64m --bs=64k --rw=read --direct=1 \
		--iodepth=16 --ioengine=external:$build/engines/nfsweep-uring.so --time_based \
		--runtime=4 --output-format=json | python3 -c 'import json,sys; print("%.1f" % (json.load(sys.stdin)["jobs"][0]["read"]["bw_bytes"] / 1048576))')
	echo "seqread $label $mib" >> "$result"
done
echo "done" >> "$result"
