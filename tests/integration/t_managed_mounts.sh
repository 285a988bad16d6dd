#!/bin/bash
# Managed mounts in the lab: asking for nconnect=8 of a server that is
# already mounted with nconnect=1 is refused and never measured; managed
# nconnect=1 and nconnect=8 variants of one server, mounted in turn and
# verified, give nc8/nc1 >= 2 on 64 KiB sequential reads under the per-flow
# cap (measured here: 3.5x); nothing stays mounted; while a sweep measures
# /mnt/nc1, a variant of its server is refused (one sweep per server).
# lab: defaults
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
N=$NFSWEEP
o=$T_DISK/m
mkdir -p "$o"
# 100 Mbit/s per flow: the cap, not the emulated machine's CPU, binds (see t_lab).
"$T_TOP/lab/run" --shaping percap --rate 100mbit --rw "$T_DISK" --timeout 900 \
	"bash $T_HERE/lab_managed_checks.sh $N $o" >"$T_DISK/lab.log" 2>&1 ||
	{ tail -20 "$T_DISK/lab.log"; fail "the lab run failed"; }
cat "$o/rc"
grep -qx conflict_rc=1 "$o/rc" || { cat "$o/conflict.err"; fail "the conflicting mount did not fail the point"; }
grep -q '/mnt/nc1' "$o/conflict.err" || fail "the refusal does not name the mount in the way: $(cat "$o/conflict.err")"
python3 "$T_HERE/results_check.py" "$o/conflict.csv" --rows 1 --status setup_error ||
	fail "the refused variant was measured"
grep -qx managed_rc=0 "$o/rc" || { cat "$o/managed.err"; fail "the managed sweep failed"; }
grep -q left_mounted "$o/rc" && fail "a managed mount was left mounted"
python3 "$T_HERE/results_check.py" "$o/managed.csv" --rows 2 --status ok --json --nfs ||
	fail "managed rows"
grep -qx first_rc=0 "$o/rc" || fail "the sweep of /mnt/nc1 failed"
first=$(sed -n 's/.*first_pid=\([0-9]*\).*/\1/p' "$o/rc")
grep -q "unres_rc=2 " "$o/rc" && grep -q "does not resolve" "$o/unres.err" ||
	fail "a server name that does not resolve was not refused by name: $(cat "$o/unres.err")"
s=$(sed -n 's/.*unres_s=\([0-9]*\).*/\1/p' "$o/rc")
[ "${s:-99}" -le 5 ] || fail "the unresolvable server took $s s to refuse"
grep -q unres_wrote "$o/rc" && fail "a refused --mount wrote a results file"
grep -q "busy_rc=4 " "$o/rc" && grep -q -- "--mount b: another nfsweep measures the same server, pid $first " "$o/busy.err" ||
	fail "a variant of a server another sweep measures was not refused: $(cat "$o/busy.err")"
[ ! -e "$o/second.csv" ] || fail "the refused sweep left a results file"
"$N" compare "$o/managed.csv" --base nc1 >"$T_DISK/cmp.txt" || fail "compare"
cat "$T_DISK/cmp.txt" | head -3
r=$(awk -F, '$1 == "headline" && $2 == "seq64k" && $3 == "100" { print $9 }' "$o/compare.csv")
python3 -c "import sys; sys.exit(0 if float('$r') >= 2 else 1)" ||
	fail "managed nc8/nc1 on 64 KiB sequential read is ${r}x, not >= 2"
echo ok
