#!/bin/bash
# demo.sh - what `make sweep` runs until the sweep harness exists (issue 4):
# a short side-by-side of the nfsweep engines and fio's built-ins on a
# local scratch directory, written to results/<timestamp>/engines-demo.csv.
# Numbers from one short run on a shared machine: look at ratios, not
# absolutes; `make bench` (issue 7) is the measured comparison.
set -eu
build=${1:?usage: demo.sh BUILD_DIR}
runtime=${RUNTIME:-2}
dir=${DEMO_DIR:-/dev/shm}/nfsweep-demo.$$
out=results/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$dir" "$out"
trap 'rm -rf "$dir"' EXIT

echo "make sweep: the sweep harness is not built yet; running the engines demonstration" >&2
echo "make sweep: local scratch $dir (not NFS), ${runtime}s per point" >&2
csv=$out/engines-demo.csv
echo "workload,iodepth,engine,iops,mib_s,clat_p50_us" > "$csv"
fio --name=lay --filename="$dir/f" --size=256m --bs=1m --rw=write --ioengine=psync --output=/dev/null

for w in "rand4k-read:randread:4k" "seq64k-read:read:64k" "seq64k-write:write:64k"; do
	IFS=: read -r name rw bs <<<"$w"
	for depth in 1 32; do
		for eng in psync io_uring "external:$build/engines/nfsweep-uring.so" libaio "external:$build/engines/nfsweep-aio.so"; do
			[ "$eng" = psync ] && [ "$depth" != 1 ] && continue
			json=$(fio --name=d --filename="$dir/f" --size=256m --bs="$bs" --rw="$rw" \
				--iodepth="$depth" --ioengine="$eng" --time_based --runtime="$runtime" \
				--output-format=json 2>/dev/null)
			python3 -c '
import json, sys
j = json.loads(sys.argv[1]); job = j["jobs"][0]
d = job["read"] if job["read"]["io_bytes"] else job["write"]
eng = sys.argv[4].split("/")[-1].replace(".so", "")
print("%s,%s,%s,%.0f,%.1f,%.1f" % (sys.argv[2], sys.argv[3], eng, d["iops"],
      d["bw_bytes"] / 1048576, d["clat_ns"]["percentile"]["50.000000"] / 1000))
' "$json" "$name" "$depth" "$eng" >> "$csv"
		done
	done
done
column -s, -t < "$csv"
echo "make sweep: wrote $csv" >&2
