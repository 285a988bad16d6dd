#!/bin/bash
# A results CSV opens in LibreOffice Calc with its default CSV import (no
# dialog choice): numbers land as numbers, text with commas and quotes lands
# whole, one spreadsheet row per results row, and no text cell becomes a
# formula (a note beginning with '=' or '-': Calc's default import evaluates
# "=1+1", and so does every spreadsheet).
# target: disk
. "$(dirname "$0")/lib.sh"
"$T_TOP/tools/deps.sh" office >/dev/null 2>&1 || skip "libreoffice-calc-nogui could not be installed"
command -v soffice >/dev/null || skip "no soffice after installing libreoffice-calc-nogui"
N=$NFSWEEP
mkdir -p "$T_DISK/s"
out=$T_DISK/s/sweep.csv out2=$T_DISK/s/fail.csv out3=$T_DISK/s/formula.csv
# Two ok rows and two failed ones, whose error text has commas and quotes.
"$N" run --profile rand4k --mix 100,0 --target local="$T_SHM" --runtime 1 --ramp 0 \
	--numjobs 1 --iodepth 4 --size 8m --note '=1+1, a "quoted", comma note' --out "$out" 2>/dev/null ||
	fail "sweep for the spreadsheet test"
# (1-byte blocks under O_DIRECT: fio's error names the file, in a directory
# whose name has a comma and quotes)
odd=$T_DISK/'t "q", c'
mkdir -p "$odd"
"$N" run --profile seq64k --mix 100,0 --target local="$odd" --runtime 1 --ramp 0 \
	--numjobs 1 --iodepth 4 --size 8m --fio-opt bs=1 --out "$out2" 2>/dev/null
[ $? = 1 ] || fail "the failing points did not fail"
grep -q '""q"", c' "$out2" || fail "the failing points' error text does not quote the directory"
"$N" run --profile seq64k --mix 100 --target local="$T_SHM" --runtime 1 --ramp 0 \
	--numjobs 1 --iodepth 4 --size 8m --note '-1+2' --out "$out3" 2>/dev/null ||
	fail "the '-1+2' note's sweep failed"
# one file of the three kinds of row: the resume check keeps a file's rows alike
tail -n +2 "$out2" >> "$out" && tail -n +2 "$out3" >> "$out"

# A headless conversion with no --infilter: what a double-click does.
HOME=$T_DISK timeout 120 soffice --headless --norestore --convert-to fods --outdir "$T_DISK/s" \
	"$out" >/dev/null 2>&1 || fail "soffice --convert-to fods failed"
python3 - "$T_DISK/s/sweep.fods" "$out" <<'PY' || fail "the spreadsheet does not hold the CSV as it is"
import csv, sys, xml.etree.ElementTree as ET
ns = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
      "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
      "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}
V = "{%s}" % ns["office"]
rows = []
for tr in ET.parse(sys.argv[1]).getroot().iter("{%s}table-row" % ns["table"]):
    cells = []
    for tc in tr.findall("table:table-cell", ns):
        if tc.get("{%s}formula" % ns["table"]):
            sys.exit("a cell became a formula: %s" % tc.get("{%s}formula" % ns["table"]))
        rep = int(tc.get("{%s}number-columns-repeated" % ns["table"], "1"))
        text = "\n".join("".join(p.itertext()) for p in tc.findall("text:p", ns))
        cells += [(tc.get(V + "value-type"), tc.get(V + "value"), text)] * min(rep, 200)
    rows.append(cells)
with open(sys.argv[2], newline="") as f:
    want = list(csv.reader(f))
rows = rows[:len(want)]
if len(rows) != len(want): sys.exit("%d spreadsheet rows, %d CSV rows" % (len(rows), len(want)))
header = want[0]
num = {"read_iops", "total_iops", "read_mib_s", "read_clat_p99_us", "iodepth", "read_pct"}
for i, (got, exp) in enumerate(zip(rows[1:], want[1:]), 2):
    for j, col in enumerate(header):
        t, v, text = got[j] if j < len(got) else (None, None, "")
        if exp[j] == "":
            continue
        if col in num:
            if t != "float" or abs(float(v) - float(exp[j])) > 1e-9:
                sys.exit("row %d %s: %s %s, CSV has %s" % (i, col, t, v, exp[j]))
        elif col in ("error", "note", "engine") and text != exp[j]:
            sys.exit("row %d %s: %r, CSV has %r" % (i, col, text, exp[j]))
print("spreadsheet: %d rows as in the CSV" % (len(rows) - 1))
PY
echo ok
