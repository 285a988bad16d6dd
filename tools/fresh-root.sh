#!/bin/bash
# fresh-root.sh [--suite SUITE] [--bare] [--with DIR] [COMMAND] - run the
# README's test command (or COMMAND) in a clean clone of this commit, inside a
# minimal Debian root: what a new user on a container image has, where nothing
# the project needs is installed until it installs it (no man, no python3, no
# compiler).
#
# --bare: no clone and no make: COMMAND runs in /root of a root that has no
# source tree at all (a host that installs the package). --with DIR: DIR bound
# read-only at /root/with (the package and the script that checks it).
#
# SUITE is bookworm (Debian 12, the default) or trixie (Debian 13). The root
# is `debootstrap --variant=minbase SUITE`, made once and kept under
# build/fresh-root/base-SUITE (a stamp says it is whole), with this
# machine's Debian sources for bookworm, Debian's own suites (SUITE,
# SUITE-updates, SUITE-security) for another. FIO_TARBALLS=DIR (fio
# release tarballs, tools/fio-tarball.sh) is bound read-only into the root
# at /root/fio-releases and exported there: where the network serves a
# suite's binary packages but not its source packages, fio's source comes
# from a tarball. Each run puts an overlayfs over it, as a
# container runtime does (so the tests meet overlayfs as root file system),
# mounts /proc, /sys, /dev, /dev/shm and /run, clones HEAD into /root/nfsweep,
# installs make, the one thing the README asks for first, and runs COMMAND
# there as root. Everything is unmounted and every process of the root is
# killed at the end.
#
# Exit: COMMAND's status; 2 usage; 3 the root could not be made.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
suite=bookworm bare="" with=""
while [ $# -gt 0 ]; do
	case $1 in
	--suite)
		[ $# -ge 2 ] || { echo "fresh-root: --suite needs a value (bookworm, trixie)" >&2; exit 2; }
		suite=$2; shift 2 ;;
	--with)
		[ $# -ge 2 ] && [ -d "$2" ] || { echo "fresh-root: --with ${2:-}: not a directory" >&2; exit 2; }
		with=$(cd "$2" && pwd); shift 2 ;;
	--bare) bare=1; shift ;;
	*) break ;;
	esac
done
case $suite in
bookworm|trixie) ;;
*) echo "fresh-root: --suite $suite: not a suite this script knows (bookworm, trixie)" >&2; exit 2 ;;
esac
cmd=${1:-make test}
build=$top/build/fresh-root
base=$build/base-$suite
mirror=http://deb.debian.org/debian
tarballs=${FIO_TARBALLS:-}

die() { echo "fresh-root: $*" >&2; exit 3; }
if [ -n "$tarballs" ]; then
	[ -d "$tarballs" ] || { echo "fresh-root: FIO_TARBALLS=$tarballs: not a directory" >&2; exit 2; }
	tarballs=$(cd "$tarballs" && pwd)
fi
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mounts)"
"$top/tools/deps.sh" ci || die "debootstrap could not be installed"

# One root made at a time: CI's two lanes may both want the same suite's.
mkdir -p "$build"
exec 9>"$build/.base-$suite.lock"
flock 9
if [ ! -f "$base/.nfsweep-stamp" ]; then
	echo "fresh-root: debootstrap --variant=minbase $suite into $base" >&2
	rm -rf "$base"
	mkdir -p "$base"
	log=$build/debootstrap-$suite.log
	debootstrap --variant=minbase "$suite" "$base" "$mirror" >"$log" 2>&1 ||
		{ tail -20 "$log" >&2; die "debootstrap $suite failed ($log)"; }
	rm -f "$base/etc/apt/sources.list"
	if [ "$suite" = bookworm ] && [ -f /etc/apt/sources.list.d/debian.sources ]; then
		# The same suites as this machine (updates, security): the same package versions.
		cp /etc/apt/sources.list.d/debian.sources "$base/etc/apt/sources.list.d/"
	else
		printf '%s\n' "Types: deb" "URIs: $mirror" "Suites: $suite $suite-updates" \
			"Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" "" \
			"Types: deb" "URIs: http://deb.debian.org/debian-security" "Suites: $suite-security" \
			"Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" \
			> "$base/etc/apt/sources.list.d/debian.sources"
	fi
	touch "$base/.nfsweep-stamp"
fi
flock -u 9
exec 9>&-

run=$(mktemp -d "$build/run.XXXXXX")
root=$run/root
mnts=()
cleanup() {
	local pid m i sig in_root
	# no second signal, nor a closed pipe, stops the unmounting half way
	trap '' INT TERM HUP PIPE
	# Every process whose root is this root (a test's leftovers, a stopped run) goes first:
	# TERM, so that a lab/run in it stops its guest, then KILL for what is left after 10 s.
	for sig in TERM KILL; do
		for ((i = 0; i < 20; i++)); do
			in_root=()
			for pid in /proc/[0-9]*; do
				pid=${pid#/proc/}
				[ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] && in_root+=("$pid")
			done
			[ ${#in_root[@]} = 0 ] && break 2
			[ "$i" = 0 ] && kill -"$sig" "${in_root[@]}" 2>/dev/null
			sleep 0.5
		done
	done
	for ((i = ${#mnts[@]} - 1; i >= 0; i--)); do
		m=${mnts[i]}
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	rm -rf "$run"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$run/upper" "$run/work" "$root"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$run/upper,workdir=$run/work" "$root" ||
	die "overlayfs over $base failed"
mnts+=("$root")
mount -t proc proc "$root/proc" && mnts+=("$root/proc") || die "mount proc"
mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys" && mnts+=("$root/sys") ||
	die "bind /sys"
mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev" && mnts+=("$root/dev") ||
	die "bind /dev"
# The root's /dev/shm is its own: what the bind copied there (this machine's /dev/shm and the
# tmpfs mounts tests make under it) goes first, or it would keep their directories busy here.
umount -R "$root/dev/shm" 2>/dev/null
mount -t tmpfs -o size=50% shm "$root/dev/shm" && mnts+=("$root/dev/shm") || die "tmpfs /dev/shm"
mount -t tmpfs tmpfs "$root/run" && mnts+=("$root/run") || die "tmpfs /run"
cp /etc/resolv.conf "$root/etc/resolv.conf"
envs=()
# CI=true (.ci/run): the builds in the root treat warnings as errors too
[ "${CI:-}" = true ] && envs+=(CI=true)
if [ -n "$tarballs" ]; then
	mkdir -p "$root/root/fio-releases"
	mount --bind -o ro "$tarballs" "$root/root/fio-releases" && mnts+=("$root/root/fio-releases") ||
		die "bind $tarballs"
	envs+=(FIO_TARBALLS=/root/fio-releases)
fi

# LAB_LOCK=FILE (lab/run; .ci/run): the root's guests take turns with this machine's, the
# file's directory bound at the same path
if [ -n "${LAB_LOCK:-}" ]; then
	lockdir=$(dirname "$LAB_LOCK")
	case $lockdir in /*) ;; *) die "LAB_LOCK=$LAB_LOCK: not an absolute path" ;; esac
	mkdir -p "$root$lockdir"
	mount --bind "$lockdir" "$root$lockdir" && mnts+=("$root$lockdir") || die "bind $lockdir"
	envs+=("LAB_LOCK=$LAB_LOCK")
fi
# TEST_TIMEOUT (tests/integration/run.sh): each test's limit, as set outside
[ -n "${TEST_TIMEOUT:-}" ] && envs+=("TEST_TIMEOUT=$TEST_TIMEOUT")

if [ -n "$with" ]; then
	mkdir -p "$root/root/with"
	mount --bind -o ro "$with" "$root/root/with" && mnts+=("$root/root/with") || die "bind $with"
fi

if [ -n "$bare" ]; then
	echo "fresh-root: a minimal $suite root on overlayfs, no source tree: $cmd" >&2
	prologue="cd /root"
else
	# A clean clone of the commit: what CI checks out, not this working tree.
	git clone -q --no-hardlinks "$top" "$root/root/nfsweep" || die "git clone into the root failed"
	echo "fresh-root: $(git -C "$root/root/nfsweep" log -1 --format='%h %s'), in a minimal" \
		"$suite root on overlayfs: $cmd" >&2
	# The README's one prerequisite: make (it installs the rest).
	prologue="apt-get update -qq && apt-get install -y -qq --no-install-recommends make >/dev/null
	cd /root/nfsweep"
fi

# In the background, and waited for: bash runs a trap only once its foreground command has
# ended, so a TERM to this script alone would wait for COMMAND to finish. Stopped, the trap
# exits and cleanup kills everything in the root.
chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${envs[@]}" /bin/bash -c "
	set -e
	export DEBIAN_FRONTEND=noninteractive
	$prologue
	$cmd" <&0 &
wait $!
rc=$?
echo "fresh-root: '$cmd' exited $rc" >&2
exit $rc
