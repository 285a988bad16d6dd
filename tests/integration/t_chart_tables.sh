#!/bin/bash
# The chart-ready tables (results/chart_table.c): run writes them beside
# the results, with the columns the schema document gives (the TARGET_
# pattern expanded per target, grouped by figure), and every number in
# them is the one summary prints for the same file (repeats folded the
# same way); the nconnect table's ratios are compare.csv's; `nfsweep
# table` writes the same bytes again, and names a line it cannot use.
# The workbook (nfsweep sheet) of that sweep, under a note that looks
# like a formula, and of the nconnect fixture, opened by LibreOffice
# (sheet_check.py): every sheet back to CSV against the files, no formula,
# the note read back as text, each chart's series drawn on a PDF page.
# target: disk
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
doc=$T_TOP/results-schema/README.md
NOTE='=HYPERLINK("http://127.0.0.1/","x"), -1+2'
documented() {
	awk -v f="### $1:" 'index($0, f) == 1 { on = 1; next } on && /^### / { exit }
		on && /^\| `/ { split($0, c, "`"); printf "%s%s", n++ ? "," : "", c[2] } END { print "" }' "$doc"
}

# check_tables CSV: each FILE.PROFILE.table.csv against the schema and summary
check_tables() {
	"$N" summary "$1" > "$T_DISK/summary.txt" || fail "summary $1 exited $?"
	python3 - "$1" "$(documented FILE.PROFILE.table.csv)" "$T_DISK/summary.txt" <<'PY'
import csv, re, sys
res, doc, summ = sys.argv[1], sys.argv[2].split(","), open(sys.argv[3]).read()
rows = list(csv.DictReader(open(res, newline="")))
targets = list(dict.fromkeys(r["target"] for r in rows))
profiles = list(dict.fromkeys(r["profile"] for r in rows))
# summary's tables: {(profile, kind): {pct: [cells per target]}}
tables, cur, kind = {}, None, None
# (every table's title line starts the next table: the rows of one summary keeps for itself,
# what limited each point, are not the latency table's)
for line in summ.splitlines():
    m = re.match(r"(\S+): (total|completion latency)?", line)
    if m:
        kind = m.group(2)
        cur = tables.setdefault((m.group(1), kind), {}) if kind else None
    elif cur is not None and re.match(r"\d+ ", line):
        if kind == "total":
            # a total: "1234", "1234 +-3.1%" or "-" each, in columns that may touch
            toks = line.split()
            cells = [toks[0]]
            for tok in toks[1:]:
                if tok.startswith("+-"):
                    cells[-1] += " " + tok
                else:
                    cells.append(tok)
        else:
            cells = re.split(r"  +", line.strip())
        if len(cells) != len(targets) + 1:
            sys.exit("summary's row %r: %d cells for %d targets" % (line, len(cells) - 1,
                                                                   len(targets)))
        cur[int(cells[0])] = cells[1:]
checked = 0
for p in profiles:
    path = res[:-4] + ".%s.table.csv" % p
    t = list(csv.reader(open(path, newline="")))
    head = t[0]
    mib = any(h.endswith("_total_mib_s") for h in head)
    want = []
    for d in doc:
        if d == ("TARGET_total_iops" if mib else "TARGET_total_mib_s"):
            continue
        want += [tg + d[6:] for tg in targets] if d.startswith("TARGET") else [d]
    if head != want:
        sys.exit("%s: header %s, documented as %s" % (path, head, want))
    tot, lat = tables[(p, "total")], tables[(p, "completion latency")]
    if [int(r[0]) for r in t[1:]] != sorted(tot, reverse=True):
        sys.exit("%s: read shares %s, summary has %s" % (path, [r[0] for r in t[1:]], list(tot)))
    for r in t[1:]:
        c = dict(zip(head, r)); pct = int(c["read_pct"])
        for i, tg in enumerate(targets):
            s = tot[pct][i].split()[0]	# with repeats: "1234 +-3.1%"
            v = c[tg + ("_total_mib_s" if mib else "_total_iops")]
            if (s == "-") != (v == "") or (v and abs(float(v) - float(s)) > (0.05 if mib else 0.5) + 1e-9):
                sys.exit("%s read %d %s: total %r, summary %r" % (path, pct, tg, v, s))
            rd, wr = (x.strip() for x in lat[pct][i].split("|")) if "|" in lat[pct][i] else ("-", "-")
            for d, cell in (("read", rd), ("write", wr)):
                got = [c[tg + "_%s_p%s_ms" % (d, q)] for q in ("50", "99")]
                exp = ["-", "-"] if cell == "-" else cell.split("/")
                for g, e in zip(got, exp):
                    # (summary's ms to three decimals)
                    if (e == "-") != (g == "") or (g and abs(float(g) - float(e)) > 0.0005 + 1e-9):
                        sys.exit("%s read %d %s %s: %r ms, summary %r ms" % (path, pct, tg, d, g, e))
                    checked += g != ""
            n = sum(1 for x in rows if x["profile"] == p and x["target"] == tg and
                    int(x["read_pct"]) == pct and x["status"] == "ok")
            if c[tg + "_rows"] != (str(n) if n else ""):
                sys.exit("%s read %d %s: rows %r, the file has %d ok" % (path, pct, tg, c[tg + "_rows"], n))
            checked += 1
print("%d figures as summary has them" % checked)
if checked < 20:
    sys.exit("too few figures checked")
PY
}

tables_equal_summary() {
	local csv=$T_DISK/t/sweep.csv out rc
	mkdir -p "$T_DISK/t/a"
	# (a note that a spreadsheet would take for a formula: the workbook's scenario reads it back)
	"$N" run --profile rand4k,seq64k --mix 100,50,0 --target a="$T_DISK/t/a" \
		--target b="$T_SHM" --runtime 1 --ramp 0 --numjobs 1 --iodepth 4 --size 8m \
		--repeat 2 --no-report --note "$NOTE" --out "$csv" 2>/dev/null ||
		fail "the sweep exited $?"
	cp "$csv" "$T_DISK/kept.csv"
	check_tables "$csv" || fail "the tables run wrote do not say what summary says"
	# the published figures, in the unit of the totals, beside (at 100 and 0 only)
	python3 - "$T_DISK/t/sweep.seq64k.table.csv" <<'PY' || fail "published figures"
import csv, sys
t = {r["read_pct"]: r["published_total"] for r in csv.DictReader(open(sys.argv[1]))}
if not t["100"] or not t["0"] or t["50"]:
    sys.exit("published_total: %s" % t)
PY
	cp "$T_DISK/t/sweep.seq64k.table.csv" "$T_DISK/before.csv"
	rm "$T_DISK"/t/*.table.csv
	"$N" table "$csv" > "$T_DISK/list" || fail "table exited $?"
	[ "$(wc -l < "$T_DISK/list")" = 2 ] || fail "table printed: $(cat "$T_DISK/list")"
	cmp "$T_DISK/before.csv" "$T_DISK/t/sweep.seq64k.table.csv" ||
		fail "nfsweep table wrote another seq64k table than run did"
	# a line it cannot use is named, and the status says so
	sed -i '3s/,ok,/,nosuch,/' "$csv"
	out=$("$N" table "$csv" 2>&1 >/dev/null)
	rc=$?
	[ $rc = 1 ] || fail "a damaged line: table exited $rc"
	grep -q "nfsweep table: .*sweep.csv:3: .*not used" <<<"$out" || fail "line 3 not named: $out"
}

nconnect_table() {
	cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$T_DISK/n.csv"
	"$N" table "$T_DISK/n.csv" >/dev/null || fail "table exited $?"
	"$N" compare "$T_DISK/n.csv" --base nc1 >/dev/null || fail "compare exited $?"
	python3 - "$T_DISK/n.nconnect.table.csv" "$T_DISK/compare.csv" \
		"$(documented FILE.nconnect.table.csv)" <<'PY' || fail "the nconnect table is not compare's"
import csv, sys
t = list(csv.DictReader(open(sys.argv[1], newline="")))
want = [d.replace("TARGET_", "nc8_") for d in sys.argv[3].split(",")]
if list(t[0]) != want:
    sys.exit("header %s, documented %s" % (list(t[0]), want))
cmp = {(r["profile"], r["read_pct"]): r for r in csv.DictReader(open(sys.argv[2])) if r["kind"] == "headline"}
if len(t) != 4 or len(cmp) != 4:
    sys.exit("%d rows, compare has %d headlines" % (len(t), len(cmp)))
for r in t:
    c = cmp[(r["profile"], r["read_pct"])]
    for a, b in (("nc8_ratio", "ratio"), ("published_ratio", "published_ratio"),
                 ("nc8_difference_from_published_pct", "difference_from_published_pct"),
                 ("workload", "what"), ("base", "base"), ("metric", "metric")):
        if r[a] != c[b]:
            sys.exit("%s %s: %s=%r, compare.csv's %s=%r" % (r["profile"], r["read_pct"], a, r[a], b, c[b]))
print("4 headlines as compare.csv has them")
PY
}

# calc_table DIR: Calc's default import of DIR/s.seq64k.table.csv has numbers in columns A to C
calc_table() {
	mkdir -p "$1/calc"
	HOME=$1/calc timeout 120 soffice "-env:UserInstallation=file://$1/calc/lo" --headless \
		--norestore --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true' \
		--outdir "$1/calc" "$1/s.seq64k.table.csv" >/dev/null 2>&1 || fail "Calc did not open the table"
	python3 - "$1/calc/s.seq64k.table.csv" "$T_HERE" <<'PY' || fail "the table's columns A to C in Calc"
import sys
sys.path.insert(0, sys.argv[2])
from sheet_check import read_quoted
rows = read_quoted(sys.argv[1])
if len(rows) != 4 or [c for c, _ in rows[0][:3]] != ["read_pct", "a_total_mib_s", "b_total_mib_s"]:
    sys.exit("Calc read %s" % rows[:2])
for r in rows[1:]:
    if any(q or not c for c, q in r[:3]):
        sys.exit("not numbers in Calc: %s" % r[:3])
print("Calc: the table's columns A to C are numbers in %d rows" % (len(rows) - 1))
PY
}

workbook() {
	local out rc d=$T_DISK/w
	mkdir -p "$d"
	# the first scenario's sweep, as run wrote it (repeats, two targets, the formula-like note)
	cp "$T_DISK/kept.csv" "$d/s.csv"
	cp -r "$T_DISK/t/fio" "$d/fio"
	"$N" table "$d/s.csv" >/dev/null || fail "table exited $?"
	[ "$("$N" sheet "$d/s.csv")" = "$d/s.xlsx" ] || fail "sheet did not print its workbook's path"
	sheet_check "$d/s.xlsx" "$d/s.csv" --need rand4k --need seq64k --hostile "$NOTE" \
		--shot "$T_SHEET_OUT/local.png" || fail "the workbook of a local sweep"
	# the README's two steps begin with opening a table as it is: Calc's default import (what a
	# double click does) takes the read share and each target's total as numbers
	if [ -n "$T_OFFICE" ]; then calc_table "$d"; fi
	cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$d/n.csv"
	"$N" table "$d/n.csv" >/dev/null && "$N" sheet "$d/n.csv" --out "$d/fixture.xlsx" >/dev/null ||
		fail "sheet of the fixture exited $?"
	[ ! -e "$d/n.xlsx" ] || fail "--out was not where the workbook went"
	cp "$d/fixture.xlsx" "$d/n.xlsx"
	sheet_check "$d/n.xlsx" "$d/n.csv" --need nconnect --shot "$T_SHEET_OUT/fixture.png" ||
		fail "the workbook of the nconnect fixture"
	# a workbook that cannot be written: named, exit 3, nothing left under its name
	out=$("$N" sheet "$d/n.csv" --out /proc/no/such.xlsx 2>&1)
	rc=$?
	[ $rc = 3 ] || fail "an unwritable workbook: exit $rc, not 3"
	grep -q "nfsweep sheet: .*/proc/no/such.xlsx" <<<"$out" || fail "the path is not named: $out"
	# written to a temporary file and renamed: a FIFO (a device) given as --out stays one
	mkfifo "$d/fifo"
	expect 3 "nfsweep sheet: $d/fifo: exists and is not a regular file" sheet "$d/n.csv" --out "$d/fifo"
	expect 3 "nfsweep compare: --out $d/fifo: there, and not a regular file" compare "$d/n.csv" \
		--out "$d/fifo"
	[ -p "$d/fifo" ] || fail "--out replaced a FIFO"
}

scenario "run's tables say what summary says; table writes them again" tables_equal_summary
scenario "the nconnect table is compare's headlines" nconnect_table
scenario "the workbook in LibreOffice: a local sweep, the nconnect fixture" workbook
scenarios_done
