#!/bin/bash
# nfsweep compare and plot on a fixture with round numbers
# (tests/data/results/nconnect-fixture.csv: nc8 is 2.3x nc1 on seq read,
# 1x on seq write, 3x on random read and write, 2x at 50 %): the ratios are
# exact, the failed row does not count, the charts are real PNG and SVG
# files with every series; the published reference files validate.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
"$T_TOP/tools/deps.sh" plot >/dev/null || skip "gnuplot could not be installed"
cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$T_DISK/sweep.csv"

"$N" compare "$T_DISK/sweep.csv" --base nc1 >"$T_DISK/compare.txt" || fail "compare exited $?"
python3 - "$T_DISK/compare.csv" <<'PY' || fail "compare.csv arithmetic"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
want = {("headline", "seq64k", "100"): ("2.300", "2.300"), ("headline", "seq64k", "0"): ("1.000", "1.000"),
        ("headline", "rand4k", "100"): ("3.000", "3.000"), ("headline", "rand4k", "0"): ("3.000", "3.000"),
        ("point", "seq64k", "50"): ("2.000", ""), ("point", "seq64k", "100"): ("2.300", ""),
        ("point", "rand4k", "0"): ("3.000", "")}
got = {(r["kind"], r["profile"], r["read_pct"]): (r["ratio"], r["published_ratio"]) for r in rows}
for k, v in want.items():
    if got.get(k) != v:
        sys.exit("compare %s: got %s, want %s" % (k, got.get(k), v))
if any(r["target"] != "nc8" or r["base"] != "nc1" for r in rows):
    sys.exit("rows other than nc8 against nc1")
print("compare: %d rows as expected" % len(rows))
PY
grep -q '64 KiB sequential read .* 2.30x .* 2.3x' "$T_DISK/compare.txt" || fail "headline table: $(cat "$T_DISK/compare.txt")"
"$N" compare "$T_DISK/sweep.csv" --base nc8 --out "$T_DISK/inv.csv" >/dev/null || fail "--base nc8"
grep -q '^headline,rand4k,100,read_iops,nc1,nc8,10000.000,30000.000,0.333' "$T_DISK/inv.csv" ||
	fail "inverse ratio: $(cat "$T_DISK/inv.csv")"
msg=$("$N" compare "$T_DISK/sweep.csv" --base nc4 2>&1)
[ $? = 2 ] && grep -q 'nc1 nc8' <<<"$msg" || fail "unknown --base: $msg"

mkdir -p "$T_DISK/charts"
"$N" plot "$T_DISK/sweep.csv" --outdir "$T_DISK/charts" >/dev/null || fail "plot exited $?"
python3 - "$T_DISK/charts" <<'PY' || fail "charts"
import struct, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
for name, series in (("seq64k", ["nc1 total", "nc8 read", "nc8 write", "published"]),
                     ("rand4k", ["nc1 total", "nc8 total", "published"]),
                     ("nconnect", ["nc8 / nc1 (measured)", "published nconnect gain", "2.30x", "3.00x"])):
    png = open("%s/%s.png" % (d, name), "rb").read()
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        sys.exit(name + ".png is not a PNG")
    w, h = struct.unpack(">II", png[16:24])
    if (w, h) != (1280, 800):
        sys.exit("%s.png is %dx%d" % (name, w, h))
    svg = open("%s/%s.svg" % (d, name)).read()
    ET.fromstring(svg)  # well-formed
    text = svg.replace("&#39;", "'")
    for s in series:
        if s not in text:
            sys.exit("%s.svg lacks the series '%s'" % (name, s))
    for s in ("fixture: round numbers", "2026-11-30"):
        if s not in text:
            sys.exit("%s.svg title lacks '%s'" % (name, s))
print("charts ok")
PY
for f in "$T_TOP"/results-schema/reference/*.csv; do
	"$N" validate "$f" >/dev/null || fail "reference $f does not validate"
done
printf 'source,figure,workload,read_pct,metric,value,unit\nx,y,z,150,m,1,u\n' >"$T_DISK/badref.csv"
"$N" validate "$T_DISK/badref.csv" 2>/dev/null && fail "a bad reference file validated"
echo ok
