#!/bin/sh
# fio-source.sh - give the engines the source tree of the very fio that will
# load them.
#
# fio checks only FIO_IOOPS_VERSION when it dlopen()s an external engine, yet
# struct thread_data and struct io_u can change between releases that share
# that number. So the engines are compiled against the Debian source package
# of exactly the installed fio version, configured the way debian/rules
# configures it, so that config-host.h matches the binary.
#
# The source is fetched through a private apt configuration under
# $BUILD/apt (a deb-src twin of each configured Debian suite): /etc/apt is
# never edited. Where the archive cannot give it (a network that serves a
# release's binary packages but not its sources, a fio no longer in the
# archive), a release tarball of the same upstream version from
# $FIO_TARBALLS (tools/fio-tarball.sh) is the second way. FIO_SRC= (the top
# Makefile) is the first: this script is not called then.
#
# Usage: tools/fio-source.sh BUILD_DIR     prints the configured tree's path
#        tools/fio-source.sh --configure TREE     configure a fio source tree as Debian does
#                                                 (the package's build: its fio component)
#        tools/fio-source.sh --unconfigure TREE   remove what --configure made
# Exit:  0 ok, 1 not possible (message says why and the three ways)
set -eu

die() { echo "fio-source: $*" >&2; exit 1; }

# configure_tree TREE: Debian's own configure line, read from TREE/debian/rules so that it
# stays right for other fio versions (the default one for a tree without debian/). Switches
# that only add the gfio GUI or the NBD engine need GTK/libnbd headers; they change no struct
# that an external engine sees, so they are dropped if the headers are not there.
configure_tree() (
	cfg=$(sed -n 's/^[[:space:]]*\(\.\/configure .*\)/\1/p' "$1/debian/rules" 2>/dev/null | head -n 1)
	[ -n "$cfg" ] || cfg="./configure --disable-native --prefix=/usr"
	cd "$1"
	if ! sh -c "$cfg" > configure.log 2>&1; then
		reduced=$(echo "$cfg" | sed 's/ --enable-gfio//; s/ --enable-libnbd//')
		echo "fio-source: '$cfg' failed (GUI/NBD headers absent); using '$reduced'" >&2
		sh -c "$reduced" > configure.log 2>&1 ||
			die "configure failed, see $1/configure.log"
		cfg=$reduced
	fi
	./FIO-VERSION-GEN >/dev/null
	echo "$cfg" > .nfsweep-configured
)
# The files configure_tree makes (and configure's own log).
CONFIGURED="configure.log config.log config-host.h config-host.mak FIO-VERSION-FILE .nfsweep-configured"

case ${1:-} in
--configure)
	configure_tree "${2:?usage: fio-source.sh --configure TREE}"
	exit 0 ;;
--unconfigure)
	for f in $CONFIGURED; do rm -f "${2:?usage: fio-source.sh --unconfigure TREE}/$f"; done
	exit 0 ;;
esac

build=${1:?usage: fio-source.sh BUILD_DIR}
mkdir -p "$build"
build=$(cd "$build" && pwd)

ver=$(dpkg-query -W -f '${Version}' fio 2>/dev/null) ||
	die "the fio package is not installed (run: make deps)"
upstream=${ver%-*}
upstream=${upstream#*:}
tree="$build/fio-src/fio-$ver"
from_tarball="$build/fio-src/fio-$upstream-tarball"

if [ -f "$tree/.nfsweep-configured" ]; then
	echo "$tree"
	exit 0
fi

# The distribution's source failed (why: $1): a tarball, or one message with the three ways.
no_debian_source() {
	echo "fio-source: $1" >&2
	if [ -n "${FIO_TARBALLS:-}" ]; then
		echo "fio-source: trying fio $upstream's release tarball in FIO_TARBALLS=$FIO_TARBALLS" >&2
		exec "$(dirname "$0")/fio-tarball.sh" "$from_tarball" "$upstream"
	fi
	die "no source for the installed fio $ver: Debian's source package could not be fetched;" \
		"give one of: FIO_SRC=<a configured fio-$upstream tree>, a network that serves the" \
		"deb-src of this release (apt-get source fio=$ver), or FIO_TARBALLS=<a directory" \
		"holding fio-$upstream.tar.xz (.gz, .bz2), with its SHA256SUMS if there is one>"
}
if [ -f "$from_tarball/.nfsweep-configured" ]; then
	echo "$from_tarball"
	exit 0
fi

aptdir="$build/apt"
mkdir -p "$aptdir/lists/partial" "$aptdir/sources" "$aptdir/dl"

# deb-src twins of the configured Debian suites, both file formats.
: > "$aptdir/sources/debsrc.sources"
for f in /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	grep -qi 'debian' "$f" || continue
	sed 's/^Types:.*/Types: deb-src/' "$f" >> "$aptdir/sources/debsrc.sources"
	echo >> "$aptdir/sources/debsrc.sources"
done
: > "$aptdir/sources/debsrc.list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
	[ -f "$f" ] || continue
	sed -n 's/^deb \(.*debian.*\)/deb-src \1/p' "$f" >> "$aptdir/sources/debsrc.list"
done
[ -s "$aptdir/sources/debsrc.sources" ] || [ -s "$aptdir/sources/debsrc.list" ] ||
	no_debian_source "no Debian suite found in /etc/apt to derive a deb-src entry from"

apt_private() {
	apt-get -o Dir::Etc::sourcelist="$aptdir/sources/debsrc.list" \
		-o Dir::Etc::sourceparts="$aptdir/sources" \
		-o Dir::State::Lists="$aptdir/lists" \
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root "$@"
}

echo "fio-source: fetching the Debian source of fio $ver into $build/fio-src" >&2
apt_private -qq update >&2 ||
	no_debian_source "apt-get update with the private deb-src list in $aptdir failed"
(cd "$aptdir/dl" && apt_private -qq --download-only source "fio=$ver" >&2 2>&1) ||
	no_debian_source "apt-get source fio=$ver failed"

rm -rf "$tree"
mkdir -p "$build/fio-src"
dpkg-source --no-check -x "$aptdir/dl/fio_$upstream-"*".dsc" "$tree" >/dev/null ||
	die "dpkg-source -x of fio_$ver failed"

configure_tree "$tree"
echo "$tree"
