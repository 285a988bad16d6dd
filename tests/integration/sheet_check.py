#!/usr/bin/python3
"""A workbook of nfsweep sheet, opened by LibreOffice as a user's spreadsheet opens it.

    sheet_check.py BOOK.xlsx RESULTS.csv [--shot PAGE.png] [--need SHEET]... [--hostile TEXT]

- Calc converts every sheet to CSV (text cells quoted, numbers not, values unrounded): the
  results sheet holds every row of RESULTS.csv, each number of an integer or decimal column
  (by the schema document) a numeric cell of the same value, each text its text; the hosts,
  ops and rpc sheets likewise for the files beside; each chart sheet holds its chart-ready
  table (RESULTS.WHAT.table.csv) value for value; the run sheet names each recorded command.
- No cell of the workbook is a formula (its sheets' XML), and a text that begins like one
  (--hostile) reads back as that text.
- Calc exports the workbook to PDF: no two texts of a page overlap (pdftotext -bbox's word
  boxes: a cell's text run over its neighbour's); the page of each chart sheet is rendered (pdftoppm) and
  each series' colour of its charts (the chart's own XML) is in the picture across a plot
  area's width, not only in a legend's swatch. --shot keeps the first such page.
"""
import argparse
import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
      "rel": "http://schemas.openxmlformats.org/package/2006/relationships",
      "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
      "a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
TABLE_ROW = 4  # the chart-ready table's header row on its sheet, from 0 (sheet_charts.c)
problems = []
DPI = 200  # the chart pages' resolution


def bad(msg):
    problems.append(msg)


def documented_types(name):
    """{column: type} of one file of the schema document (results-schema/README.md)."""
    types, on = {}, False
    for line in open(os.path.join(TOP, "results-schema", "README.md")):
        if line.startswith("### "):
            on = line.startswith("### %s:" % name)
        elif on and line.startswith("| `"):
            cells = [c.strip() for c in line.split("|")]
            types[cells[1].strip("`")] = cells[2]
    if not types:
        sys.exit("the schema document has no table for %s" % name)
    return types


def read_quoted(path):
    """CSV rows of (text, quoted) cells: Calc quotes text cells and only them."""
    rows, row, cell, quoted, inq, i = [], [], [], False, False, 0
    data = open(path, encoding="utf-8", newline="").read()
    while i < len(data):
        ch = data[i]
        if inq:
            if ch == '"' and data[i + 1:i + 2] == '"':
                cell.append('"')
                i += 1
            elif ch == '"':
                inq = False
            else:
                cell.append(ch)
        elif ch == '"':
            inq = quoted = True
        elif ch == ",":
            row.append(("".join(cell), quoted))
            cell, quoted = [], False
        elif ch in "\r\n":
            if ch == "\r" and data[i + 1:i + 2] == "\n":
                i += 1
            row.append(("".join(cell), quoted))
            rows.append(row)
            row, cell, quoted = [], [], False
        else:
            cell.append(ch)
        i += 1
    if cell or row:
        row.append(("".join(cell), quoted))
        rows.append(row)
    return rows


def as_written(cell):
    """A text cell of a results file as it was set (the apostrophe before =+-@ off)."""
    return cell[1:] if len(cell) > 1 and cell[0] == "'" and cell[1] in "=+-@" else cell


def same_number(got, want):
    try:
        return abs(float(got) - float(want)) <= 1e-9 * max(1.0, abs(float(want)))
    except ValueError:
        return False


def check_rows(sheet, rows, path, types):
    """A sheet of every row of a file of the schema: numbers numeric and equal, text equal."""
    with open(path, newline="") as f:
        want = list(csv.reader(f))
    if len(rows) < len(want):
        return bad("%s: %d rows, %s has %d" % (sheet, len(rows), path, len(want)))
    header = want[0]
    got_head = [re.sub(r" \([^)]*\)$", "", c) for c, _ in rows[0][:len(header)]]
    if got_head != header:
        return bad("%s: header %s, the file's %s" % (sheet, got_head, header))
    numbers = 0
    for i, (g, w) in enumerate(zip(rows[1:], want[1:]), 2):
        for j, col in enumerate(header):
            text, quoted = g[j] if j < len(g) else ("", False)
            if w[j] == "":
                if text:
                    bad("%s line %d %s: %r where the file has nothing" % (sheet, i, col, text))
                continue
            if types.get(col) in ("integer", "decimal"):
                if quoted or not same_number(text, w[j]):
                    bad("%s line %d %s: %r%s, the file has %s" % (
                        sheet, i, col, text, " as text" if quoted else "", w[j]))
                numbers += 1
            elif not quoted or text != as_written(w[j]):
                bad("%s line %d %s: %r (%s), the file has %r" % (
                    sheet, i, col, text, "text" if quoted else "not text", as_written(w[j])))
    return numbers


def check_table(sheet, rows, path):
    """A chart sheet holds its chart-ready table from TABLE_ROW, value for value."""
    with open(path, newline="") as f:
        want = list(csv.reader(f))
    got = rows[TABLE_ROW:TABLE_ROW + len(want)]
    if len(got) < len(want):
        return bad("%s: the table is cut short (%d of %d rows)" % (sheet, len(got), len(want)))
    numbers = 0
    for i, (g, w) in enumerate(zip(got, want)):
        for j, cell in enumerate(w):
            text, quoted = g[j] if j < len(g) else ("", False)
            if i == 0 or not re.match(r"^-?[0-9.]+$", cell):
                if text != cell:
                    bad("%s row %d col %d: %r, the table has %r" % (sheet, i, j, text, cell))
            elif quoted or not same_number(text, cell):
                bad("%s row %d %s: %r%s, the table has %s" % (
                    sheet, i, w[j] and want[0][j], text, " as text" if quoted else "", cell))
            else:
                numbers += 1
    return numbers


def book_parts(xlsx):
    """{sheet name: [series colours of its charts]}; no sheet has a formula."""
    z = zipfile.ZipFile(xlsx)
    wb = ET.fromstring(z.read("xl/workbook.xml"))
    rels = {r.get("Id"): r.get("Target") for r in
            ET.fromstring(z.read("xl/_rels/workbook.xml.rels")).findall("rel:Relationship", NS)}
    sheets, colours = [], {}
    for s in wb.find("m:sheets", NS):
        name, target = s.get("name"), rels[s.get("{%s}id" % NS["r"])]
        part = "xl/" + target.lstrip("/").replace("xl/", "")
        sheets.append(name)
        root = ET.fromstring(z.read(part))
        if root.findall(".//m:f", NS):
            bad("sheet %s has a formula: %s" % (name, root.find(".//m:f", NS).text))
        colours[name] = []
        srels = "%s/_rels/%s.rels" % os.path.split(part)
        if srels not in z.namelist():
            continue
        for r in ET.fromstring(z.read(srels)).findall("rel:Relationship", NS):
            if not r.get("Target").endswith(".xml") or "drawing" not in r.get("Target"):
                continue
            drawing = os.path.normpath(os.path.join(os.path.dirname(part), r.get("Target")))
            drels = "%s/_rels/%s.rels" % os.path.split(drawing)
            for cr in ET.fromstring(z.read(drels)).findall("rel:Relationship", NS):
                chart = os.path.normpath(os.path.join(os.path.dirname(drawing), cr.get("Target")))
                croot = ET.fromstring(z.read(chart))
                for ser in croot.iter("{%s}ser" % NS["c"]):
                    for ref in ser.iter("{%s}f" % NS["c"]):
                        if not ref.text.startswith(("%s!" % name, "'%s'!" % name)):
                            bad("a chart on %s draws %s: not from its own sheet" % (name, ref.text))
                    clr = ser.find("c:spPr//a:srgbClr", NS)
                    if clr is not None and clr.get("val") not in colours[name]:
                        colours[name].append(clr.get("val"))
    return sheets, colours


def ppm(path):
    """(width, height, bytes) of a binary PPM (pdftoppm's)."""
    data = open(path, "rb").read()
    parts = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(parts.group(1)), int(parts.group(2))
    return w, h, data[parts.end():]


def x_spread(table):
    """the smallest (max - min) / max over a curve table's achieved ops/s columns; 1 if none"""
    if not os.path.exists(table):
        return 1.0
    rows = list(csv.DictReader(open(table)))
    spreads = []
    for col in (rows[0].keys() if rows else []):
        if col.endswith("_achieved_ops_s"):
            v = [float(r[col]) for r in rows if r[col]]
            if v and max(v) > 0:
                spreads.append((max(v) - min(v)) / max(v))
    return min(spreads) if spreads else 1.0


def colour_span(img, rgb):
    """Pixels of exactly @rgb (a PDF's vector colours come through pdftoppm as they are, at
    the core of a line), and how many columns they are in."""
    w, _, px = img
    n, xs = 0, set()
    for m in re.finditer(re.escape(bytes(rgb)), px):
        if m.start() % 3 == 0:
            n += 1
            xs.add(m.start() // 3 % w)
    return n, len(xs)  # a legend's swatches cover a few dozen columns


def text_overlaps(pdf):
    """(page, word, word) for each two words of a page of @pdf whose boxes overlap by more than
    a sliver (1 pt each way), as pdftotext -bbox gives them."""
    html = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout
    found = []
    for n, page in enumerate(html.split("<page ")[1:], 1):
        words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            page)]
        words.sort()
        for i, (x0, y0, x1, y1, w) in enumerate(words):
            for (u0, v0, u1, v1, z) in words[i + 1:]:
                if u0 >= x1 - 1:
                    break
                if min(x1, u1) - max(x0, u0) > 1 and min(y1, v1) - max(y0, v0) > 1:
                    found.append((n, w, z))
    return found


def soffice(args, tmp):
    env = dict(os.environ, HOME=tmp)
    subprocess.run(["soffice", "-env:UserInstallation=file://%s/lo" % tmp, "--headless",
                    "--norestore"] + args, check=True, env=env, timeout=240,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("xlsx")
    ap.add_argument("csv")
    ap.add_argument("--shot")
    ap.add_argument("--need", action="append", default=[])
    ap.add_argument("--hostile")
    a = ap.parse_args()
    sheets, colours = book_parts(a.xlsx)
    for n in a.need + ["results", "run"]:
        if n not in sheets:
            bad("no %s sheet: the sheets are %s" % (n, sheets))
    tmp = tempfile.mkdtemp(prefix="sheet-check.")
    try:
        # every sheet: ',' '"' UTF-8, text quoted, values as stored, all sheets (-1)
        soffice(["--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,"
                 "false,false,false,-1", "--outdir", tmp, a.xlsx], tmp)
        stem = os.path.splitext(os.path.basename(a.xlsx))[0]
        got = {s: read_quoted(os.path.join(tmp, "%s-%s.csv" % (stem, s))) for s in sheets
               if os.path.exists(os.path.join(tmp, "%s-%s.csv" % (stem, s)))}
        if set(got) != set(sheets):
            bad("Calc wrote %s of the sheets %s" % (sorted(got), sheets))
        base = a.csv[:-4]
        numbers = check_rows("results", got.get("results", [[]]), a.csv,
                             documented_types("FILE.csv")) or 0
        for sheet, suffix in (("hosts", "hosts"), ("ops", "ops"), ("rpc", "rpc")):
            if os.path.exists("%s.%s.csv" % (base, suffix)):
                if sheet not in got:
                    bad("no %s sheet for %s.%s.csv" % (sheet, base, suffix))
                    continue
                numbers += check_rows(sheet, got[sheet], "%s.%s.csv" % (base, suffix),
                                      documented_types("FILE.%s.csv" % suffix)) or 0
        tables = 0
        for path in sorted(glob.glob(glob.escape(base) + ".*.table.csv")):
            what = path[len(base) + 1:-len(".table.csv")]
            if what not in got:
                bad("no sheet for the table %s" % path)
                continue
            numbers += check_table(what, got[what], path) or 0
            tables += 1
        if not tables:
            bad("no chart-ready table beside %s to check a chart sheet against" % a.csv)
        run = os.path.join(os.path.dirname(a.csv), os.path.basename(base) + ".run.csv")
        if os.path.exists(run):
            text = {c for row in got.get("run", []) for c, _ in row}
            for r in csv.DictReader(open(run, newline="")):
                if r["command_line"] not in text:
                    bad("the run sheet lacks the command %s" % r["command_line"])
        if a.hostile:
            cells = [(t, q) for rows in got.values() for row in rows for t, q in row if t == a.hostile]
            if not cells or not all(q for _, q in cells):
                bad("the text %r does not read back as text: %s" % (a.hostile, cells))
        print("sheet_check: %d sheets, %d numbers as the files have them, %d tables" %
              (len(got), numbers, tables))

        # the charts, as a printed page shows them
        soffice(["--convert-to", "pdf", "--outdir", tmp, a.xlsx], tmp)
        pdf = os.path.join(tmp, stem + ".pdf")
        pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(
            ["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout).group(1))
        # printed, no two texts overlap: a cell's text run into its neighbour's (pdftotext's
        # word boxes, each page; a word is [xmin, ymin, xmax, ymax] in points)
        overlaps = text_overlaps(pdf)
        for o in overlaps[:10]:
            bad("printed, two texts overlap on page %d: %r over %r" % o)
        print("sheet_check: printed, %d pages, %d overlapping texts" % (pages, len(overlaps)))
        firsts = []
        for p in range(1, pages + 1):
            t = subprocess.run(["pdftotext", "-f", str(p), "-l", str(p), pdf, "-"],
                               capture_output=True, text=True, check=True).stdout
            firsts.append(t.strip().split("\n")[0] if t.strip() else "")
        drawn = 0
        for sheet in sheets:
            if not colours[sheet]:
                continue
            page = next((i + 1 for i, f in enumerate(firsts) if f.startswith(sheet + ":")), 0)
            if not page:
                bad("no page of the PDF begins with the title of sheet %s" % sheet)
                continue
            png = os.path.join(tmp, "page-%d" % page)
            # at 200 dpi a chart's line (0.75 pt, 2 px) always has a core of its exact colour;
            # at 100 dpi, one px wide, a level line between two rows of pixels had none (CI:
            # a series "not drawn" that was drawn, in two tones of antialiasing)
            subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", str(DPI),
                            "-singlefile", pdf, png], check=True)
            img = ppm(png + ".ppm")
            failed = len(problems)
            table = "%s.%s.table.csv" % (base, sheet)
            # one row (an op mix, one --mix share), or the nconnect gains (a column chart of its
            # four workloads: sheet_charts.c): bars, each a filled area, not a line across
            bars = sheet == "nconnect" or (os.path.exists(table) and
                                           len(list(csv.reader(open(table)))) == 2)
            # a curve's x axis is each target's achieved ops/s, from 0: points that achieved
            # about the same (a load the machine could not offer: CI's hog, 8256 to 8813 ops/s)
            # are drawn as a narrow line, so only its pixels are judged, not its width
            narrow = x_spread(table) < 0.3 if sheet == "curve" else False
            if narrow:
                print("sheet_check: sheet curve: its points' achieved ops/s span %.0f %% of their "
                      "axis: the series' width not judged" % (100 * x_spread(table)))
            for hexc in colours[sheet]:
                rgb = tuple(int(hexc[i:i + 2], 16) for i in (0, 2, 4))
                n, span = colour_span(img, rgb)
                # a legend's swatch is some 20 px wide at 100 dpi, a bar some 40 x 100 px;
                # a series of points spans a plot area
                k = (DPI / 100) ** 2
                if (bars and n < 1500 * k) or (not bars and (n < 40 * k or
                                                            (span < img[0] // 6 and not narrow))):
                    bad("sheet %s, page %d: colour #%s of a series: %d pixels in %d px "
                        "of columns (the page is %d px wide): not drawn across a chart" %
                        (sheet, page, hexc, n, span, img[0]))
            if a.shot and len(problems) > failed:
                # the page as it was checked, beside the shot, for whoever reads the failure
                keep = "%s-%s-page%d" % (a.shot[:-4], re.sub(r"[^A-Za-z0-9_.-]", "_", sheet), page)
                shutil.copy(png + ".ppm", keep + ".ppm")
                bad("the page checked: %s.ppm" % keep)
            drawn += 1
            if a.shot and drawn == 1:
                subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", "80", "-png",
                                "-singlefile", pdf, a.shot[:-4]], check=True)
        if not drawn:
            bad("no chart sheet was drawn to check")
        print("sheet_check: %d chart pages of %d checked for their series' colours" % (drawn, pages))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for p in problems[:30]:
        print("sheet_check: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
