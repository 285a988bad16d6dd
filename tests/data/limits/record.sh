#!/bin/bash
# How the captures here were made: in a lab guest (lab/run --backend qemu --shaping cloud --
# bash tests/data/limits/record.sh DIR; the cloud model's defaults at scale 100: 5 RPC slots and
# 15.2 MiB/s per connection, a 15 MiB/s egress, a 35 MiB/s read ceiling), /proc/self/mountstats
# before and after a 4-s fio run on each mount: 4 jobs at iodepth 1 and 16, 64 KiB sequential and
# 4 KiB random, read and write, O_DIRECT (libaio). Only some of the pairs are kept: README.md.
set -u
out=${1:-.}
for m in $LAB_MOUNTS; do
	d=${m#*=}
	fio --name=lay --directory="$d" --rw=write --bs=1m --size=64m --numjobs=4 --ioengine=psync \
		>/dev/null 2>&1
done
$LAB_SHAPE
for m in $LAB_MOUNTS; do
	l=${m%%=*} d=${m#*=}
	for rw in read write randread randwrite; do
		bs=64k
		case $rw in rand*) bs=4k ;; esac
		for dep in 1 16; do
			tag=$out/$l-$rw-d$dep
			cat /proc/self/mountstats > "$tag.pre"
			fio --name=lay --directory="$d" --rw="$rw" --bs=$bs --size=64m --numjobs=4 \
				--iodepth="$dep" --ioengine=libaio --direct=1 --time_based --runtime=4 \
				--group_reporting --output-format=json --output="$tag.json" >/dev/null 2>&1
			cat /proc/self/mountstats > "$tag.post"
		done
	done
done
