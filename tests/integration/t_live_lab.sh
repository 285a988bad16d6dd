#!/bin/bash
# The --hosts live view (issue 51), in the lab with 3 hosts (lab/run --hosts 3), nfsweep run
# --hosts on a terminal (script(1)):
#  - while the point runs, a line a second: its seconds, the sum and each host's IOPS by the
#    host's name, the sum equal to the hosts' figures within rounding;
#  - a host slowed (its fio's jobs stopped three quarters of each second: paced to about a
#    quarter) is marked "(behind)" in lines where the others are not;
#  - the hosts' live records are gone from the target after the point, and the row is ok.
# (In a pipe, no line and no record asked for: t_hosts_lab's runs, in logs, check that.)
# lab: --hosts 3
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
command -v script >/dev/null || fail "script(1) (bsdutils) is not installed"
d=$T_DISK/live
rm -rf "$d"
mkdir -p "$d"
cat > "$d/guest.sh" <<SH
export N=$NFSWEEP d=$d
SH
cat >> "$d/guest.sh" <<'SH'
export q="--profile rand4k --mix 100 --target nc8=/mnt/nc8 --nfs --ramp 0 --size 16m --numjobs 1 --iodepth 4"
set -- $LAB_HOST_PIDS
echo "$LAB_HOSTS" > $d/hosts
# pace host 3: its point's jobs stopped 0.75 s of every second while they run. fio's server
# forks a process per connection, that one a process per run, and that one the jobs: the
# server's great-grandchildren, looked for once the point's line is on the terminal (before it,
# they would be the pre-flight's probe, gone at once: on a busy machine the pacer once caught
# those and paced nothing), and again whenever the ones found are gone
exec {nap_fd}<> <(:)
nap() { read -r -t "$1" -u "$nap_fd" _ || :; }
pace() {
	local end=$((SECONDS + 40)) jobs="" t=""
	# (the typescript read by bash itself: a grep a time is a fork, dear in this guest)
	while [ $SECONDS -lt $end ] && [[ $t != *"[1/1]"* ]]; do
		nap 0.2
		t=$(< $d/typescript) 2>/dev/null
	done
	while [ $SECONDS -lt $end ] && [ ! -e $d/paced.stop ]; do
		if [ -z "$jobs" ] || ! kill -STOP $jobs 2>/dev/null; then
			jobs=$(for c in $(pgrep -P "$1"); do for r in $(pgrep -P "$c"); do pgrep -P "$r"; done; done)
			[ -n "$jobs" ] || nap 0.2
			continue
		fi
		echo "$jobs" >> $d/paced
		nap 0.75
		kill -CONT $jobs 2>/dev/null
		nap 0.25
	done
	[ -z "$jobs" ] || kill -CONT $jobs 2>/dev/null
}
pace "$3" &
pacer=$!
# on a terminal: the command line is fixed text, its data in the environment
export LAB_HOSTS
NFSWEEP_PROGRESS=1 SHELL=/bin/bash script -qfec \
	'exec "$N" run $q --hosts "$LAB_HOSTS" --runtime 6 --out "$d/t/s.csv" --no-report' \
	"$d/typescript" > /dev/null 2>&1
echo $? > $d/t.rc
touch $d/paced.stop
wait $pacer
ls -a /mnt/nc8/.nfsweep-mountstats/ > $d/left
exit 0
SH
"$T_TOP/lab/run" --hosts 3 --rw "$T_DISK" --timeout 600 "bash $d/guest.sh" >"$d/lab.log" 2>&1
rc=$?
[ $rc = 0 ] || { tail -30 "$d/lab.log"; fail "the lab run exited $rc"; }
[ "$(cat "$d/t.rc")" = 0 ] || { cat -v "$d/typescript" | tail -20; fail "the run on a terminal exited $(cat "$d/t.rc")"; }
python3 - "$d" <<'PY' || fail "the live view"
import csv, re, sys
d = sys.argv[1]
row = next(csv.DictReader(open(d + "/t/s.csv")))
assert row["status"] == "ok" and row["hosts"] == "3", (row["status"], row["error"])
text = open(d + "/typescript", "rb").read().decode("utf-8", "replace").replace("\x1b[K", "")
lines = [l for l in re.split(r"[\r\n]+", text) if l.startswith("  live ")]
assert len(lines) >= 4, ("live lines", lines, text[-2000:])
secs, behind_alone = [], 0
hosts_seen = set()
for l in lines:
    m = re.match(r"  live +(\d+) s: (\d+) IOPS = (.*)$", l)
    assert m, l
    secs.append(int(m.group(1)))
    parts = m.group(3).split(" + ")
    assert len(parts) == 3, l
    figs = {}
    for p in parts:
        h = re.match(r"(\S+) (\d+|-|ended)( \(behind\))?$", p)
        assert h, (p, l)
        hosts_seen.add(h.group(1))
        figs[h.group(1)] = (h.group(2), bool(h.group(3)))
    nums = [int(v) for v, _ in figs.values() if v.isdigit()]
    # the sum of the hosts' figures, each rounded: within one per host
    assert abs(int(m.group(2)) - sum(nums)) <= len(nums), ("sum", l)
    paced = figs.get("nfsweep-lab-host3")
    others = [f for h, f in figs.items() if h != "nfsweep-lab-host3"]
    if paced and paced[1] and not any(b for _, b in others):
        behind_alone += 1
assert secs == list(range(secs[0], secs[0] + len(secs))), ("a line a second", secs)
assert hosts_seen == {"nfsweep-lab-host1", "nfsweep-lab-host2", "nfsweep-lab-host3"}, hosts_seen
assert behind_alone >= 2, ("the paced host marked alone", behind_alone, lines)
print("%d live lines (%d..%d s), the paced host marked alone in %d:" % (len(lines), secs[0], secs[-1], behind_alone))
print("\n".join(lines[:3] + ["  ..."] + lines[-2:]))
left = [f for f in open(d + "/left").read().split() if ".live." in f]
assert not left, ("records left on the target", left)
PY
echo "live view: a line a second per host, the paced host marked"
