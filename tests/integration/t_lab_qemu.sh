#!/bin/bash
# The lab's qemu backend (TCG here: this machine's /dev/kvm cannot run a
# stock kernel): Debian's kernel boots, serves NFS and mounts it with exactly
# 1 and 8 transports, and nfsweep-uring verifies its data over nc8; the
# command's stdout comes through as it is (no CRs, no kernel lines). fio is
# told --eta=never: its stdout is the guest's serial line, a terminal, and
# under a slow TCG run fio would draw its status line there, with CRs.
# lab: own
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
"$T_TOP/tools/deps.sh" lab qemu >/dev/null 2>&1 || skip "qemu-system-x86 could not be installed"
out=$("$T_TOP/lab/run" --backend qemu --timeout 900 \
	"for m in /mnt/nc1 /mnt/nc8; do echo \"xprt \$m \$(awk -v m=\$m '\$1 == \"device\" { on = (\$5 == m) } on && \$1 == \"xprt:\" { n++ } END { print n + 0 }' /proc/self/mountstats)\"; done
	 uname -r
	 fio --name=v --filename=/mnt/nc8/q --size=2m --bs=64k --rw=randrw --iodepth=4 --verify=crc32c \
		--do_verify=1 --verify_state_save=0 --ioengine=external:$ENG_URING --output=/dev/null \
		--eta=never && echo verify-ok" \
	2>"$T_DISK/err")
rc=$?
cat "$T_DISK/err" >&2
echo "$out" | grep -E '^(xprt|verify)|-amd64$'
grep -q $'\r' <<<"$out" && fail "the command's stdout has CRs (the serial console's)"
grep -q 'Power' <<<"$out" && fail "the guest kernel's messages are on stdout"
out+=$'\n'$(cat "$T_DISK/err")
[ $rc = 0 ] || { echo "$out" | tail -20; fail "lab/run --backend qemu exited $rc"; }
grep -q 'backend qemu/' <<<"$out" || fail "the backend line does not say qemu"
grep -qx 'xprt /mnt/nc1 1' <<<"$out" && grep -qx 'xprt /mnt/nc8 8' <<<"$out" || fail "transports not 1 and 8"
grep -q -- '-amd64$' <<<"$out" || fail "not Debian's amd64 kernel"
grep -qx verify-ok <<<"$out" || fail "nfsweep-uring verify over NFS under qemu"
echo ok
