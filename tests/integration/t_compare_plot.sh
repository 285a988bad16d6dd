#!/bin/bash
# nfsweep compare and plot on a fixture with round numbers
# (tests/data/results/nconnect-fixture.csv: nc8 is 2.3x nc1 on seq read,
# 1x on seq write, 3x on random read and write, 2x at 50 %): the ratios are
# exact, the failed row does not count, the charts are real PNG and SVG
# files with every series; the published reference files validate.
# target: disk
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
for r in rows:
    want_diff = "0.0" if r["kind"] == "headline" else ""
    if r["difference_from_published_pct"] != want_diff:
        sys.exit("compare %s: difference from published %r, want %r" % (
                 (r["kind"], r["profile"], r["read_pct"]), r["difference_from_published_pct"], want_diff))
if any(r["target"] != "nc8" or r["base"] != "nc1" for r in rows):
    sys.exit("rows other than nc8 against nc1")
print("compare: %d rows as expected" % len(rows))
PY
grep -q '64 KiB sequential read .* 2.30x .* 2.3x .* +0%' "$T_DISK/compare.txt" || fail "headline table: $(cat "$T_DISK/compare.txt")"
# --headlines (make sweep's): the same headlines and notes, no table of every point, the same CSV
cp "$T_DISK/compare.csv" "$T_DISK/compare-full.csv"
"$N" compare --headlines "$T_DISK/sweep.csv" --base nc1 >"$T_DISK/head.txt" || fail "compare --headlines exited $?"
grep -q '64 KiB sequential read .* 2.30x .* 2.3x .* +0%' "$T_DISK/head.txt" || fail "--headlines: $(cat "$T_DISK/head.txt")"
grep -q 'ratio to nc1, with its interval' "$T_DISK/compare.txt" || fail "compare printed no table of every point"
grep -q 'ratio to nc1, with its interval' "$T_DISK/head.txt" && fail "--headlines printed the table of every point"
# its notes are the headlines' own: none judged (one run), and what to run to judge them
grep -q '^Against the published gains: 0 agree, 0 differ\.$' "$T_DISK/head.txt" &&
	grep -q '^?: 4 not judged: .*--headline-repeat 3 (make sweep: REPEAT=3)\.$' "$T_DISK/head.txt" ||
	fail "--headlines without the notes: $(cat "$T_DISK/head.txt")"
cmp -s "$T_DISK/compare.csv" "$T_DISK/compare-full.csv" || fail "--headlines wrote another compare.csv"
"$N" compare --headlines "$T_DISK/sweep.csv" "$T_DISK/sweep.csv" >/dev/null 2>"$T_DISK/head2.txt"
[ $? = 2 ] && grep -q -- '--headlines is for one file' "$T_DISK/head2.txt" || fail "--headlines with two files: $(cat "$T_DISK/head2.txt")"
# Against nc8 the point ratios are the inverse; the published comparison is
# still nconnect=8 over nconnect=1 (the rows' nconnect_asked and transports).
"$N" compare "$T_DISK/sweep.csv" --base nc8 --out "$T_DISK/inv.csv" >"$T_DISK/inv.txt" || fail "--base nc8"
grep -q '4 KiB random read .* 3.00x .* 3.0x .* +0%' "$T_DISK/inv.txt" || fail "--base nc8 headline: $(cat "$T_DISK/inv.txt")"
grep -q '^headline,rand4k,100,read_iops,nc8,nc1,30000.000,10000.000,3.000,3.000,4 KiB random read,0.0' "$T_DISK/inv.csv" ||
	fail "--base nc8: the headline is not nc8 over nc1: $(cat "$T_DISK/inv.csv")"
grep -q '^point,rand4k,100,total_iops,nc1,nc8,10000.000,30000.000,0.333,' "$T_DISK/inv.csv" ||
	fail "--base nc8: the points are not nc1 over nc8: $(cat "$T_DISK/inv.csv")"
# 0.2 % under the published gain is "+0%", never "-0%" (the table and the chart)
python3 - "$T_DISK/sweep.csv" "$T_DISK/near.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
h = rows[0]
for r in rows[1:]:
    if len(r) == len(h) and r[h.index("target")] == "nc8" and r[h.index("profile")] == "seq64k" \
            and r[h.index("read_pct")] == "100" and r[h.index("read_mib_s")] == "230":
        r[h.index("read_mib_s")] = "229.5"
csv.writer(open(sys.argv[2], "w", newline=''), lineterminator='\r\n').writerows(rows)
PY
mkdir -p "$T_DISK/near"
mv "$T_DISK/near.csv" "$T_DISK/near/s.csv"
"$N" compare "$T_DISK/near/s.csv" >"$T_DISK/near.txt" 2>&1 || fail "compare of the near file"
grep -q '64 KiB sequential read .* 2.29x .* 2.3x .* +0%' "$T_DISK/near.txt" && ! grep -q -- '-0%' "$T_DISK/near.txt" ||
	fail "a difference under 0.5 % is not +0%: $(cat "$T_DISK/near.txt")"
"$N" plot "$T_DISK/near/s.csv" >/dev/null 2>&1 || fail "plot of the near file"
# (a measured bar's label is its ratio, then its difference on a line of its own)
grep -q -- '>+0%<' "$T_DISK/near/nconnect.svg" && ! grep -q -- '>-0%<' "$T_DISK/near/nconnect.svg" ||
	fail "the nconnect chart prints -0%, or no difference"
# A variant that did not get its transports (the nconnect trap) is in no published comparison.
python3 - "$T_DISK/sweep.csv" "$T_DISK/trap.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
j = rows[0].index("transports")
for r in rows[1:]:
    if r[j] == "8":
        r[j] = "1"
csv.writer(open(sys.argv[2], "w", newline=''), lineterminator='\r\n').writerows(rows)
PY
"$N" compare "$T_DISK/trap.csv" --out "$T_DISK/trap-cmp.csv" >"$T_DISK/trap.txt" 2>&1 || fail "compare of the trap file"
grep -q "no published nconnect comparison" "$T_DISK/trap.txt" && ! grep -q '^headline' "$T_DISK/trap-cmp.csv" ||
	fail "a variant without its transports was compared with the published gain: $(cat "$T_DISK/trap.txt")"
msg=$("$N" compare "$T_DISK/sweep.csv" --base nc4 2>&1)
[ $? = 2 ] && grep -q 'nc1 nc8' <<<"$msg" || fail "unknown --base: $msg"

mkdir -p "$T_DISK/charts"
"$N" plot "$T_DISK/sweep.csv" --outdir "$T_DISK/charts" >/dev/null || fail "plot exited $?"
python3 - "$T_DISK/charts" <<'PY' || fail "charts"
import struct, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
for name, series in (("seq64k", ["nc1 total", "nc8 read", "nc8 write", "published"]),
                     ("rand4k", ["nc1 total", "nc8 total", "published"]),
                     ("nconnect", ["nc8 / nc1 (measured; its interval where judged)", "published nconnect gain", "2.30x", "+0%", "3.00x"])):
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
    # a published scale-out figure is another scale: said as text, never a point on an axis of its own
    if name != "nconnect" and ("not drawn (another scale" not in text or "right axis" in text):
        sys.exit("%s.svg draws the published scale-out figure beside the measured lines" % name)
    for s in ("fixture: round numbers", "2026-11-30"):
        if s not in text:
            sys.exit("%s.svg title lacks '%s'" % (name, s))
print("charts ok")
PY
# gnuplot not there at all (a PATH without it): plot exits 3 saying how to install it, and the
# page says it has no charts and why, not that a chart failed
mkdir -p "$T_DISK/nogp" && cp "$T_DISK/sweep.csv" "$T_DISK/nogp/s.csv"
PATH=/nonexistent "$N" plot "$T_DISK/nogp/s.csv" >/dev/null 2>"$T_DISK/nogp.err"
rc=$?
[ $rc = 3 ] && grep -q 'exec gnuplot: .*tools/deps.sh plot' "$T_DISK/nogp.err" ||
	fail "plot without gnuplot: exit $rc: $(cat "$T_DISK/nogp.err")"
PATH=/nonexistent "$N" report "$T_DISK/nogp/s.csv" >/dev/null 2>&1
grep -q 'No charts: gnuplot could not be run (tools/deps.sh plot installs it)' "$T_DISK/nogp/s.html" ||
	fail "the page without gnuplot does not say why it has no charts"
# The published figures unreadable: the page says why, naming the directory
mkdir -p "$T_DISK/noref" && cp "$T_DISK/sweep.csv" "$T_DISK/noref/s.csv"
# (and the nconnect chart is drawn without a published series: gnuplot refuses one of no points)
"$N" report "$T_DISK/noref/s.csv" --reference "$T_DISK/no/such/ref" >/dev/null 2>"$T_DISK/noref.err" &&
	grep -q 'alt="nconnect"' "$T_DISK/noref/s.html" ||
	fail "report without the published figures: exit $?, $(cat "$T_DISK/noref.err")"
grep -q 'id="no-reference">The published figures could not be read: .*no/such/ref' "$T_DISK/noref/s.html" ||
	fail "the page does not say why the published figures could not be read: $(grep -o 'no-reference.\{0,200\}' "$T_DISK/noref/s.html")"
# A chart gnuplot cannot draw (its output name is a directory: a real failure of gnuplot's own)
# loses no other: plot names it with gnuplot's message and exits 6; the report lists it under
# What went wrong, says so at a glance, carries every other chart and exits 6 too.
mkdir -p "$T_DISK/charts-x/rand4k.png" "$T_DISK/rx"
"$N" plot "$T_DISK/sweep.csv" --outdir "$T_DISK/charts-x" >/dev/null 2>"$T_DISK/px.err"
rc=$?
[ $rc = 6 ] && grep -q '^nfsweep plot: rand4k: not drawn: gnuplot: .*cannot open file.*Is a directory' "$T_DISK/px.err" ||
	fail "plot with a chart gnuplot cannot draw: exit $rc: $(cat "$T_DISK/px.err")"
[ -s "$T_DISK/charts-x/seq64k.png" ] && [ -s "$T_DISK/charts-x/nconnect.svg" ] && [ -s "$T_DISK/charts-x/seq64k.svg" ] ||
	fail "one chart not drawn lost the others: $(ls "$T_DISK/charts-x")"
cp "$T_DISK/sweep.csv" "$T_DISK/rx/s.csv" && mkdir "$T_DISK/rx/seq64k.svg"
"$N" report "$T_DISK/rx/s.csv" >/dev/null 2>"$T_DISK/rx.err"
rc=$?
[ $rc = 6 ] && grep -q 'chart seq64k not drawn: gnuplot: .*Is a directory' "$T_DISK/rx.err" ||
	fail "report with a chart gnuplot cannot draw: exit $rc: $(cat "$T_DISK/rx.err")"
grep -q 'class="warn chart-missing">chart seq64k not drawn: gnuplot said' "$T_DISK/rx/s.html" &&
	grep -q '1 chart could not be drawn' "$T_DISK/rx/s.html" && grep -q 'alt="nconnect"' "$T_DISK/rx/s.html" ||
	fail "the report's page does not say which chart is missing, or lost the others"
# Latency: summary's second table per profile (the fixture has none: "-").
"$N" summary "$T_DISK/sweep.csv" | grep -q '^seq64k: completion latency p50/p99 in ms' ||
	fail "summary has no latency table"

# Two runs point by point: the fixture against itself (1.00x everywhere), then
# against a copy whose nc8 seq64k pure-read point is twice as fast with twice
# the read p99, and a repeat of nc1's seq64k pure-read point (error bars).
"$N" compare "$T_DISK/sweep.csv" "$T_DISK/sweep.csv" --out "$T_DISK/same.csv" >/dev/null ||
	fail "compare of a file with itself"
python3 - "$T_DISK/same.csv" <<'PY' || fail "a file against itself is not 1.00x everywhere"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
if not rows or any(r["ratio"] != "1.000" or r["kind"] != "runs" for r in rows):
    sys.exit("rows: %s" % rows[:3])
PY
python3 - "$T_DISK/sweep.csv" "$T_DISK/after.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
col = {n: i for i, n in enumerate(h)}
out = [h]
for r in rows[1:]:
    if r[col["target"]] == "nc8" and r[col["profile"]] == "seq64k" and r[col["read_pct"]] == "100":
        r[col["total_mib_s"]] = str(float(r[col["total_mib_s"]]) * 2)
        r[col["read_clat_p99_us"]] = "2000"
    out.append(r)
rep = list(rows[1])
rep[col["repeat"]] = "2"
rep[col["total_mib_s"]] = "120"
out.append(rep)
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\r\n").writerows(out)
PY
cp "$T_DISK/sweep.csv" "$T_DISK/before.csv"
python3 - "$T_DISK/before.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
col = {n: i for i, n in enumerate(rows[0])}
for r in rows[1:]:
    if r[col["target"]] == "nc8" and r[col["profile"]] == "seq64k" and r[col["read_pct"]] == "100":
        r[col["read_clat_p99_us"]] = "1000"
csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\r\n").writerows(rows)
PY
"$N" compare "$T_DISK/before.csv" "$T_DISK/after.csv" >"$T_DISK/ab.txt" || fail "compare BEFORE AFTER"
grep -q 'compare-runs.csv' <<<"$(ls "$T_DISK")" || fail "no compare-runs.csv beside the second file"
python3 - "$T_DISK/compare-runs.csv" <<'PY' || fail "compare BEFORE AFTER arithmetic"
import csv, sys
got = {(r["profile"], r["target"], r["read_pct"], r["metric"]): r["ratio"]
       for r in csv.DictReader(open(sys.argv[1], newline=""))}
want = {("seq64k", "nc8", "100", "total_mib_s"): "2.000",
        ("seq64k", "nc8", "100", "read_clat_p99_us"): "2.000",
        ("seq64k", "nc1", "100", "total_mib_s"): "1.100",	# its repeat: mean of 100 and 120
        ("rand4k", "nc8", "0", "total_iops"): "1.000"}
for k, v in want.items():
    if got.get(k) != v:
        sys.exit("%s: %s, not %s" % (k, got.get(k), v))
PY
mkdir -p "$T_DISK/charts2"
"$N" plot "$T_DISK/after.csv" --outdir "$T_DISK/charts2" >/dev/null || fail "plot of a file with repeats"
grep -q 'total (bars: 95 % interval)' "$T_DISK/charts2/seq64k.svg" || fail "no error bars with --repeat"
grep -q 'bars: the repeats' "$T_DISK/charts/seq64k.svg" && fail "error bars without repeats"

# --timeline: fio's per-second logs of every point, second by second, per target.
"$N" run --profile rand4k --mix 100,0 --target a="$T_SHM" --target b="$T_DISK" --runtime 3 \
	--ramp 0 --numjobs 2 --iodepth 4 --size 8m --out "$T_DISK/tl/s.csv" 2>/dev/null ||
	fail "the sweep for --timeline"
ls "$T_DISK"/tl/fio/s/001-*_iops.1.log "$T_DISK"/tl/fio/s/001-*_bw.2.log >/dev/null ||
	fail "no per-second logs beside the JSON: $(ls "$T_DISK/tl/fio/s")"
"$N" plot "$T_DISK/tl/s.csv" --timeline >"$T_DISK/tl.out" || fail "plot --timeline"
grep -q 'rand4k-timeline.png' "$T_DISK/tl.out" || fail "plot --timeline drew no timeline"
grep -q 'rand4k-latency.png' "$T_DISK/tl.out" || fail "plot drew no latency chart"
grep -q 'a read p99' "$T_DISK/tl/rand4k-latency.svg" || fail "the latency chart has no read p99"
"$N" summary "$T_DISK/tl/s.csv" | grep -A3 '^rand4k: completion latency' | grep -Eq '^100 +[0-9]+\.[0-9]{3}/[0-9]+\.[0-9]{3} \| -' ||
	fail "summary's latency of a pure-read point: $("$N" summary "$T_DISK/tl/s.csv")"
python3 - "$T_DISK/tl/plot/rand4k-timeline.dat" "$T_DISK/tl/rand4k-timeline.svg" <<'PY' || fail "the timeline"
import sys, xml.etree.ElementTree as ET
blocks = [b for b in open(sys.argv[1]).read().split("\n\n\n") if b.strip()]
if len(blocks) != 2:
    sys.exit("%d target blocks, not 2" % len(blocks))
for b in blocks:
    vals = [float(l.split()[1]) for l in b.splitlines() if l and not l.startswith("#")]
    if len([v for v in vals if v > 0]) < 4:	# 2 points of 3 s each
        sys.exit("a target has %d seconds with I/O: %s" % (len(vals), b[:200]))
svg = open(sys.argv[2]).read()
ET.fromstring(svg)
# each segment says which read share it is
for want in ("r100%", "r0%"):
    if want not in svg:
        sys.exit("the timeline does not mark the %s point" % want)
PY
# a first target whose points left no whole second of logs (a point of a second or less): the
# other target is drawn, with its own colour (gnuplot counts no block without data, and once
# drew target b's index as a's: "all points y value undefined", the report with no charts)
mkdir -p "$T_DISK/tl1" && cp -r "$T_DISK/tl/s.csv" "$T_DISK/tl/fio" "$T_DISK/tl1/"
python3 - "$T_DISK/tl1" <<'PY' || fail "the sweep's rows of target a"
import csv, glob, os, sys
for r in csv.DictReader(open(sys.argv[1] + "/s.csv")):
    if r["target"] == "a" and r["fio_json"]:
        for f in glob.glob(sys.argv[1] + "/" + r["fio_json"][:-len(".json")] + "_*.log"):
            os.unlink(f)
PY
"$N" plot "$T_DISK/tl1/s.csv" --timeline >"$T_DISK/tl1.out" 2>&1 ||
	fail "plot --timeline with no seconds of the first target: $(cat "$T_DISK/tl1.out")"
grep -q "index 0 using 1:2 with lines lw 1.5 lc 2 title 'b'" "$T_DISK/tl1/plot/rand4k-timeline.gp" ||
	fail "the timeline of target b alone: $(grep index "$T_DISK/tl1/plot/rand4k-timeline.gp")"

# One run a side, judged by its seconds: a 13 s point has 10 whole seconds of samples, 10
# batches of one. The file against itself: every total the same (1.000x, no difference), by
# its seconds (^); latency shown and not judged (one run), with why; a 3 s point too short.
"$N" run --profile rand4k --mix 100 --target a="$T_SHM" --target b="$T_DISK" --runtime 13 \
	--ramp 0 --numjobs 1 --iodepth 4 --size 8m --no-report --out "$T_DISK/sec/s.csv" 2>/dev/null ||
	fail "the 13 s sweep"
"$N" compare "$T_DISK/sec/s.csv" "$T_DISK/sec/s.csv" --out "$T_DISK/sec/runs.csv" \
	>"$T_DISK/sec/runs.txt" || fail "compare of one run with itself"
"$N" compare "$T_DISK/tl/s.csv" "$T_DISK/tl/s.csv" --out "$T_DISK/tl/runs.csv" >/dev/null ||
	fail "compare of 3 s runs"
# summary's latencies in ms, as every other output (3 decimals: a local read is tens of us)
"$N" summary "$T_DISK/sec/s.csv" >"$T_DISK/sec/summary.txt" || fail "summary of the 13 s sweep"
grep -A2 'completion latency p50/p99 in ms' "$T_DISK/sec/summary.txt" |
	grep -Eq '^100 +[0-9]+\.[0-9]{3}/[0-9]+\.[0-9]{3} \| - +[0-9]+\.[0-9]{3}/[0-9]+\.[0-9]{3} \| -$' ||
	fail "summary's latency is not in ms: $(cat "$T_DISK/sec/summary.txt")"
grep -q '^\^: 2 from one run a side, by its seconds' "$T_DISK/sec/runs.txt" ||
	fail "compare does not say the seconds are a lower bound: $(cat "$T_DISK/sec/runs.txt")"
python3 - "$T_DISK/sec/runs.csv" "$T_DISK/tl/runs.csv" <<'PY' || fail "one run judged by its seconds"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
tot = [r for r in rows if r["metric"] == "total_iops"]
lat = [r for r in rows if r["metric"] != "total_iops"]
assert len(tot) == 2 and len(lat) == 2, rows
for r in tot:
    assert (r["method"], r["sides_n"], r["verdict"]) == ("seconds", "10+10", "no_difference"), r
    assert r["ratio_geo"] == "1.000" and float(r["ratio_low"]) < 1 < float(r["ratio_high"]), r
for r in lat:
    assert r["verdict"] == "not_judged" and "fio logs no latency per second" in r["why"], r
for r in csv.DictReader(open(sys.argv[2], newline="")):
    assert r["verdict"] == "not_judged", r
    assert "whole second" in r["why"] and "10 at least" in r["why"] or "no latency" in r["why"], r
PY

for f in "$T_TOP"/results-schema/reference/*.csv; do
	"$N" validate "$f" >/dev/null || fail "reference $f does not validate"
done
printf 'source,figure,workload,read_pct,metric,value,unit\nx,y,z,150,m,1,u\n' >"$T_DISK/badref.csv"
"$N" validate "$T_DISK/badref.csv" 2>/dev/null && fail "a bad reference file validated"
echo ok
