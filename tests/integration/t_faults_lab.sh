#!/bin/bash
# Faults of a real NFS server, in the lab (lab_fault_checks.sh runs them in
# the guest): the server stopped in the middle of a point on a soft mount
# (a failed row, the sweep goes on, --resume finishes) and on a hard mount
# (the per-point timeout: a timeout row; the server back, the sweep goes on);
# a full export (ENOSPC row); io_uring refused by the kernel (a clear message
# that names nfsweep-aio, which then runs). Every case: the documented exit
# status, the CSV valid, each completed row kept, no fio left running.
# lab: own
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
/usr/bin/python3 -c 'import seccomp' 2>/dev/null || "$T_TOP/tools/deps.sh" test ||
	skip "python3-seccomp could not be installed"
N=$NFSWEEP
d=$T_DISK/faults
mkdir -p "$d"
# A 200 MiB export: room for the 16 MiB files of the sweeps, not for 400 MiB.
"$T_TOP/lab/run" --nconnect 1 --size 200m --rw "$T_DISK" --timeout 600 \
	"bash $T_HERE/lab_fault_checks.sh $N $BUILD $d" >"$d/lab.log" 2>&1
rc=$?
cat "$d/lab.log"
[ $rc = 0 ] || fail "lab fault checks exited $rc"
for c in soft hard enospc io_uring-refused; do
	grep -q "^case $c: ok" "$d/lab.log" || fail "case $c did not pass"
done
echo ok
