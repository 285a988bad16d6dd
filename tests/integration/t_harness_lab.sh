#!/bin/bash
# nfsweep run over real kernel NFS in the lab: a quick sweep on the
# nconnect=1 and nconnect=8 mounts fills the RPC columns from mountstats and
# records transports 1 and 8; the rows equal fio's JSON. Then a quick load
# curve (nfsweep curve) completes on the nconnect=8 mount.
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
N=$NFSWEEP
out=$T_DISK/lab/sweep.csv
mkdir -p "$T_DISK/lab"

"$T_TOP/lab/run" --rw "$T_DISK" --timeout 900 "$N run --profile seq64k,rand4k --mix 100,0 \
	--target nc1=/mnt/nc1 --target nc8=/mnt/nc8 --nfs --runtime 1 --ramp 0 --numjobs 1 \
	--iodepth 4 --size 16m --note 'lab test' --out $out &&
	$N curve --profile rand4k --mix 100 --target nc8=/mnt/nc8 --points 3 --runtime 2 --ramp 1 \
	--numjobs 1 --iodepth 4 --size 16m --out $T_DISK/lab/curve.csv" >"$T_DISK/lab.log" 2>&1
rc=$?
[ $rc = 0 ] || { tail -20 "$T_DISK/lab.log"; fail "lab sweep exited $rc"; }
"$N" validate "$out" || fail "lab sweep CSV does not validate"
python3 "$T_HERE/results_check.py" "$out" --rows 8 --status ok --json --once --nfs ||
	fail "lab sweep rows"
# a quick load curve on the nconnect=8 mount completed
"$N" validate "$T_DISK/lab/curve.csv" || fail "lab curve CSV does not validate"
python3 "$T_HERE/results_check.py" "$T_DISK/lab/curve.csv" --rows 4 --status ok || fail "lab curve rows"
grep -q 'overall response time' "$T_DISK/lab.log" || fail "the lab curve printed no ORT"
echo ok
