#!/bin/bash
# docs-screenshot.sh - docs/report.png, the README's picture of a report: the page of a quick
# lab sweep (make sweep's default), opened in headless Chromium at 1100 px and cut to its first
# screens (what was run, the nconnect ratios against the article's, the first chart); and
# docs/workbook.png, the same sweep's workbook as LibreOffice prints its first sheet (the
# chart-ready table and the spreadsheet's own charts), the upper half of the page.
#
#   DOCS_RESULTS=results/<timestamp>   take that sweep's page instead of running one
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
