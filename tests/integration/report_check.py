#!/usr/bin/env python3
"""report_check.py PAGE.html KIND [options]: a report page opened in a real browser.

Debian's Chromium, headless, driven through its ChromeDriver by Selenium, opens the page from
the file system (file://, as a user's double click does) and the checks are made in the DOM the
browser built:
  - the six sections, in order (At a glance: how the run went and the figures against the
    published ones; Charts, What was run, Tables, What went wrong, Files), and the parts KIND must have (sweep: the nconnect table; curve: the
    curve table with an ORT; ops: the op-mix table; hosts: the per-host table and the sentence
    that says why there is no timeline; failed: the failed points and the resume command);
  - every image decoded by the browser (naturalWidth > 0) from a data: URL (nothing fetched),
    every link either to an anchor of the page or to a file that exists beside it, and no
    message in the browser's console (a blocked fetch or a script error would be one);
  - with --compare FILE: every ratio of the nconnect table equals the ratio of compare.csv's
    headline row of the same profile, read %, metric and target, to the digit;
  - with --hostile TEXT: the text is shown as text, and the page has no script element;
  - every chart's smallest text at least 11 CSS px on a page 1000 px wide (each SVG's font
    sizes, scaled by the width the browser shows it at);
  - a timeline chart only where each of its points has at least 5 seconds of samples (its data
    file in plot/), else the sentence that says why there is none;
  - printed (emulated print media): each figure, and each table of At a glance, fits an A4 page
    (273 mm of printable height) and is marked break-inside: avoid, so that none is cut across a
    page break.
KIND any has only the sections; compare is the page of compare --report (its two sections, --compare compare-runs.csv);
old is the page of a file without a run record that does not validate. Also --need SELECTOR
(repeated), --shot PNG (a screenshot of the whole page), --max-bytes N and --pdf FILE (printed
by Chromium's --print-to-pdf: A4 pages, at least one per two charts, as poppler's pdfinfo reads
the file). Prints what it measured
(size, the browser's load time, figures): the timings are for the notes, never asserted.
Exit 0 all checks pass, 1 a check failed (each named), 2 usage.
"""
import argparse
import base64
import csv
import os
import re
import subprocess
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ET

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

SECTIONS = ["glance", "charts", "run", "tables", "problems", "files"]
MIN_TEXT_PX = 11
PAGE_PX = 1000
MIN_TIMELINE_SAMPLES = 5
COMPARE_SECTIONS = ["what", "ratios"]
KIND_NEEDS = {
    "any": [],
    "compare": ["table#runs", "table.ratios td.ratio"],
    "old": ["#no-run-record", "#invalid-banner", "pre#invalid"],
    "sweep": ["table#nconnect td.ratio"],
    "curve": ["table#curve td.ort"],
    "ops": ["table.opmix tbody tr"],
    "hosts": ["h3#hosts", "#no-timeline"],
    "failed": ["table#failed tbody tr"],
}
SECTIONS_OF = {"compare": COMPARE_SECTIONS}
A4_PRINTABLE_PX = (297 - 2 * 12) * 96 / 25.4  # the page's @page margin is 12 mm


def svg_min_text(src):
    """The smallest font size of any text in the SVG of data URL @src, in its own units, and
    the SVG's width."""
    svg = ET.fromstring(base64.b64decode(src.split(",", 1)[1]))
    width = float(svg.get("viewBox", "0 0 %s 0" % svg.get("width")).split()[2])
    small = None

    def walk(e, size):
        nonlocal small
        size = float(e.get("font-size", size))
        if (e.text or "").strip() and e.tag.rsplit("}", 1)[-1] in ("text", "tspan"):
            small = size if small is None else min(small, size)
        for c in e:
            walk(c, size)
    walk(svg, 16.0)
    return small, width


def timeline_short(here, name):
    """The fewest seconds of samples of a point of timeline chart @name (its plot/NAME.dat:
    blocks of "second value" lines), or None without its data."""
    try:
        text = open(os.path.join(here, "plot", name + ".dat")).read()
    except OSError:
        return None
    blocks = [b for b in re.split(r"\n\s*\n", text)
              if any(ln and not ln.startswith("#") for ln in b.splitlines())]
    return min(sum(1 for ln in b.splitlines() if ln and not ln.startswith("#")) for b in blocks)


def browser(width):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--no-first-run", "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--disable-default-apps", "--window-size=%d,1000" % width):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def print_pdf(page, pdf, nfigs):
    """Chromium's own --print-to-pdf, then poppler's pdfinfo: A4 pages, enough of them."""
    if os.path.exists(pdf):
        os.unlink(pdf)
    subprocess.run(["/usr/bin/chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
                    "--no-first-run", "--disable-background-networking", "--no-pdf-header-footer",
                    "--print-to-pdf=" + pdf, "file://" + urllib.parse.quote(page)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    if not os.path.exists(pdf):
        return ["chromium --print-to-pdf wrote no %s" % pdf]
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = re.search(r"^Page size:\s+(.*)$", info, re.M).group(1)
    print("report_check: %s: %d pages, %s" % (pdf, pages, size))
    bad = []
    if "(A4)" not in size:
        bad.append("%s: pages of %s, not A4" % (pdf, size))
    # a chart takes about half of a page: fewer pages than that would mean charts cut or shrunk
    if pages < (nfigs + 1) // 2 + 1:
        bad.append("%s: %d pages for %d charts" % (pdf, pages, nfigs))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("kind", choices=sorted(KIND_NEEDS))
    ap.add_argument("--compare")
    ap.add_argument("--hostile")
    ap.add_argument("--shot")
    ap.add_argument("--max-bytes", type=int)
    ap.add_argument("--need", action="append", default=[], help="a CSS selector the page must match")
    ap.add_argument("--pdf", help="print the page with Chromium's --print-to-pdf to this file")
    a = ap.parse_args()
    page = os.path.abspath(a.page)
    here = os.path.dirname(page)
    bad = []
    size = os.path.getsize(page)
    if a.max_bytes and size > a.max_bytes:
        bad.append("the page is %d bytes, more than %d" % (size, a.max_bytes))

    d = browser(1200)
    try:
        d.get("file://" + urllib.parse.quote(page))
        load_ms = d.execute_script(
            "const t = performance.getEntriesByType('navigation')[0];"
            "return t ? t.loadEventEnd - t.startTime : -1;")
        # 1. the sections, in order
        got = [s.get_attribute("id") for s in d.find_elements(By.CSS_SELECTOR, "body > section")]
        want = SECTIONS_OF.get(a.kind, SECTIONS)
        if got != want:
            bad.append("sections %s, not %s" % (got, want))
        for sel in KIND_NEEDS[a.kind] + a.need:
            if not d.find_elements(By.CSS_SELECTOR, sel):
                bad.append("%s: no %s" % (a.kind, sel))
        # 1b. every chart's text readable on a page 1000 px wide
        d.set_window_size(PAGE_PX, 900)
        shown = d.execute_script(
            "return Array.from(document.querySelectorAll('figure img')).map(i => [i.alt, i.clientWidth, i.src]);")
        for alt, w, src in shown:
            if not src.startswith("data:image/svg+xml;base64,"):
                continue
            small, width = svg_min_text(src)
            px = small * w / width if small else None
            if px is not None and px < MIN_TEXT_PX - 0.05:
                bad.append("chart %s: text %.1f px high at a %d px page (%.1f in %.0f shown at %d), under %d"
                           % (alt, px, PAGE_PX, small, width, w, MIN_TEXT_PX))
        if shown:
            print("report_check: the charts' smallest text at a %d px page: %.1f px" % (PAGE_PX, min(
                svg_min_text(src)[0] * w / svg_min_text(src)[1] for _, w, src in shown
                if src.startswith("data:image/svg+xml;base64,"))))
        d.set_window_size(1200, 900)
        # 1c. a timeline only of points with enough seconds to show a shape
        for alt, _, _ in shown:
            if alt.endswith("-timeline"):
                n = timeline_short(here, alt)
                if n is not None and n < MIN_TIMELINE_SAMPLES:
                    bad.append("timeline %s has a point of %d samples (%d at least)" % (alt, n, MIN_TIMELINE_SAMPLES))
        # 2. images and links
        imgs = d.execute_script(
            "return Array.from(document.images).map(i => [i.alt, i.complete && i.naturalWidth > 0,"
            " i.src.slice(0, 26)]);")
        for alt, ok, src in imgs:
            if not ok:
                bad.append("image %s did not decode" % alt)
            if not src.startswith("data:image/svg+xml;base64,"):
                bad.append("image %s is not inside the page: %s" % (alt, src))
        links = d.execute_script(
            "return Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'));")
        for href in links:
            if href.startswith("#"):
                if not d.find_elements(By.ID, href[1:]):
                    bad.append("link %s: no such anchor" % href)
            elif "://" in href or href.startswith("/"):
                bad.append("link %s is not relative" % href)
            elif not os.path.exists(os.path.join(here, urllib.parse.unquote(href))):
                bad.append("link %s: no such file beside the page" % href)
        # 3. the nconnect ratios are compare.csv's
        if a.compare and a.kind == "compare":
            # the page's ratios, row by row, are compare-runs.csv's
            want = [r["ratio"] for r in csv.DictReader(open(a.compare, newline=""))]
            seen = d.execute_script(
                "return Array.from(document.querySelectorAll('table.ratios td.ratio')).map(td => td.dataset.ratio);")
            if sorted(seen) != sorted(want) or len(seen) != len(want):
                bad.append("the page's ratios %s, %s has %s" % (seen, a.compare, want))
            else:
                print("report_check: %d ratios equal %s's" % (len(seen), a.compare))
        elif a.compare:
            want = {}
            for r in csv.DictReader(open(a.compare, newline="")):
                if r["kind"] == "headline":
                    want[(r["profile"], r["read_pct"], r["metric"], r["target"])] = r["ratio"]
            cells = d.execute_script(
                "return Array.from(document.querySelectorAll('table#nconnect td.ratio')).map(td => ["
                "td.parentElement.dataset.profile, td.parentElement.dataset.readPct,"
                "td.parentElement.dataset.metric, td.dataset.target, td.dataset.ratio]);")
            seen = {tuple(c[:4]): c[4] for c in cells}
            if seen != want:
                bad.append("nconnect ratios %s, compare.csv has %s" % (seen, want))
            else:
                print("report_check: %d nconnect ratios equal compare.csv's" % len(seen))
        # 4. a hostile text is text
        if a.hostile is not None:
            if a.hostile not in d.execute_script("return document.body.innerText;"):
                bad.append("the hostile text is not shown as text")
            n = d.execute_script("return document.scripts.length;")
            if n:
                bad.append("the page has %d script elements" % n)
        # 5. nothing in the console: no blocked fetch, no error
        for e in d.get_log("browser"):
            bad.append("browser console: %s %s" % (e.get("level"), e.get("message")))
        # 6. printed: every figure fits a page and is never cut
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        figs = d.execute_script(
            "return Array.from(document.querySelectorAll('figure')).map(f => [f.querySelector('img').alt,"
            " f.getBoundingClientRect().height, getComputedStyle(f).breakInside]);")
        tables = d.execute_script(
            "return Array.from(document.querySelectorAll('#glance table')).map(t => ['table#' + t.id,"
            " t.getBoundingClientRect().height, getComputedStyle(t).breakInside]);")
        for alt, h, brk in figs + tables:
            if brk != "avoid":
                bad.append("figure %s may be cut by a page break (break-inside %s)" % (alt, brk))
            if h > A4_PRINTABLE_PX:
                bad.append("figure %s is %.0f px high, more than an A4 page's %.0f" % (alt, h, A4_PRINTABLE_PX))
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        if a.shot:
            h = d.execute_script("return document.documentElement.scrollHeight;")
            d.set_window_size(1200, min(h + 100, 16000))
            time.sleep(0.2)
            d.save_screenshot(a.shot)
        print("report_check: %s (%s): %d bytes, loaded in %.0f ms, %d images, %d links, %d figures"
              % (a.page, a.kind, size, load_ms, len(imgs), len(links), len(figs)))
    finally:
        d.quit()
    if a.pdf:
        bad += print_pdf(page, a.pdf, len(figs))
    for b in bad:
        print("report_check: %s: %s" % (a.page, b))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
