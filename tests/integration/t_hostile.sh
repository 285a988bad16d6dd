#!/bin/bash
# Hostile strings through every option and input file that reaches a sink
# (docs/CONTRIBUTING.md, "Sinks"): shell command lines (fio's exec_prerun
# with --hosts, the printed resume command), fio job files and option
# values, gnuplot scripts, CSV cells and the readers of results files.
#  - what a sink can carry runs as asked: target directories and a results
#    directory named with '$(..)', backquotes, quotes, spaces, ':', '%',
#    '=' and a leading '-', locally and on two fio servers (--hosts); the
#    rows name the real paths, the charts are drawn, the note's formula is
#    quoted, the report's page shows the note as text and its links resolve;
#  - what a sink cannot carry (';', '#', a newline, ${VAR}, $ncpus, bytes
#    that are not UTF-8, blanks at the ends, a label or host name of
#    another form, a profile name with '..') is refused before anything
#    runs, exit 2, the message naming the option;
#  - damaged and hostile results files given to summary, compare, plot, table, sheet,
#    validate and run --resume: each bad line is named, nothing is written
#    outside the results directory;
#  - and through all of it: no command in any string ran (a canary file
#    never appears), and nothing was written outside the results and target
#    directories (the working directories of nfsweep and of the fio servers
#    stay empty: fio's exec_prerun writes JOB.prerun.txt there unless told not).
# target: disk
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
root=$T_DISK
canary=$root/PWNED
work=$root/cwd srvcwd=$root/srvcwd
mkdir -p "$work" "$srvcwd"
cd "$work" || exit 1
pids=()
stop_servers() {
	local p
	for p in "${pids[@]}"; do
		kill -KILL "$p" $(pgrep -P "$p") 2>/dev/null
	done
}
trap 'stop_servers; t_scratch_rm' EXIT
failures=0
bad() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
no_canary() {
	[ ! -e "$canary" ] || { bad "$1: a command in a string ran ($canary exists)"; rm -f "$canary"; }
}

# What a shell, fio's parser and gnuplot would each take for code, in one name.
evil="d \$(touch $canary) \`touch $canary\` 'q\" :c %p =e -x"
t1=$root/$evil/t1 t2=$root/"-lead \$(touch $canary)"/t2
res=$root/"res 'a\$(touch $canary)\`x\` *?[g]"
mkdir -p "$t1" "$t2" "$res"
note="=cmd|' /C calc'!A0 \$(touch $canary) \`touch $canary\` \"q\" 'a'"
# shellcheck disable=SC2054 # --mix 100,0 is one word
q=(--profile rand4k --mix 100,0 --runtime 2 --ramp 0 --size 1m --numjobs 1 --iodepth 2 --direct 0
   --engine nfsweep-aio)

# 1. locally: two hostile targets, a hostile results directory and note
"$N" run "${q[@]}" --target "a=$t1" --target "b=$t2" --note "$note" --out "$res/s.csv" \
	>/dev/null 2>"$root/run1.err" || bad "a local run on hostile paths: exit $? ($(tail -n 3 "$root/run1.err"))"
no_canary "local run"
"$N" validate "$res/s.csv" >/dev/null 2>&1 || bad "the local run's file does not validate"
python3 - "$res/s.csv" "$t1" "$t2" "$note" <<'PY' || bad "the local rows do not say what ran"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
assert len(rows) == 4 and all(r["status"] == "ok" for r in rows), [r["error"] for r in rows]
paths = {r["target"]: r["path"] for r in rows}
assert paths == {"a": sys.argv[2], "b": sys.argv[3]}, paths
# the note begins with '=': a spreadsheet would take it for a formula
assert all(r["note"] == "'" + sys.argv[4] for r in rows), rows[0]["note"]
PY
"$N" summary "$res/s.csv" >/dev/null 2>&1 || bad "summary of the hostile-path run failed"
"$N" plot "$res/s.csv" --timeline >/dev/null 2>"$root/plot.err" || bad "plot in a results directory with a quote: $(cat "$root/plot.err")"
[ -s "$res/rand4k.png" ] || bad "plot drew no rand4k.png in $res"
# the per-second logs found by a glob whose directory has '*', '?' and '['
[ -s "$res/rand4k-timeline.png" ] || bad "plot --timeline drew no rand4k-timeline.png in $res: $(cat "$root/plot.err")"
"$N" compare "$res/s.csv" --base a >/dev/null 2>&1 || bad "compare of the hostile-path run failed"
[ -s "$res/compare.csv" ] || bad "no compare.csv"
# two runs' page: its latency chart's subtitle names both files (gp_text), in that directory
"$N" compare "$res/s.csv" "$res/s.csv" --report --out "$res/runs.csv" >/dev/null 2>&1 ||
	bad "compare --report of the hostile-path run failed"
[ -s "$res/compare-rand4k-cdf.svg" ] || bad "compare --report drew no compare-rand4k-cdf.svg in $res"
no_canary "summary, plot, compare"
# the page run wrote: the note is text, every link resolves in a directory named with quotes,
# '$(..)', '*', '?' and '[' (sink_url_path), nothing runs in the browser
[ -s "$res/s.html" ] || bad "run wrote no page $res/s.html"
report_check "$res/s.html" any --hostile "$note" >/dev/null || bad "the page of the hostile-path run"
no_canary "report"

# 2. the same through --hosts: fio servers on loopback, their working directory watched
server() {
	local k=$1 pidf=$root/server$1.pid
	(cd "$srvcwd" && fio --server="$T_NET.102.$k" --daemonize="$pidf") || bad "server $k"
	for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$pidf" ] && break; sleep 0.2; done
	pids+=("$(cat "$pidf")")
}
server 1
server 2
hostsfile=$root/hosts
printf '# two load generators\n%s.102.1\n%s.102.2\n' "$T_NET" "$T_NET" > "$hostsfile"
# first a path that only a shell minds (its '$(..)' once ran on every host), then one with all
"$N" run "${q[@]}" --mix 100 --hosts "@$hostsfile" --target "b=$t2" \
	--out "$res/h2.csv" >/dev/null 2>"$root/run2.err" || bad "a --hosts run on $t2: exit $? ($(tail -n 3 "$root/run2.err"))"
no_canary "--hosts run on $t2"
"$N" run "${q[@]}" --mix 100 --hosts "@$hostsfile" --target "a=$t1" --note "$note" \
	--out "$res/h.csv" >/dev/null 2>"$root/run2.err" || bad "a --hosts run on a hostile path: exit $? ($(tail -n 3 "$root/run2.err"))"
no_canary "--hosts run"
"$N" validate "$res/h.csv" >/dev/null 2>&1 || bad "the --hosts file does not validate"
# the snapshots ran with the real directory (nfsweep reads and removes their
# files; the servers share this machine's name, so they share file names):
# their directory is in the target, and nowhere else
[ -d "$t1/.nfsweep-mountstats" ] || bad "--hosts: no mountstats snapshot directory in $t1"
n=$(find "$root" -name .nfsweep-mountstats | wc -l)
[ "$n" = 2 ] || bad "--hosts: $n snapshot directories, not the ones in $t1 and $t2: $(find "$root" -name .nfsweep-mountstats)"
grep -h '^exec_prerun' "$res"/fio/h/*.fio | head -n 1 | grep -q "printf %b" ||
	bad "--hosts: the job file's exec_prerun does not carry the target escaped"
[ -z "$(ls -A "$srvcwd")" ] || bad "the fio servers' working directory has files: $(ls -A "$srvcwd")"
# on a terminal (script(1)), the live view: the hostile target is the stem of the engines'
# records (fio's environment, ${NFSWEEP_LIVE}); they are made in its snapshot directory only,
# read, and removed. The command is a file of words quoted for the shell (printf %q).
live=$(mktemp /tmp/t_hostile-live.XXXXXX)
printf '%q ' exec "$N" run "${q[@]}" --mix 100 --runtime 3 --hosts "@$hostsfile" \
	--target "a=$t1" --out "$res/hl.csv" --no-report > "$live"
NFSWEEP_PROGRESS=1 SHELL=/bin/bash script -qfec "bash $live" "$res/typescript" >/dev/null 2>&1 ||
	bad "the --hosts run on a terminal on a hostile path: $(tail -c 300 "$res/typescript")"
rm -f "$live"
no_canary "--hosts run on a terminal"
# shellcheck disable=SC2016 # (the job file's own text)
grep -qh '^live=${NFSWEEP_LIVE}$' "$res"/fio/hl/*.fio || bad "--hosts on a terminal: no live= in the job file"
grep -q '  live .* s: [0-9]* IOPS = ' "$res/typescript" || bad "--hosts on a terminal: no live line"
[ -z "$(find "$root" -name '*.live.*')" ] || bad "live records left: $(find "$root" -name '*.live.*')"

# 3. refused before anything runs, naming the option
refused() {
	local opt=$1 msg rc
	shift
	rm -rf "$root/ref"
	msg=$("$N" "$@" 2>&1)
	rc=$?
	[ $rc = 2 ] || bad "nfsweep $*: exit $rc, not 2 ($msg)"
	grep -q -- "$opt" <<<"$msg" || bad "nfsweep $*: the refusal does not name $opt: $msg"
	[ ! -e "$root/ref" ] || bad "nfsweep $*: refused, but made $root/ref"
}
ok=(run "${q[@]}" --target "a=$t1")
out=(--out "$root/ref/s.csv")
refused --target "${ok[@]}" --target "b=$root/semi;colon" "${out[@]}"
refused --target "${ok[@]}" --target "b=$root/hash#x" "${out[@]}"
refused --target "${ok[@]}" --target "b=$root/new
line" "${out[@]}"
refused --target "${ok[@]}" --target "b=$root/\${HOME}" "${out[@]}"
refused --target "${ok[@]}" --target "b=$root/\$ncpus" "${out[@]}"
refused --target "${ok[@]}" --target "b=$root/$(printf 'not\377utf8')" "${out[@]}"
refused --target "${ok[@]}" --target "b=$root/blank " "${out[@]}"
refused --target "${ok[@]}" --target "b=/$(head -c 5000 /dev/zero | tr '\0' x)" "${out[@]}"
refused --target "${ok[@]}" --target "\$(touch $canary)=$t2" "${out[@]}"
refused --target "${ok[@]}" --target "-x=$t2" "${out[@]}"
refused --target "${ok[@]}" --target "=x=$t2" "${out[@]}"
refused --out "${ok[@]}" --out "$root/ref;x/s.csv"
refused --out "${ok[@]}" --out "$root/ref#x/s.csv"
refused --note "${ok[@]}" "${out[@]}" --note "two
lines"
refused --note "${ok[@]}" "${out[@]}" --note "$(printf 'a\033]0;title\007')"
refused --note "${ok[@]}" "${out[@]}" --note "$(printf '\377')"
refused --fio-opt "${ok[@]}" "${out[@]}" --fio-opt "bs=8k;x"
refused --fio-opt "${ok[@]}" "${out[@]}" --fio-opt "bs=8k
[evil]"
refused --fio-opt "${ok[@]}" "${out[@]}" --fio-opt "x\$(touch $canary)=1"
refused --fio-opt "${ok[@]}" "${out[@]}" --fio-opt "bs=\${HOME}"
refused --profile run --profile "../../etc/passwd" --target "a=$t1" "${out[@]}"
refused --profile run --profile "rand4k,\$(touch $canary)" --target "a=$t1" "${out[@]}"
refused --engine "${ok[@]}" "${out[@]}" --engine "nfsweep-../../x"
refused --engine "${ok[@]}" "${out[@]}" --engine "libaio;x"
refused --size "${ok[@]}" "${out[@]}" --size "1m#x"
refused --hosts "${ok[@]}" "${out[@]}" --hosts "\$(touch $canary)"
refused --hosts "${ok[@]}" "${out[@]}" --hosts "a'b"
refused --hosts "${ok[@]}" "${out[@]}" --hosts "-x"
printf '%s.102.1\nh;x\n' "$T_NET" > "$root/badhosts"
refused --hosts "${ok[@]}" "${out[@]}" --hosts "@$root/badhosts"
printf '%s.102.1 `touch %s`\n' "$T_NET" "$canary" > "$root/badhosts"
refused --hosts "${ok[@]}" "${out[@]}" --hosts "@$root/badhosts"
refused --mount plan --profile rand4k --mount "\$(touch $canary)=127.0.0.1:/e:vers=3"
refused --mount-dir "${ok[@]}" "${out[@]}" --mount "v=127.0.0.1:/e:vers=3" --mount-dir "$root/m;x"
no_canary "refusals"

# 4. damaged and hostile results files: every bad line named, the rest used
src=$res/s.csv
bad_csv() {	# NAME: a copy of $src with its line 3 replaced by python's expression of fields
	local name=$1 expr=$2
	mkdir -p "$root/csv/$name"
	python3 - "$src" "$root/csv/$name/s.csv" "$expr" "$canary" <<'PY'
import csv, sys
src, dst, expr, canary = sys.argv[1:5]
rows = list(csv.reader(open(src, newline='')))
f = rows[0]
r = rows[2]
i = {name: k for k, name in enumerate(f)}
exec(expr)
rows[2] = r
with open(dst, 'w', newline='') as o:
    csv.writer(o, lineterminator='\r\n').writerows(rows)
PY
}
bad_csv label 'r[i["target"]] = "$(touch " + canary + ")"'
bad_csv dotdot 'r[i["profile"]] = "../../../x"'
bad_csv escape 'r[i["note"]] = "a\x1b]0;t\x07b"'
bad_csv number 'r[i["total_iops"]] = "abc"'
bad_csv short 'r = r[:20]'
bad_csv long 'r = r + ["x"] * 20'
for name in label dotdot escape number short long; do
	f=$root/csv/$name/s.csv
	for cmd in summary plot validate table sheet; do
		msg=$("$N" $cmd "$f" 2>&1 >/dev/null)
		rc=$?
		[ $rc = 1 ] || bad "$cmd of a file with a bad line ($name): exit $rc, not 1 ($msg)"
		grep -q "s.csv:3" <<<"$msg" || bad "$cmd ($name) does not name line 3: $msg"
	done
	# the workbook holds the bad line as text too: every part of it still well-formed XML
	python3 - "${f%.csv}.xlsx" <<'PY' || bad "the workbook of a file with a bad line ($name)"
import sys, zipfile, xml.etree.ElementTree as ET
z = zipfile.ZipFile(sys.argv[1])
for n in z.namelist():
    if n.endswith((".xml", ".rels")):
        ET.fromstring(z.read(n))
PY
	msg=$("$N" compare "$f" --base a 2>&1 >/dev/null)
	rc=$?
	[ $rc = 1 ] || bad "compare of a file with a bad line ($name): exit $rc, not 1 ($msg)"
	grep -q "s.csv:3" <<<"$msg" || bad "compare ($name) does not name line 3: $msg"
	msg=$("$N" compare "$src" "$f" 2>&1 >/dev/null)
	[ $? = 1 ] || bad "compare A B with a bad line in B ($name): not exit 1 ($msg)"
	# --resume of a damaged file runs nothing
	before=$(wc -l < "$f")
	"$N" run "${q[@]}" --target "a=$t1" --target "b=$t2" --out "$f" --resume >/dev/null 2>&1
	rc=$?
	[ "$(wc -l < "$f")" = "$before" ] && [ $rc != 0 ] ||
		bad "--resume of a file with a bad line ($name): exit $rc, $(wc -l < "$f") lines (was $before)"
done
no_canary "readers"
# the readers wrote nothing outside the results directories
[ ! -e "$root/x.dat" ] && [ ! -e "$root/csv/x.dat" ] && [ ! -e "$root/plot" ] ||
	bad "a reader wrote outside the results directory"

# 5. the resume command, as printed, runs: a sweep on hostile paths interrupted
rm -rf "$res/i"
mkdir -p "$res/i"
"$N" run --profile rand4k --mix 100,50,0 --runtime 2 --ramp 0 --size 1m --numjobs 1 \
	--iodepth 2 --direct 0 --engine nfsweep-aio --target "a=$t1" --note "$note" \
	--out "$res/i/s.csv" >/dev/null 2>"$root/int.err" &
rpid=$!
for _ in $(seq 1 50); do
	[ "$( (wc -l < "$res/i/s.csv") 2>/dev/null || echo 0)" -ge 2 ] && break
	sleep 0.2
done
kill -INT $rpid
wait $rpid
resume=$(grep -A1 'To finish:' "$root/int.err" | tail -n 1)
[ -n "$resume" ] || bad "no resume command printed: $(cat "$root/int.err")"
# printed as nfsweep was started (by its path, here), and it runs as printed
case $resume in "  $N "*) ;; *) bad "the resume command does not start with $N: $resume" ;; esac
(cd "$work" && eval "$resume") >/dev/null 2>&1 || bad "the resume command, run as printed, failed: $resume"
no_canary "the resume command"
python3 - "$res/i/s.csv" <<'PY' || bad "the resumed sweep does not have each point once"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline='')) if r["status"] == "ok"]
assert sorted(r["read_pct"] for r in rows) == ["0", "100", "50"], [r["read_pct"] for r in rows]
PY

# nothing in the working directories; the only files outside the results and
# target directories are this test's own
[ -z "$(ls -A "$work")" ] || bad "nfsweep's working directory has files: $(ls -A "$work")"
[ -z "$(ls -A "$srvcwd")" ] || bad "the fio servers' working directory has files: $(ls -A "$srvcwd")"
stray=$(cd "$root" && find . -mindepth 1 -maxdepth 1 ! -name cwd ! -name srvcwd ! -name "d *" \
	! -name "-lead*" ! -name "res *" ! -name csv ! -name 'server*.pid' ! -name hosts \
	! -name badhosts ! -name '*.err')
[ -z "$stray" ] || bad "files outside the results and target directories: $stray"
no_canary "the end"
[ $failures = 0 ] || fail "$failures hostile-input checks failed"
echo "hostile: every string carried or refused by name; nothing ran, nothing strayed"
