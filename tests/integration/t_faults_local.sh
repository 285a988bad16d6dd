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
#  - compare on a full disk: exit 3 naming compare.csv, nothing of it left;
#  - no fio left running after any of it.
# Each is a scenario (lib.sh): one that fails does not hide the others.
# A scenario unmounts what it mounted as it ends (its own EXIT trap).
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
[ -x "$N" ] || fail "$N not built"
[ "$(id -u)" = 0 ] || skip "needs root to mount the test's own small tmpfs"
check() { python3 "$T_HERE/results_check.py" "$@" || fail "results check: $*"; }
quick=(--runtime 2 --ramp 0 --numjobs 1 --iodepth 4 --size 8m)
# small_tmpfs DIR OPTS: a tmpfs of this scenario's own at DIR, unmounted when it ends
small_tmpfs() {
	mkdir -p "$1"
	mount -t tmpfs -o "$2" "nfsweep-test-${1##*/}" "$1" || fail "mount a tmpfs ($2) at $1"
	# shellcheck disable=SC2064 # the path now, not at exit
	trap "umount '$1' 2>/dev/null" EXIT
}
# This test's own fio only (their command lines name its directories): a
# fio that someone else runs on the machine is none of its business.
no_fio_left() {
	local left
	left=$(pgrep -a -f -- "(^|/)fio .*($T_DISK|$T_SHM)/") && fail "$1: fio still running: $left"
	return 0
}

# --nfs on a directory that is not NFS, and unreadable statistics
nfs_refused() {
	mkdir -p "$T_DISK/n"
	expect 2 "is on tmpfs.*not NFS" run --profile seq64k --target x="$T_SHM" --nfs \
		--out "$T_DISK/n/x.csv"
	expect 3 "read /no/such/mountstats: No such file" run --profile seq64k --target x="$T_SHM" \
		--nfs --mountstats /no/such/mountstats --out "$T_DISK/n/x.csv"
	[ -z "$(ls -A "$T_DISK/n")" ] || fail "a refused --nfs run left files: $(ls "$T_DISK/n")"
}

# the results directory is on a read-only file system
read_only() {
	local ro=$T_DISK/ro
	small_tmpfs "$ro" ro,size=1m
	expect 3 "--out $ro/sweep.csv: mkdir $ro/fio, for fio's output beside the results: Read-only file system" run --profile seq64k --mix 100 \
		--target x="$T_SHM" "${quick[@]}" --out "$ro/sweep.csv"
	no_fio_left "read-only results"
}

# The results disk fills up between point 1 and point 2. The note makes
# each row about 2.5 KiB, so the third record (point 2) crosses into a page
# that the full tmpfs cannot give: the kernel takes part of it, then ENOSPC.
disk_full() {
	local full=$T_DISK/full out note args pid rc size_before resume
	small_tmpfs "$full" size=1m
	out=$full/sweep.csv
	note=$(printf 'disk-full test %.0s' $(seq 1 130))
	args=(run --profile rand4k --mix 100:0:50 --target local="$T_SHM" "${quick[@]}" --note "$note"
		--out "$out")
	"$N" "${args[@]}" >"$T_DISK/full.out" 2>"$T_DISK/full.err" &
	pid=$!
	for _ in $(seq 1 600); do	# until point 1's row is in (60 s at most)
		[ "$(grep -c $'\r$' "$out" 2>/dev/null)" -ge 2 ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	[ "$(grep -c $'\r$' "$out")" = 2 ] || { kill "$pid"; cat "$T_DISK/full.err"
		fail "point 1's row never came, or point 2's came too (rows: $(grep -c $'\r$' "$out"))"; }
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
}

# compare on a full disk: exit 3 naming the file, and no compare.csv (nor a
# part of one) left where a reader would trust it
compare_full() {
	local cmpdir=$T_DISK/cmpfull rc left
	small_tmpfs "$cmpdir" size=1m
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
}

scenario "--nfs refused" nfs_refused
scenario "read-only results directory" read_only
scenario "results disk full, then resumed" disk_full
scenario "compare on a full disk" compare_full
scenarios_done
