#!/bin/bash
# A depth sweep on a local directory (issue 51): run --numjobs 1,2 --iodepth 1,4 runs every read
# share at each numjobs x iodepth, numjobs the outer, in plan's order;
#  - each row records the depth fio really ran (its JSON's numjobs and iodepth), the rows
#    validate, and plan lists the same points with their depths;
#  - interrupted (SIGINT) and resumed, only the points not done run, each depth once;
#  - every reader takes each depth as a point of its own: summary's PROFILE-NUMJOBSxIODEPTH
#    tables, one row each, never one depth's rows folded into another's repeats; summary's
#    curve names the depth that moved the most and the least within 10 % of it, and says that
#    one run per depth cannot tell 10 % from noise;
#  - plot draws PROFILE-depth: the figure and p99 against numjobs x iodepth, a line per
#    target, read share and numjobs, its data the rows' means; the report shows it and says
#    each row's depth;
#  - plot draws PROFILE-heat: the figure at each numjobs x iodepth, a panel per target at the
#    highest and lowest read share, each cell the row's mean; the report carries both charts,
#    opened in Chromium (report_check.py: every chart's text readable, the depth table there);
#    FILE.rand4k-depth.table.csv has each depth's figure and p99, and the workbook its sheet and
#    charts, opened by LibreOffice (sheet_check.py);
#  - --published-depth adds the published method's 4 x 128 as a point of its own, and summary and
#    the report set its figure beside the knee (or say that the sweep does not have it);
#  - a depth list that cannot be swept is refused, naming the option.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
cd "$T_DISK" || exit 1
q=(--profile rand4k --mix "100,0" --target a="$T_SHM" --numjobs "1,2" --iodepth "1,4" --runtime 1
   --ramp 0 --size 8m --direct 0)

# 1. plan and run: the same eight points, in the same order, each at the depth it says
"$N" plan "${q[@]}" >plan.out || fail "plan of a depth sweep: $(cat plan.out)"
"$N" run "${q[@]}" --out r1/s.csv --no-report >r1.log 2>&1 || { cat r1.log; fail "the depth sweep"; }
"$N" validate r1/s.csv >/dev/null || fail "r1/s.csv does not validate"
python3 - r1/s.csv plan.out <<'PY' || fail "the rows of the depth sweep"
import csv, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1])))
plan = [l.split() for l in open(sys.argv[2]) if l[:1].isdigit() and "points," not in l]
want = [(pct, nj, qd) for pct in ("100", "0") for nj in ("1", "2") for qd in ("1", "4")]
got = [(r["read_pct"], r["numjobs"], r["iodepth"]) for r in rows]
assert got == want, got
assert [(p[3],) + tuple(p[4].split("x")) for p in plan] == want, plan
for r in rows:
    assert r["status"] == "ok", (r["status"], r["error"])
    text = open(os.path.join(os.path.dirname(sys.argv[1]), r["fio_json"])).read()
    opts = json.loads(text[text.index("{"):])["global options"]
    assert (opts["numjobs"], opts["iodepth"]) == (r["numjobs"], r["iodepth"]), (opts, r["fio_json"])
print("8 points, each at the depth its row says:", " ".join("%s@%sx%s" % g for g in got))
PY

# 2. interrupted after its second point's line, resumed: only what was not done runs
r2=("${q[@]}" --mix 100 --runtime 2 --out r2/s.csv --no-report)
"$N" run "${r2[@]}" >r2.log 2>&1 &
run=$!
for _ in $(seq 1 300); do grep -qF '[2/4]' r2.log 2>/dev/null && break; sleep 0.1; done
kill -INT $run
wait $run
done_before=$(grep -c ',ok,' r2/s.csv)
[ "$done_before" -ge 1 ] && [ "$done_before" -lt 4 ] || { cat r2.log; fail "SIGINT kept $done_before rows"; }
"$N" run "${r2[@]}" --resume >r2b.log 2>&1 || { cat r2b.log; fail "--resume"; }
grep -q "$done_before of 4 points already done" r2b.log || { cat r2b.log; fail "--resume: not $done_before of 4 done"; }
python3 - r2/s.csv "$done_before" <<'PY' || fail "after --resume"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["status"] == "ok"]
keys = sorted((r["read_pct"], r["numjobs"], r["iodepth"]) for r in rows)
assert keys == sorted(("100", nj, qd) for nj in ("1", "2") for qd in ("1", "4")), keys
print("resumed after %d of 4: each depth once" % int(sys.argv[2] if len(sys.argv) > 2 else 0))
PY

# 3. the readers: each depth its own point
"$N" summary r1/s.csv >summary.out || fail "summary: $(cat summary.out)"
for d in 1x1 1x4 2x1 2x4; do
	grep -q "^rand4k-$d: total IOPS" summary.out || fail "summary has no rand4k-$d: $(cat summary.out)"
done
grep -q "^rand4k: total" summary.out && fail "summary folds the depths into one rand4k: $(cat summary.out)"
# its answer: per read share, the depth that moved the most and the least within 10 % of it
python3 - r1/s.csv summary.out <<'PY' || fail "summary's queue-depth curve"
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
out = open(sys.argv[2]).read()
assert "rand4k: the queue-depth curve, total IOPS" in out, out
assert "one run per depth: a difference under about 10 % may be noise" in out, out
for pct in ("100", "0"):
    pts = [(float(r["total_iops"]), int(r["numjobs"]) * int(r["iodepth"]), r) for r in rows if r["read_pct"] == pct]
    most = max(pts, key=lambda x: x[0])
    knee = min((p for p in pts if p[0] >= 0.9 * most[0]), key=lambda x: x[1])
    want = "%-7s %-12s %-26s %.0f at %d (%sx%s)" % (
        pct, "a", "%.0f at %d (%sx%s)" % (most[0], most[1], most[2]["numjobs"], most[2]["iodepth"]),
        knee[0], knee[1], knee[2]["numjobs"], knee[2]["iodepth"])
    assert want in out, (want, out)
    print("read %s %%: the most at %d, within 10 %% from %d in flight" % (pct, most[1], knee[1]))
PY

# 4. the depth chart and the report
if "$T_TOP/tools/deps.sh" plot >/dev/null 2>&1; then
	"$N" plot r1/s.csv >plot.out 2>&1 || fail "plot: $(cat plot.out)"
	[ -s r1/rand4k-depth.png ] && [ -s r1/rand4k-depth.svg ] || fail "no depth chart: $(cat plot.out)"
	python3 - r1/s.csv r1/plot/rand4k-depth.dat <<'PY' || fail "the depth chart's data"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
blocks = [b for b in open(sys.argv[2]).read().split("\n\n\n") if b.strip()]
# a line per read share and numjobs: 100 % 1 job, 100 % 2 jobs, 0 % 1 job, 0 % 2 jobs
assert len(blocks) == 4, len(blocks)
for b, (pct, nj) in zip(blocks, [("100", "1"), ("100", "2"), ("0", "1"), ("0", "2")]):
    pts = [l.split() for l in b.splitlines() if l and l[0] != "#"]
    for p in pts:
        r = [r for r in rows if (r["read_pct"], r["numjobs"], r["iodepth"]) == (pct, nj, p[1])]
        assert len(r) == 1 and int(p[0]) == int(nj) * int(p[1]), (pct, nj, p)
        assert abs(float(p[3]) - float(r[0]["total_iops"])) < 0.01, (p, r[0]["total_iops"])
        lat = r[0]["read_clat_p99_us" if pct != "0" else "write_clat_p99_us"]
        assert abs(float(p[6]) - float(lat)) < 0.01, (p, lat)
    assert [int(p[1]) for p in pts] == [1, 4], pts
print("rand4k-depth.dat: 4 lines of 2 depths, each point the row's IOPS and p99")
PY
	python3 - r1/s.csv r1/plot/rand4k-heat.dat <<'PY' || fail "the heat map's data"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
blocks = [b for b in open(sys.argv[2]).read().split("\n\n\n") if b.strip()]
# a panel per target at its highest and lowest read share; cells iodepth column, numjobs row
assert [b.splitlines()[0] for b in blocks] == ["# target a, read 100 %: iodepth column, numjobs row, IOPS, its text",
                                              "# target a, read 0 %: iodepth column, numjobs row, IOPS, its text"], blocks
for b, pct in zip(blocks, ("100", "0")):
    cells = [l.split() for l in b.splitlines() if l and l[0] != "#"]
    assert len(cells) == 4, cells
    for c in cells:
        nj, qd = ("1", "2")[int(c[1])], ("1", "4")[int(c[0])]
        r = [r for r in rows if (r["read_pct"], r["numjobs"], r["iodepth"]) == (pct, nj, qd)]
        assert len(r) == 1 and abs(float(c[2]) - float(r[0]["total_iops"])) < 0.01, (c, r)
print("rand4k-heat.dat: 2 panels of 2 x 2 cells, each the row's IOPS")
PY
	# one run per depth: the map says what its cells cannot tell apart
	grep -q "one run per depth: a difference under about 10 % may be noise" r1/plot/rand4k-heat.gp ||
		fail "the heat map does not say that one run per depth may be noise"
	"$N" report r1/s.csv >/dev/null 2>report.err || fail "report: $(cat report.err)"
	grep -q 'rand4k-depth.svg' r1/s.html || fail "the report has no depth chart"
	grep -q 'rand4k-heat.svg' r1/s.html || fail "the report has no heat map"
	grep -q "published method&#39;s depth (4 jobs x 128) is not in this sweep" r1/s.html ||
		fail "the report does not say that the published depth is not in the sweep"
	report_check r1/s.html any --need "table#depth" --need 'img[alt="rand4k-heat"]' \
		--need 'img[alt="rand4k-depth"]' --need 'img[alt="rand4k-1x1-cdf"]' >check.out 2>&1 ||
		fail "the depth sweep's page in Chromium: $(cat check.out)"
	# the workbook: the depth sheet (its table, FILE.rand4k-depth.table.csv, and its charts),
	# opened by LibreOffice
	python3 - r1/s.csv r1/s.rand4k-depth.table.csv <<'PY' || fail "FILE.rand4k-depth.table.csv"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
table = list(csv.DictReader(open(sys.argv[2])))
want = [(pct, nj, qd) for pct in ("100", "0") for nj in ("1", "2") for qd in ("1", "4")]
assert [(r["read_pct"], r["numjobs"], r["iodepth"]) for r in table] == want, table
for t in table:
    r = [r for r in rows if (r["read_pct"], r["numjobs"], r["iodepth"]) == (t["read_pct"], t["numjobs"], t["iodepth"])]
    assert len(r) == 1 and int(t["in_flight"]) == int(t["numjobs"]) * int(t["iodepth"]), (t, r)
    assert abs(float(t["a_total_iops"]) - float(r[0]["total_iops"])) < 0.01, (t, r[0]["total_iops"])
    p99 = r[0]["read_clat_p99_us" if t["read_pct"] != "0" else "write_clat_p99_us"]
    assert abs(float(t["a_p99_ms"]) * 1000 - float(p99)) < 0.01, (t, p99)
    assert t["a_rows"] == "1", t
print("FILE.rand4k-depth.table.csv: 8 rows, each the row's IOPS and p99")
PY
	"$N" sheet r1/s.csv >sheet.out 2>&1 || fail "sheet: $(cat sheet.out)"
	sheet_check r1/s.xlsx r1/s.csv --need rand4k-depth >sheet_check.out 2>&1 ||
		fail "the depth sweep's workbook in LibreOffice: $(cat sheet_check.out)"
	grep -q '<th>numjobs x iodepth</th>' r1/s.html || fail "the report's table does not say each row's depth"
	# the answer at a glance: summary's, each depth in words
	python3 - r1/s.html summary.out <<'PY' || fail "the report's queue-depth table"
import html, re, sys
page = open(sys.argv[1]).read()
m = re.search(r'<table id="depth">(.*?)</table>', page, re.S)
assert m, "no queue-depth table at a glance"
cells = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)] for tr in re.findall(r"<tr>(.*?)</tr>", m.group(1)) if "<td" in tr]
summ = open(sys.argv[2]).read()
assert len(cells) == 2, cells
for c in cells:
    most = re.match(r"(\d+) IOPS at (\d+) in flight \((\d+x\d+)\)", c[3]).groups()
    knee = re.match(r"(\d+) IOPS at (\d+) in flight \((\d+x\d+)\)", c[4]).groups()
    line = "%-7s %-12s %-26s %s at %s (%s)" % (c[1], c[2], "%s at %s (%s)" % most, *knee)
    assert line in summ, (line, summ)
PY
fi

# 5. the published method's depth beside the knee
grep -q "the published method's depth (4 jobs x 128) is not in this sweep: run --published-depth adds it" \
	summary.out || fail "summary does not say that the published depth is not in the sweep"
p=(--profile rand4k --mix 100 --target a="$T_SHM" --numjobs 1 --iodepth 1 --published-depth
   --runtime 1 --ramp 0 --size 8m --direct 0)
"$N" plan "${p[@]}" | grep -q '^2 .* 4x128 ' || fail "plan --published-depth has no 4x128 point"
"$N" run "${p[@]}" --out r4/s.csv >r4.log 2>&1 || { cat r4.log; fail "run --published-depth"; }
"$N" summary r4/s.csv >summary4.out || fail "summary of r4: $(cat summary4.out)"
python3 - r4/s.csv summary4.out r4/s.html <<'PY' || fail "the published depth beside the knee"
import csv, html, re, sys
rows = {(r["numjobs"], r["iodepth"]): float(r["total_iops"]) for r in csv.DictReader(open(sys.argv[1]))}
assert sorted(rows) == [("1", "1"), ("4", "128")], rows
pub, most = rows[("4", "128")], max(rows.values())
want = "%.0f, %.0f %% of the most" % (pub, 100 * pub / most)
line = [l for l in open(sys.argv[2]) if re.match(r"100 +a +\d+ at \d+ \(", l)]
assert len(line) == 1 and line[0].rstrip().endswith(want), (want, line)
page = html.unescape(open(sys.argv[3]).read())
assert "<td class=\"n\">%.0f IOPS, %.0f %% of the most</td>" % (pub, 100 * pub / most) in page, want
assert "is not in this sweep" not in page
print("the published 4x128:", want)
PY
out=$("$N" plan --profile eda --target a="$T_SHM" --published-depth 2>&1)
rc=$?
[ $rc = 2 ] && grep -q -- "--published-depth: --profile eda runs at its own iodepth" <<<"$out" ||
	fail "--published-depth with eda: exit $rc: $out"

# 6. refused, naming the option
out=$("$N" run "${q[@]}" --iodepth 4,4 --out r3/s.csv 2>&1)
rc=$?
[ $rc = 2 ] && grep -q -- "--iodepth '4,4': 4 is listed twice" <<<"$out" ||
	fail "--iodepth 4,4: exit $rc: $out"
[ ! -e r3/s.csv ] || fail "a refused depth list left r3/s.csv"
echo "depth sweep: rows, resume, readers, chart, refusals"
