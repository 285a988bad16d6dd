#!/bin/bash
# Latency distributions on a local directory (issue 51): FILE.lat.csv, fio's completion-latency
# histograms (json+ bins) per point and direction;
#  - a point's bucket counts of a direction add up to fio's I/O count of it (its JSON's
#    total_ios over the jobs), and nothing where it did none; buckets in order, none overlapping,
#    each as wide as fio's log-linear scheme makes it;
#  - p50 and p99 read off the buckets are the row's own (within the one bucket fio reports);
#  - the rows validate, FILE.lat.csv with them;
#  - plot draws PROFILE-cdf from them: each line ends at 1, its I/Os the repeats' added up;
#  - compare BEFORE AFTER --report draws each profile's pair, before and after, each line its
#    file's counts, on the page (opened in Chromium);
#  - a FILE.lat.csv left over without its results file is refused, nothing overwritten.
# (--hosts: each host's counts add up in t_hosts_local.)
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
cd "$T_DISK" || exit 1
q=(--profile rand4k --mix "100,0" --target a="$T_SHM" --numjobs 2 --iodepth 4 --repeat 2
   --runtime 1 --ramp 0 --size 8m --direct 0 --no-report)

"$N" run "${q[@]}" --out r1/s.csv >r1.log 2>&1 || { cat r1.log; fail "the sweep"; }
"$N" validate r1/s.csv >validate.out || fail "validate: $(cat validate.out)"
grep -q "r1/s.lat.csv: [0-9]* rows, schema" validate.out || fail "validate does not check s.lat.csv: $(cat validate.out)"
python3 - r1/s.csv r1/s.lat.csv <<'PY' || fail "FILE.lat.csv against fio's reports"
import csv, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1])))
lat = list(csv.DictReader(open(sys.argv[2])))
assert len(rows) == 4 and all(r["status"] == "ok" for r in rows), rows
for r in rows:
    text = open(os.path.join(os.path.dirname(sys.argv[1]), r["fio_json"])).read()
    jobs = json.loads(text[text.index("{"):])["jobs"]
    for d in ("read", "write"):
        b = [x for x in lat if x["fio_json"] == r["fio_json"] and x["direction"] == d]
        ios = sum(j[d]["total_ios"] for j in jobs)
        n = sum(int(x["count"]) for x in b)
        assert n == ios, (r["fio_json"], d, n, ios)
        if not ios:
            continue
        lo = [int(x["lat_lo_ns"]) for x in b]
        hi = [int(x["lat_hi_ns"]) for x in b]
        for k in range(len(b)):
            # fio's buckets: 1 ns wide below 128 ns, then 2^(msb - 6): 64 per power of two
            w = 1 if lo[k] < 128 else 1 << (lo[k].bit_length() - 7)
            assert hi[k] - lo[k] == w and (k == 0 or lo[k] >= hi[k - 1]), (d, lo[k], hi[k])
        run = 0
        for q, col in ((0.5, "_clat_p50_us"), (0.99, "_clat_p99_us")):
            run = 0
            for k in range(len(b)):
                run += int(b[k]["count"])
                if run >= q * n:
                    break
            v = float(r[d + col]) * 1000
            assert lo[k] <= v < hi[k], (r["fio_json"], d, col, v, lo[k], hi[k])
    print("%s: reads %s, writes %s completions, p50/p99 in their buckets" % (
        r["fio_json"], r["read_iops"] and sum(j["read"]["total_ios"] for j in jobs),
        sum(j["write"]["total_ios"] for j in jobs)))
PY

if "$T_TOP/tools/deps.sh" plot >/dev/null 2>&1; then
	"$N" plot r1/s.csv >plot.out 2>&1 || fail "plot: $(cat plot.out)"
	[ -s r1/rand4k-cdf.png ] && [ -s r1/rand4k-cdf.svg ] || fail "no CDF chart: $(cat plot.out)"
	python3 - r1/s.lat.csv r1/plot/rand4k-cdf.dat <<'PY' || fail "the CDF's data"
import csv, re, sys
lat = list(csv.DictReader(open(sys.argv[1])))
blocks = [b for b in open(sys.argv[2]).read().split("\n\n\n") if b.strip()]
assert len(blocks) == 2, len(blocks)  # reads at 100 %, writes at 0 %
for b, d in zip(blocks, ("read", "write")):
    ios = int(re.search(r"share of its (\d+) I/Os", b).group(1))
    want = sum(int(x["count"]) for x in lat if x["direction"] == d)
    assert ios == want, (d, ios, want)  # both repeats' counts, added
    pts = [tuple(map(float, l.split())) for l in b.splitlines() if l and l[0] != "#"]
    assert pts[0][1] == 0 and abs(pts[-1][1] - 1) < 1e-9, (pts[0], pts[-1])
    assert all(pts[i][1] <= pts[i + 1][1] for i in range(len(pts) - 1))
print("rand4k-cdf.dat: reads and writes, each the repeats' %s I/Os, 0 to 1" % "+".join(
    str(sum(int(x["count"]) for x in lat if x["direction"] == d)) for d in ("read", "write")))
PY
	# compare --report of two runs: the pair's distributions, before and after, in one chart
	"$N" run "${q[@]}" --repeat 1 --out c2/s.csv >c2.log 2>&1 || { cat c2.log; fail "the second sweep"; }
	mkdir -p cmp
	"$N" compare r1/s.csv c2/s.csv --report --out cmp/compare-runs.csv >cmp.out 2>&1 ||
		fail "compare --report: $(cat cmp.out)"
	python3 - r1/s.lat.csv c2/s.lat.csv cmp/plot/compare-rand4k-cdf.dat <<'PY' || fail "the compared pair's CDF data"
import csv, re, sys
lat = [list(csv.DictReader(open(f))) for f in sys.argv[1:3]]
blocks = [b for b in open(sys.argv[3]).read().split("\n\n\n") if b.strip()]
want = [("before", "reads", 0, "read"), ("after", "reads", 1, "read"),
        ("before", "writes", 0, "write"), ("after", "writes", 1, "write")]
assert len(blocks) == 4, len(blocks)
for b, (side, dirs, f, d) in zip(blocks, want):
    m = re.match(r"# (\w+), target a, (\w+) at \d+ % read: latency \(us\), share of (\d+) I/Os", b)
    assert m and m.groups()[:2] == (side, dirs), (b[:120], side, dirs)
    n = sum(int(x["count"]) for x in lat[f] if x["direction"] == d)
    assert int(m.group(3)) == n, (side, d, m.group(3), n)
    pts = [tuple(map(float, l.split())) for l in b.splitlines() if l and l[0] != "#"]
    assert pts[0][1] == 0 and abs(pts[-1][1] - 1) < 1e-9, (pts[0], pts[-1])
print("compare-rand4k-cdf.dat: reads and writes, before and after, each its file's I/Os, 0 to 1")
PY
	grep -q 'alt="compare-rand4k-cdf"' cmp/compare-runs.html || fail "the compare page has no CDF chart"
	report_check cmp/compare-runs.html compare --compare cmp/compare-runs.csv \
		--need 'img[alt="compare-rand4k-cdf"]' >check.out 2>&1 ||
		fail "the compare page in Chromium: $(cat check.out)"
fi

# a leftover FILE.lat.csv without its results file: refused, kept
mkdir -p r2 && head -n 3 r1/s.lat.csv >r2/s.lat.csv
out=$("$N" run "${q[@]}" --out r2/s.csv 2>&1)
rc=$?
[ $rc = 2 ] && grep -qF "r2/s.lat.csv exists, without the results file it belongs to" <<<"$out" ||
	fail "a leftover s.lat.csv: exit $rc: $out"
[ "$(wc -l <r2/s.lat.csv)" = 3 ] || fail "the leftover s.lat.csv was changed"
echo "FILE.lat.csv: counts, percentiles, CDF, the compared pair's, leftovers"
