#!/bin/bash
# fio lists every engine option; bad values and impossible combinations
# fail with the option's name in the message.
. "$(dirname "$0")/lib.sh"
src=$T_TOP/engines

for pair in "uring:$ENG_URING:nfsweep-uring.c" "aio:$ENG_AIO:nfsweep-aio.c"; do
	IFS=: read -r tag so file <<<"$pair"
	# fio 3.33's --enghelp takes the .so path itself: with "external:" its
	# dlopen_external() looks for <FIO_EXT_ENG_DIR>/fio-external:<path>.so.
	help=$(fio --enghelp="$so" 2>&1) || fail "fio --enghelp=$so: $help"
	names=$(sed -n 's/^[[:space:]]*\.name[[:space:]]*= "\([a-z_]*\)",$/\1/p' "$src/$file")
	[ -n "$names" ] || fail "no options found in $file"
	for n in $names; do
		grep -q "^$n " <<<"$help" || fail "--enghelp for $tag does not list $n"
	done
done

f=$T_SHM/o.dat
base=(--name=o --filename="$f" --size=1m --bs=4k --rw=read --output-format=json)
# expect_fail WHAT NEEDLE ARGS...: fio must exit non-zero and print NEEDLE.
expect_fail() {
	local what=$1 needle=$2 out
	shift 2
	out=$(fio "${base[@]}" "$@" 2>&1) && fail "$what: fio succeeded"
	grep -q -- "$needle" <<<"$out" || { echo "$out"; fail "$what: message does not name '$needle'"; }
}
expect_fail "unknown uring_submit value" uring_submit --ioengine=external:$ENG_URING --uring_submit=sometimes
expect_fail "sqpoll_cpu below range" uring_sqpoll_cpu --ioengine=external:$ENG_URING --uring_sqpoll_cpu=-7
expect_fail "hipri without direct" uring_hipri --ioengine=external:$ENG_URING --uring_hipri=1 --direct=0
expect_fail "sqpoll_cpu without sqpoll" uring_sqpoll_cpu --ioengine=external:$ENG_URING --uring_sqpoll_cpu=0
expect_fail "inline at depth 32" uring_submit=inline --ioengine=external:$ENG_URING --uring_submit=inline --iodepth=32
expect_fail "missing NUMA node" uring_numa_node --ioengine=external:$ENG_URING --uring_numa_node=99
expect_fail "missing NUMA node (aio)" aio_numa_node --ioengine=external:$ENG_AIO --aio_numa_node=99
expect_fail "bad bool (aio)" aio_userspace_reap --ioengine=external:$ENG_AIO --aio_userspace_reap=maybe

# Every option also works when it can: one run each that must succeed.
for args in "--uring_fixedbufs=1" "--uring_registerfiles=1" "--uring_sqpoll=1" \
	"--uring_sqpoll=1 --uring_sqpoll_cpu=0" "--uring_max_workers=2 --iodepth=8" \
	"--uring_force_async=3 --iodepth=8" \
	"--uring_numa_node=0" "--uring_submit=ring" "--uring_submit=async --iodepth=4" \
	"--uring_submit=inline" "--uring_defer_submit=0 --iodepth=8" "--uring_registerfiles=1 --uring_submit=ring --iodepth=8" \
	"--uring_fixedbufs=1 --uring_registerfiles=1 --iodepth=16"; do
	# shellcheck disable=SC2086
	fio "${base[@]}" --ioengine=external:$ENG_URING $args --rw=randrw --verify=crc32c \
		--do_verify=1 >/dev/null 2>&1 || fail "nfsweep-uring with $args failed"
done
for args in "--aio_userspace_reap=1 --iodepth=16 --direct=1" "--aio_numa_node=0"; do
	# shellcheck disable=SC2086
	fio "${base[@]}" --ioengine=external:$ENG_AIO $args --rw=randrw --verify=crc32c \
		--do_verify=1 >/dev/null 2>&1 || fail "nfsweep-aio with $args failed"
done

# fsync and fdatasync among the writes (through the ring for nfsweep-uring,
# drained and synchronous for nfsweep-aio), on both paths of the uring engine.
for args in "--fsync=4" "--fdatasync=3" "--fsync=2 --uring_submit=ring" "--fdatasync=2 --uring_submit=async"; do
	for eng in "$ENG_URING" "$ENG_AIO"; do
		case "$eng:$args" in *aio.so:*uring_submit*) continue ;; esac
		# shellcheck disable=SC2086
		out=$(fio --name=s --filename=$T_DISK/s.dat --size=2m --bs=4k --rw=randwrite --iodepth=8 \
			--ioengine=external:$eng $args --verify=crc32c --do_verify=1 --output-format=json 2>&1) ||
			fail "$(basename "$eng") $args: $out"
		# fio 3.33 counts fsync in its JSON, not fdatasync (for any engine, its own too).
		case $args in *--fsync=*)
			syncs=$(python3 -c 'import json,sys; t=sys.stdin.read(); j=json.loads(t[t.index("{"):]); print(j["jobs"][0]["sync"]["total_ios"])' <<<"$out")
			[ "$syncs" -gt 0 ] || fail "$(basename "$eng") $args: fio counted no syncs" ;;
		esac
	done
done

# uring_nowait really sets RWF_NOWAIT. Whether a file system takes
# non-blocking reads at all is the kernel's to say (ext4 does; tmpfs on this
# kernel kind does not, nor does the overlayfs root of a container): ask it
# with preadv2(RWF_NOWAIT) on a page-cached file, then expect the engines to
# read that file with nowait where it does, and to fail, not block, where
# it answers EOPNOTSUPP.
# nowait_supported FILE: 0 if RWF_NOWAIT reads work there (or say EAGAIN), 1 if EOPNOTSUPP.
nowait_supported() {
	python3 - "$1" <<'PY'
import errno, os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
try:
    os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT)
except OSError as e:
    sys.exit(1 if e.errno == errno.EOPNOTSUPP else 0)
PY
}
for d in "$T_DISK" "$T_SHM"; do
	f=$d/nw.dat
	fio --name=o --filename=$f --size=1m --bs=4k --rw=write --ioengine=psync >/dev/null 2>&1 ||
		fail "layout of $f"
	cat "$f" >/dev/null
	fs=$(stat -f -c %T "$d")
	nw=(--name=o --filename="$f" --size=1m --bs=4k --rw=read --invalidate=0)
	if nowait_supported "$f"; then
		fio "${nw[@]}" --ioengine=external:$ENG_URING --uring_nowait=1 --uring_submit=ring \
			>/dev/null 2>&1 || fail "uring_nowait=1 on a cached file of $fs ($d) failed"
		fio "${nw[@]}" --ioengine=external:$ENG_AIO --aio_nowait=1 >/dev/null 2>&1 ||
			fail "aio_nowait=1 on a cached file of $fs ($d) failed"
		echo "RWF_NOWAIT on $fs ($d): supported, both engines read with nowait"
	else
		fio "${nw[@]}" --ioengine=external:$ENG_URING --uring_nowait=1 --uring_submit=ring \
			>/dev/null 2>&1 && fail "uring_nowait=1 on $fs, which refuses RWF_NOWAIT, did not fail"
		fio "${nw[@]}" --ioengine=external:$ENG_AIO --aio_nowait=1 >/dev/null 2>&1 &&
			fail "aio_nowait=1 on $fs, which refuses RWF_NOWAIT, did not fail"
		echo "RWF_NOWAIT on $fs ($d): EOPNOTSUPP, both engines fail instead of blocking"
	fi
done

# fio's own names for the same knobs are accepted (fio's io_uring and libaio
# engines call them so), and --enghelp lists the values of an enumerated option.
fio "${base[@]}" --ioengine=external:$ENG_URING --fixedbufs=1 --registerfiles=1 --sqthread_poll=1 \
	--force_async=2 --iodepth=4 >"$T_DISK/alias.json" 2>&1 || fail "fio's io_uring option names: $(cat "$T_DISK/alias.json")"
for o in uring_fixedbufs uring_registerfiles uring_sqpoll uring_force_async; do
	grep -q "\"$o\" : \"" "$T_DISK/alias.json" || fail "--$o not set through its fio alias"
done
fio "${base[@]}" --ioengine=external:$ENG_AIO --userspace_reap=1 --iodepth=4 --direct=0 \
	>/dev/null 2>&1 || fail "fio's libaio option name userspace_reap"
for pair in "$ENG_URING:uring_sqpoll:sqthread_poll" "$ENG_URING:uring_hipri:hipri" \
	"$ENG_URING:uring_nowait:nowait" "$ENG_AIO:aio_nowait:nowait"; do
	IFS=: read -r so opt alias <<<"$pair"
	fio --enghelp="$so,$opt" 2>&1 | grep -q "alias: $alias" || fail "--enghelp=$so,$opt shows no alias $alias"
done
fio --enghelp="$ENG_URING" | grep '^uring_submit' | grep -q 'auto, ring, async or inline' ||
	fail "--enghelp does not list uring_submit's values"
echo ok
