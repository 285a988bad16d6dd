#!/bin/bash
# nfsweep report's pages, opened in headless Chromium (report_check.py: the DOM the browser
# built, a screenshot of each kept under build/tests/report/):
#  - in the lab, one guest with three --hosts load generators: a curve on the nconnect=8 mount, an
#    sfs2008 op-mix run and a --hosts run, each page written by run or curve as it ends: every
#    section, images decoded from the page itself, links that resolve, the curve's ORT, the op
#    mix and its RPCs beside SPEC SFS 2008's, the per-host rows and why there is no timeline;
#  - on this machine, a failed point (its fio killed mid-point) under a hostile note: the note
#    shown as text and no script in the page, the failed row, and the resume command that the
#    run record holds, which finishes the file;
#  - an older file (no run record) with a damaged line: the page says so at the top;
#  - compare BEFORE AFTER --report: its ratios are compare-runs.csv's;
#  - printed by Chromium's --print-to-pdf: A4 pages, every chart whole (break-inside: avoid, and
#    each fits a page).
# The same lab files as workbooks (nfsweep sheet), opened by LibreOffice (sheet_check.py).
# The make sweep page and workbook (the lab sweep, its nconnect ratios against compare.csv,
# under 2 MB) are checked by t_cloud_lab, which already runs make sweep in the lab.
# lab: --hosts 3
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
out=$T_REPORT_OUT
"$T_TOP/tools/deps.sh" plot >/dev/null 2>&1 || fail "gnuplot could not be installed (tools/deps.sh plot)"

lab_pages() {
	[ "$(id -u)" = 0 ] || { echo "the lab needs root: not run"; return 0; }
	[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab >/dev/null 2>&1 ||
		{ echo "user-mode-linux could not be installed: not run"; return 0; }
	local d=$T_DISK/lab
	mkdir -p "$d"
	cat >"$d/guest.sh" <<'GUEST'
N=$1 d=$2
q=(--runtime 2 --ramp 0 --numjobs 1 --iodepth 8 --nfs --note "$LAB_NOTE")
"$N" curve --profile rand4k --mix 70 --target nc8=/mnt/nc8 --points 3 --size 16m "${q[@]}" \
	--out "$d/c/curve.csv" 2>"$d/curve.err" || exit 1
"$N" run --profile sfs2008 --target nc1=/mnt/nc1 --size 1m --fio-opt ops_dirs=2 \
	--fio-opt ops_files_per_dir=8 --fio-opt ops_file_size=64k "${q[@]}" \
	--out "$d/o/ops.csv" 2>"$d/ops.err" || exit 1
"$N" run --hosts "$LAB_HOSTS" --profile rand4k --mix 100,0 --target nc8=/mnt/nc8 --size 16m \
	"${q[@]}" --out "$d/h/hosts.csv" 2>"$d/hosts.err"
GUEST
	"$T_TOP/lab/run" --hosts 3 --rw "$T_DISK" --timeout 900 -- bash "$d/guest.sh" "$N" "$d" \
		>"$d/lab.log" 2>&1 || { tail -n 20 "$d/lab.log" "$d"/*.err; fail "the lab run exited $?"; }
	for k in curve ops hosts; do
		grep -q "report in $d/${k:0:1}/$k.html" "$d/$k.err" ||
			fail "$k: the command did not say where its page is: $(tail -n 3 "$d/$k.err")"
	done
	report_check "$d/c/curve.html" curve --shot "$out/curve.png" || fail "the curve's page"
	report_check "$d/o/ops.html" ops --need "table.rpcmix tbody tr" --need "#rpc-distance" \
		--shot "$out/ops.png" || fail "the op-mix page"
	report_check "$d/h/hosts.html" hosts --shot "$out/hosts.png" --pdf "$out/hosts.pdf" ||
		fail "the --hosts page"
	# the same three as workbooks, opened by LibreOffice (the lab boot shared with the pages)
	for k in curve ops hosts; do
		"$N" sheet "$d/${k:0:1}/$k.csv" >/dev/null || fail "sheet of the $k file exited $?"
	done
	sheet_check "$d/c/curve.xlsx" "$d/c/curve.csv" --need curve --shot "$T_SHEET_OUT/curve.png" ||
		fail "the curve's workbook"
	sheet_check "$d/o/ops.xlsx" "$d/o/ops.csv" --need ops --need rpc || fail "the op mix's workbook"
	sheet_check "$d/h/hosts.xlsx" "$d/h/hosts.csv" --need hosts --need rand4k ||
		fail "the --hosts run's workbook"
}

failed_point() {
	local d=$T_DISK/f note pid rc
	mkdir -p "$d"
	# markup, an attribute's quote, an entity, a would-be handler: all of it text on the page
	note="<script>document.title='pwned'</script><img src=x onerror=alert(1)> \"q\" 'a' &amp; </td>"
	"$N" run --profile rand4k --mix 100,50,0 --target "l=$T_SHM" --runtime 3 --ramp 0 --numjobs 1 \
		--iodepth 4 --size 16m --direct 0 --note "$note" --out "$d/s.csv" >"$d/run.out" 2>"$d/run.err" &
	pid=$!
	# point 2 has begun and its fio runs (bounded by time, not by the machine's pace: under load
	# fio starts seconds after the point's line), for a second of its 3
	for _ in $(seq 600); do
		grep -q '\[2/3\]' "$d/run.err" 2>/dev/null && pgrep -x fio -P "$pid" >/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	sleep 1
	pkill -KILL -x fio -P "$pid" || fail "no fio of the run to kill"
	wait $pid
	rc=$?
	[ $rc = 1 ] || { cat "$d/run.err"; fail "a point's fio killed: exit $rc, not 1"; }
	grep -q "report in $d/s.html" "$d/run.err" || fail "run did not say where its page is"
	report_check "$d/s.html" failed --hostile "$note" --need "pre#resume" --need "ul#warnings" \
		--shot "$out/failed.png" || fail "the page of the failed point"
	# the page's resume command is the run record's, and it finishes the file
	python3 - "$d/s.html" "$d/s.run.csv" <<'PY' || fail "the resume command on the page"
import csv, html, re, sys
page = open(sys.argv[1]).read()
rec = list(csv.DictReader(open(sys.argv[2], newline="")))[-1]
shown = html.unescape(re.search(r'<pre id="resume"><code>(.*?)</code></pre>', page, re.S).group(1))
assert rec["resume"] and shown == rec["resume"], (shown, rec["resume"])
PY
	(cd "$T_SHM" && eval "$(python3 -c 'import csv,sys; print(list(csv.DictReader(open(sys.argv[1])))[-1]["resume"])' "$d/s.run.csv")") \
		>/dev/null 2>"$d/resume.err" || { cat "$d/resume.err"; fail "the page's resume command"; }
	grep -q "2 of 3 points already done" "$d/resume.err" || fail "the resume ran more than the failed point"
	report_check "$d/s.html" failed --need "#all-points-ok" || fail "the page after the resume"
}

old_file() {
	local d=$T_DISK/old rc
	mkdir -p "$d"
	cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$d/old.csv"
	echo 'this,is,not,a,row' >>"$d/old.csv"
	"$N" report "$d/old.csv" >/dev/null 2>"$d/old.err"
	rc=$?
	[ $rc = 1 ] || fail "report of a damaged file: exit $rc, not 1 (the page written, the line named)"
	grep -q "old.csv:[0-9]*: .*not used" "$d/old.err" ||
		fail "report did not name the line it could not use: $(cat "$d/old.err")"
	report_check "$d/old.html" old || fail "the page of an older, damaged file"
	# and of two runs
	cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$d/before.csv"
	cp "$T_TOP/tests/data/results/nconnect-fixture.csv" "$d/after.csv"
	"$N" compare "$d/before.csv" "$d/after.csv" --report >/dev/null 2>"$d/cmp.err" ||
		{ cat "$d/cmp.err"; fail "compare --report"; }
	report_check "$d/compare-runs.html" compare --compare "$d/compare-runs.csv" \
		--shot "$out/compare.png" || fail "the page of compare --report"
	expect 2 "nfsweep report" compare "$d/before.csv" --report
}

scenario "the lab: a curve, an op mix, --hosts" lab_pages
scenario "a failed point under a hostile note" failed_point
scenario "an older, damaged file; compare --report" old_file
scenarios_done
