#!/bin/sh
# fio-tarball.sh - a fio source tree from a release tarball: unpacked,
# checked, configured and versioned, for the engines to compile against
# (and, with --build, a fio binary in it, never installed on the system).
#
# The tarball is fio-VERSION.tar.{xz,gz,bz2} in $FIO_TARBALLS. When a
# SHA256SUMS file lies beside it, the tarball must be listed there and
# match. The tree is configured as Debian configures its fio
# (--disable-native --prefix=/usr, without the GUI and NBD switches, which
# change no struct an engine sees), after the libraries fio should find are
# installed (make deps), and it must say it is fio-VERSION.
#
# Usage: tools/fio-tarball.sh [--build] DEST VERSION    prints DEST
# Exit:  0 ok, 1 not possible (the message says why), 2 usage
set -eu

me=fio-tarball
build_fio=0
if [ "${1:-}" = --build ]; then
	build_fio=1
	shift
fi
[ $# = 2 ] || { echo "usage: $me.sh [--build] DEST VERSION" >&2; exit 2; }
dest=$1 ver=$2
die() { echo "$me: $*" >&2; exit 1; }

case $ver in
*[!0-9.]*|'') die "VERSION '$ver' is not a fio release number such as 3.42" ;;
esac
[ -n "${FIO_TARBALLS:-}" ] || die "FIO_TARBALLS is not set: give the directory of fio-X.Y.tar.* release tarballs"
[ -d "$FIO_TARBALLS" ] || die "FIO_TARBALLS=$FIO_TARBALLS: not a directory"

stamp=$dest/.nfsweep-configured
if [ -f "$stamp" ] && { [ $build_fio = 0 ] || [ -x "$dest/fio" ]; }; then
	echo "$dest"
	exit 0
fi

tarball=
for t in "$FIO_TARBALLS/fio-$ver.tar.xz" "$FIO_TARBALLS/fio-$ver.tar.gz" "$FIO_TARBALLS/fio-$ver.tar.bz2"; do
	[ -f "$t" ] && { tarball=$t; break; }
done
[ -n "$tarball" ] || die "no fio-$ver.tar.xz, .gz or .bz2 in FIO_TARBALLS=$FIO_TARBALLS"

sums=$FIO_TARBALLS/SHA256SUMS
if [ -f "$sums" ]; then
	name=${tarball##*/}
	want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$sums")
	[ -n "$want" ] || die "$sums does not list $name"
	have=$(sha256sum "$tarball" | cut -d' ' -f1)
	[ "$have" = "$want" ] || die "$tarball: sha256 $have, but $sums says $want"
fi

if [ ! -f "$stamp" ]; then
	tmp=$dest.unpack.$$
	rm -rf "$tmp"
	mkdir -p "$tmp"
	trap 'rm -rf "$tmp"' EXIT
	tar -xf "$tarball" -C "$tmp" || die "tar -xf $tarball failed"
	[ -d "$tmp/fio-$ver" ] || die "$tarball does not unpack to fio-$ver/"
	rm -rf "$dest"
	mkdir -p "$(dirname "$dest")"
	mv "$tmp/fio-$ver" "$dest"
	rm -rf "$tmp"
	trap - EXIT
	echo "$me: configuring fio $ver in $dest" >&2
	(cd "$dest" && ./configure --disable-native --prefix=/usr > configure.log 2>&1) ||
		die "configure failed, see $dest/configure.log"
	(cd "$dest" && ./FIO-VERSION-GEN > /dev/null 2>&1) || die "$dest/FIO-VERSION-GEN failed"
	got=$(sed -n 's/^FIO_VERSION = //p' "$dest/FIO-VERSION-FILE")
	[ "$got" = "fio-$ver" ] || die "$tarball says it is '$got', not fio-$ver"
	echo "./configure --disable-native --prefix=/usr ($tarball)" > "$stamp"
fi
if [ $build_fio = 1 ] && [ ! -x "$dest/fio" ]; then
	echo "$me: building fio $ver in $dest (make fio)" >&2
	# not our make's variables (FIO_VERSION=3.42 would rename fio's own version string)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES -u FIO_VERSION \
		make -C "$dest" -j"$(nproc)" fio > "$dest/build.log" 2>&1 ||
		die "make fio failed, see $dest/build.log"
fi
echo "$dest"
