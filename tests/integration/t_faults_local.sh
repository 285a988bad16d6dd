#!/bin/bash
# Faults of the machine that runs nfsweep, caused for real (root: small and
# read-only tmpfs mounts of the test's own):
#  - a target that is not NFS when --nfs asks for NFS statistics (exit 2),
#    and statistics that cannot be read (exit 3), before anything runs;
#  - a results directory on a read-only file system (exit 3, nothing run);
#  - the results disk filling up between two points: the row that does not
#    fit is not written, not even in part; every earlier row stays, the file
#    validates, the resume command is printed, and once there is room again
#    it finishes the sweep with every point exactly once;
#  - no fio left running after any of it.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
[ -x "$N" ] || fail "$N not built"
[ "$(id -u)" = 0 ] || skip "needs root to mount the test's own small tmpfs"
check() { python3 "$T_HERE/results_check.py" "$@" || fail "results check: $*"; }
quick=(--runtime 2 --ramp 0 --numjobs 1 --iodepth 4 --size 8m)
mnts=()
cleanup() {
	local m
	for m in "${mnts[@]}"; do umount "$m" 2>/dev/null; done
	rm -rf "$T_DISK" "$T_SHM"
}
trap cleanup EXIT
# This test's own fio only (their command lines name its directories): a
# fio that someone else runs on the machine is none of its business.
no_fio_left() {
	local left
	left=$(pgrep -a -f -- "(^|/)fio .*($T_DISK|$T_SHM)/") && fail "$1: fio still running: $left"
	return 0
}

# 1. --nfs on a directory that is not NFS, and unreadable statistics
mkdir -p "$T_DISK/n"
expect 2 "is on tmpfs.*not NFS" run --profile seq64k --target x="$T_SHM" --nfs \
	--out "$T_DISK/n/x.csv"
expect 3 "read /no/such/mountstats: No such file" run --profile seq64k --target x="$T_SHM" \
	--nfs --mountstats /no/such/mountstats --out "$T_DISK/n/x.csv"
[ -z "$(ls -A "$T_DISK/n")" ] || fail "a refused --nfs run left files: $(ls "$T_DISK/n")"

# 2. the results directory is on a read-only file system
ro=$T_DISK/ro
mkdir -p "$ro"
mount -t tmpfs -o ro,size=1m nfsweep-test-ro "$ro" || fail "mount a read-only tmpfs"
mnts+=("$ro")
expect 3 "mkdir $ro/fio: Read-only file system" run --profile seq64k --mix 100 \
	--target x="$T_SHM" "${quick[@]}" --out "$ro/sweep.csv"
no_fio_left "read-only results"

# 3. the results disk fills up between point 1 and point 2. The note makes
# each row about 2.5 KiB, so the third record (point 2) crosses into a page
# that the full tmpfs cannot give: the kernel takes part of it, then ENOSPC.
full=$T_DISK/full
mkdir -p "$full"
mount -t tmpfs -o size=1m nfsweep-test-full "$full" || fail "mount a small tmpfs"
mnts+=("$full")
out=$full/sweep.csv
note=$(printf 'disk-full test %.0s' $(seq 1 130))
args=(run --profile rand4k --mix 100:0:50 --target local="$T_SHM" "${quick[@]}" --note "$note"
	--out "$out")
"$N" "${args[@]}" >"$T_DISK/full.out" 2>"$T_DISK/full.err" &
pid=$!
for _ in $(seq 1 300); do	# until point 1's row is in (30 s at most)
	[ "$(grep -c $'\r$' "$out" 2>/dev/null)" -ge 2 ] && break
	sleep 0.1
done
[ "$(grep -c $'\r$' "$out")" = 2 ] || { kill "$pid"; fail "point 1's row never came"; }
size_before=$(stat -c %s "$out")
dd if=/dev/zero of="$full/filler" bs=4k status=none 2>/dev/null	# until ENOSPC
wait "$pid"
rc=$?
cat "$T_DISK/full.err"
[ $rc = 3 ] || fail "disk full: exit $rc, not 3"
grep -q "write to $out: No space left on device; the row of this point is not recorded" \
	"$T_DISK/full.err" || fail "disk full: no message naming the file and ENOSPC"
grep -q -- "--resume" "$T_DISK/full.err" || fail "disk full: no resume command printed"
[ "$(stat -c %s "$out")" = "$size_before" ] ||
	fail "disk full: the file is $(stat -c %s "$out") bytes, was $size_before: a partial row stayed"
"$N" validate "$out" || fail "disk full: the CSV does not validate"
check "$out" --rows 1 --status ok
no_fio_left "disk full"

# ... room again: the printed command finishes the sweep, every point once.
rm -f "$full/filler"
resume=$(grep -A1 'To finish:' "$T_DISK/full.err" | tail -n 1)
[ -n "$resume" ] || fail "no resume command line"
eval "\"\$N\" ${resume#*nfsweep }" 2>"$T_DISK/resume.err" ||
	{ cat "$T_DISK/resume.err"; fail "resume after disk full: $resume"; }
"$N" validate "$out" || fail "after resume: the CSV does not validate"
check "$out" --rows 3 --status ok --once
no_fio_left "resume"

# compare on a full disk: exit 3 naming the file, and no compare.csv (nor a
# part of one) left where a reader would trust it
cmpdir=$T_DISK/cmpfull
mkdir -p "$cmpdir"
mount -t tmpfs -o size=1m nfsweep-test-cmpfull "$cmpdir" || fail "mount a small tmpfs"
mnts+=("$cmpdir")
cp "$T_HERE/../data/results/nconnect-fixture.csv" "$cmpdir/sweep.csv"
dd if=/dev/zero of="$cmpdir/filler" bs=4k status=none 2>/dev/null	# until ENOSPC
"$N" compare "$cmpdir/sweep.csv" >/dev/null 2>"$T_DISK/cmp.err"
rc=$?
[ $rc = 3 ] || { cat "$T_DISK/cmp.err"; fail "compare on a full disk: exit $rc, not 3"; }
grep -q "compare.csv.*No space left on device" "$T_DISK/cmp.err" ||
	fail "compare on a full disk: no message naming compare.csv and ENOSPC: $(cat "$T_DISK/cmp.err")"
left=$(find "$cmpdir" -name 'compare*')
[ -z "$left" ] || fail "compare on a full disk left $left"
rm -f "$cmpdir/filler"
"$N" compare "$cmpdir/sweep.csv" >/dev/null 2>&1 || fail "compare with room again failed"
[ -s "$cmpdir/compare.csv" ] || fail "compare with room again wrote no compare.csv"
echo ok
