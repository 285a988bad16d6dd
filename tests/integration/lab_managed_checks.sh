#!/bin/bash
# lab_managed_checks.sh - runs INSIDE the lab guest (t_managed_mounts.sh):
# the lab's own mounts are up (/mnt/nc1 on 127.0.0.1, /mnt/nc8 on 127.0.0.2).
# Usage: lab_managed_checks.sh NFSWEEP OUTDIR
set -u
N=$1 out=$2
quick=(--profile seq64k --mix 100 --runtime 3 --ramp 1 --numjobs 1 --iodepth 16 --size 64m)

# 1. nconnect=8 asked of a server already mounted with nconnect=1 (under
#    another name for the same address): refused, never measured.
"$N" run "${quick[@]}" --mount x8=localhost:/srv/nfslab:vers=3,nconnect=8 \
	--out "$out/conflict.csv" 2>"$out/conflict.err"
echo "conflict_rc=$?" > "$out/rc"

# 2. managed variants of one more address, one after the other, under the
#    per-flow cap (lay the files out unshaped first).
$LAB_UNSHAPE 2>/dev/null
"$N" run "${quick[@]}" --runtime 1 --ramp 0 --mix 0 --mount nc1=127.0.0.3:/srv/nfslab:vers=3,nconnect=1 \
	--out "$out/layout.csv" 2>/dev/null
$LAB_SHAPE
"$N" run "${quick[@]}" --mount nc1=127.0.0.3:/srv/nfslab:vers=3,nconnect=1 \
	--mount nc8=127.0.0.3:/srv/nfslab:vers=3,nconnect=8 --out "$out/managed.csv" 2>"$out/managed.err"
echo "managed_rc=$?" >> "$out/rc"
grep -q /run/nfsweep /proc/mounts && echo "left_mounted=1" >> "$out/rc"

# 3. one sweep per server: while a sweep measures /mnt/nc1, a variant of
#    its server (127.0.0.1) is refused at once (exit 4), naming that sweep.
"$N" run "${quick[@]}" --target a=/mnt/nc1 --out "$out/first.csv" 2>/dev/null &
first=$!
# (waits without a process: a fork costs this user-mode guest about 0.08 s of CPU)
exec {nap_fd}<> <(:)
for _ in {1..100}; do [ -s "$out/first.csv" ] && break; read -r -t 0.1 -u "$nap_fd" _; done
"$N" run "${quick[@]}" --mount b=127.0.0.1:/srv/nfslab:vers=3 --out "$out/second.csv" \
	2>"$out/busy.err"
echo "busy_rc=$? first_pid=$first" >> "$out/rc"
wait $first
echo "first_rc=$?" >> "$out/rc"

# 4. a server name that does not resolve: refused at once, by name, before
#    anything mounts (mount.nfs would retry it for minutes; the guest has no
#    route off its loopback, so the lookup asks nothing outside)
t0=$(date +%s)
"$N" run "${quick[@]}" --mount u=nfs-nosuch-server:/srv/nfslab:vers=3 --out "$out/unres.csv" \
	2>"$out/unres.err"
echo "unres_rc=$? unres_s=$(( $(date +%s) - t0 ))" >> "$out/rc"
[ -e "$out/unres.csv" ] && echo "unres_wrote=1" >> "$out/rc"
exit 0
