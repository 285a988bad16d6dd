#!/bin/bash
# fresh-root.sh [COMMAND] - run the README's test command (or COMMAND) in a
# clean clone of this commit, inside a minimal Debian 12 root: what a new
# user on a container image has, where nothing the project needs is
# installed until it installs it (no man, no python3, no compiler).
#
# The root is `debootstrap --variant=minbase bookworm`, made once and kept
# under build/fresh-root/base (a stamp says it is whole), with this
# machine's Debian sources. Each run puts an overlayfs over it, as a
# container runtime does (so the tests meet overlayfs as root file system),
# mounts /proc, /sys, /dev, /dev/shm and /run, clones HEAD into /root/nfsweep,
# installs make, the one thing the README asks for first, and runs COMMAND
# there as root. Everything is unmounted and every process of the root is
# killed at the end.
#
# Exit: COMMAND's status; 2 usage; 3 the root could not be made.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-make test}
build=$top/build/fresh-root
base=$build/base
suite=bookworm
mirror=http://deb.debian.org/debian

die() { echo "fresh-root: $*" >&2; exit 3; }
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mounts)"
"$top/tools/deps.sh" ci || die "debootstrap could not be installed"

if [ ! -f "$base/.nfsweep-stamp" ]; then
	echo "fresh-root: debootstrap --variant=minbase $suite into $base" >&2
	rm -rf "$base"
	mkdir -p "$base"
	debootstrap --variant=minbase "$suite" "$base" "$mirror" >"$build/debootstrap.log" 2>&1 ||
		{ tail -20 "$build/debootstrap.log" >&2; die "debootstrap failed ($build/debootstrap.log)"; }
	# The same suites as this machine (updates, security): the same package versions.
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		rm -f "$base/etc/apt/sources.list"
		cp /etc/apt/sources.list.d/debian.sources "$base/etc/apt/sources.list.d/"
	fi
	touch "$base/.nfsweep-stamp"
fi

run=$(mktemp -d "$build/run.XXXXXX")
root=$run/root
mnts=()
cleanup() {
	local pid m i
	# Every process whose root is this root (a test's leftovers) goes first.
	for pid in $(ls /proc | grep -E '^[0-9]+$'); do
		[ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] && kill -KILL "$pid" 2>/dev/null
	done
	sleep 0.5
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
mount -t tmpfs -o size=50% shm "$root/dev/shm" && mnts+=("$root/dev/shm") || die "tmpfs /dev/shm"
mount -t tmpfs tmpfs "$root/run" && mnts+=("$root/run") || die "tmpfs /run"
cp /etc/resolv.conf "$root/etc/resolv.conf"

# A clean clone of the commit: what CI checks out, not this working tree.
git clone -q --no-hardlinks "$top" "$root/root/nfsweep" || die "git clone into the root failed"
echo "fresh-root: $(git -C "$root/root/nfsweep" log -1 --format='%h %s'), in a minimal $suite" \
	"root on overlayfs: $cmd" >&2

chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c "
	set -e
	export DEBIAN_FRONTEND=noninteractive
	# The README's one prerequisite: make (it installs the rest).
	apt-get update -qq && apt-get install -y -qq --no-install-recommends make >/dev/null
	cd /root/nfsweep
	$cmd"
rc=$?
echo "fresh-root: '$cmd' exited $rc" >&2
exit $rc
