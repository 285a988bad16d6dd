#!/bin/bash
# docs-screenshot.sh - docs/report.png, the README's picture of a report: the page of a quick
# lab sweep (make sweep's default), opened in headless Chromium at 1100 px and cut to its first
# screens (what was run, the nconnect ratios against the article's, the first chart); and
# docs/workbook.png, the same sweep's workbook as LibreOffice prints its first sheet (the
# chart-ready table and the spreadsheet's own charts), the upper half of the page.
#
#   DOCS_RESULTS=results/<timestamp>   take that sweep's page instead of running one
#
# And docs/depth.png and docs/cdf.png, a queue-depth sweep in the lab (rand4k on the nc1 and
# nc8 mounts through the cloud model, numjobs 1 and 4 x iodepth 1, 4 and 16, pure read and pure
# write): its depth chart, and the latency distribution at 4 x 16.
#
#   DOCS_DEPTH_RESULTS=DIR   take that depth sweep (DIR/depth.csv) instead of running one
#
# It is documentation, made from a real lab run by `make docs` and committed; not a build
# output. Chromium runs in a network namespace of its own when root (nothing can be fetched).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
nfsweep=$top/build/harness/nfsweep
shot=$top/docs/report.png
"$top/tools/deps.sh" browser plot office >/dev/null
if [ -n "${DOCS_RESULTS:-}" ]; then
	dir=${DOCS_RESULTS%/}
else
	results=$top/build/docs/results
	rm -rf "$results"
	make -s -C "$top" sweep RESULTS="$results" >/dev/null
	dir=$(find "$results" -mindepth 1 -maxdepth 1 -type d | head -n 1)
fi
[ -f "$dir/sweep.csv" ] || { echo "docs-screenshot: no $dir/sweep.csv" >&2; exit 1; }
"$nfsweep" report "$dir/sweep.csv" >/dev/null
page=$(cd "$dir" && pwd)/sweep.html
net=()
[ "$(id -u)" = 0 ] && net=(unshare --net)
"${net[@]}" /usr/bin/chromium --headless=new --no-sandbox --disable-gpu --no-first-run \
	--disable-background-networking --hide-scrollbars --force-device-scale-factor=1 \
	--window-size=1100,1700 --screenshot="$shot.tmp.png" "file://$page" >/dev/null 2>&1
mv "$shot.tmp.png" "$shot"
echo "docs-screenshot: $shot from $page"

# The workbook's first sheet, printed by LibreOffice (its own profile, in a directory of its own)
book=$top/docs/workbook.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$nfsweep" sheet "$dir/sweep.csv" --out "$tmp/sweep.xlsx" >/dev/null
HOME=$tmp soffice "-env:UserInstallation=file://$tmp/lo" --headless --norestore \
	--convert-to pdf --outdir "$tmp" "$tmp/sweep.xlsx" >/dev/null 2>&1
pdftoppm -f 1 -l 1 -r 90 -png -singlefile -x 0 -y 40 -W 1052 -H 345 "$tmp/sweep.pdf" "$tmp/page"
mv "$tmp/page.png" "$book"
echo "docs-screenshot: $book from $dir/sweep.xlsx"

# The depth sweep's charts (a lab run of its own: the cloud model's limits give the curve a knee)
if [ -n "${DOCS_DEPTH_RESULTS:-}" ]; then
	ddir=${DOCS_DEPTH_RESULTS%/}
else
	ddir=$top/build/docs/depth
	rm -rf "$ddir"
	mkdir -p "$ddir"
	# ($LAB_NOTE is the guest's, expanded there)
	# shellcheck disable=SC2016
	"$top/lab/run" --shaping cloud --timeout 1800 --rw "$ddir" -- \
		bash -c 'exec "$0" "$@" --note "$LAB_NOTE, depth sweep"' \
		"$nfsweep" run --profile rand4k --mix 100,0 --target nc1=/mnt/nc1 --target nc8=/mnt/nc8 \
		--nfs --numjobs 1,4 --iodepth 1,4,16 --runtime 3 --ramp 1 --size 32m --no-report \
		--out "$ddir/depth.csv" >/dev/null
fi
[ -f "$ddir/depth.csv" ] || { echo "docs-screenshot: no $ddir/depth.csv" >&2; exit 1; }
"$nfsweep" plot "$ddir/depth.csv" >/dev/null
cp "$ddir/rand4k-depth.png" "$top/docs/depth.png"
cp "$ddir/rand4k-4x16-cdf.png" "$top/docs/cdf.png"
echo "docs-screenshot: $top/docs/depth.png and $top/docs/cdf.png from $ddir/depth.csv"
