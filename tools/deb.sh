#!/bin/bash
# deb.sh - `make deb`: nfsweep_<version>-1_<arch>.deb (and its source package) in build/deb/,
# built by Debian's own tools from debian/ and the committed tree.
#
# The engines must be compiled against the source of the very fio that will load them, and
# Debian has no package of fio's headers: the source package carries it as a second upstream
# tarball (nfsweep_<version>.orig-fio.tar.xz, unpacked in fio/), the Debian source of the
# installed fio package (tools/fio-source.sh), and the package depends on exactly that fio
# version. A fio that is not the installed package (FIO=, FIO_SRC=) has no package to depend
# on: refused.
#
# Everything is written under build/deb/ (dpkg-buildpackage writes beside the tree it builds,
# which is build/deb/nfsweep-<version>/ here, never the parent of the checkout). The tarballs
# are made reproducibly (sorted, owned by root, dated by debian/changelog), so two builds of
# one commit give the same files.
#
#   DEB_OUT=DIR     where the build goes (build/deb)
#   LINTIAN=0       skip lintian (it runs on the .changes: the source and every binary)
# Exit: 0 built (and lintian clean), 1 failed, 2 refused (a tarball fio, uncommitted changes)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${DEB_OUT:-$top/build/deb}
die() { echo "make deb: $*" >&2; exit "${2:-1}"; }

[ -z "${FIO:-}" ] && [ -z "${FIO_SRC:-}" ] ||
	die "FIO=${FIO:-} FIO_SRC=${FIO_SRC:-}: a fio that is not the installed package has no package version for the engines to depend on; make deb builds them for the installed fio package" 2
"$top/tools/deps.sh" build >/dev/null || die "tools/deps.sh build failed"
cd "$top"

version=$(dpkg-parsechangelog -SVersion)
upstream=${version%-*}
[ "$upstream" = "$(cat VERSION)" ] ||
	die "debian/changelog's version $version is not VERSION's $(cat VERSION): add a changelog entry (dch -v $(cat VERSION)-1)" 2
# every date in the tarballs and the package: the changelog's
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -STimestamp)
export SOURCE_DATE_EPOCH

# The installed fio's Debian source, configured as its package was (then cleaned for the tarball).
fio_tree=$("$top/tools/fio-source.sh" "$top/build") || die "no source of the installed fio"
case $fio_tree in
*-tarball) die "the installed fio's Debian source could not be fetched (only a release tarball): its package's source is what the engines must be built against" 2 ;;
esac
# Debian's packaging tools, once the build is known to be possible
"$top/tools/deps.sh" deb >/dev/null || die "tools/deps.sh deb failed"
git rev-parse --git-dir >/dev/null 2>&1 || die "$top is not a git checkout: the source package is made from its committed files" 2
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "uncommitted changes: the package is made from the commit (HEAD); commit them first" 2
fio_version=$(dpkg-parsechangelog -l "$fio_tree/debian/changelog" -SVersion)
[ "$fio_version" = "$(dpkg-query -W -f '${Version}' fio)" ] ||
	die "the fio source $fio_tree is $fio_version, the installed fio $(dpkg-query -W -f '${Version}' fio)"

rm -rf "$out"
mkdir -p "$out"
# tar_dir DIR NAME TARBALL: DIR as NAME/ in TARBALL, the same bytes every time (modes too: the
# files were written under the builder's umask, 002 as well as 022)
tar_dir() {
	tar -C "$(dirname "$1")" --transform "s|^$(basename "$1")|$2|" --sort=name \
		--mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --mode=go=rX,u+rw,a-s \
		--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
		--exclude-vcs -cf - "$(basename "$1")" | xz -6 -T1 -c > "$3"
}
# nfsweep's own tarball: the commit's files, debian/ apart (the package's, not upstream's)
stage=$out/stage
mkdir -p "$stage/nfsweep-$upstream"
git archive --format=tar HEAD -- . ':!debian' | tar -C "$stage/nfsweep-$upstream" -xf -
tar_dir "$stage/nfsweep-$upstream" "nfsweep-$upstream" "$out/nfsweep_$upstream.orig.tar.xz"
# fio's, as its source package unpacks (patches applied), without what configure made
cp -a "$fio_tree" "$stage/fio"
rm -rf "$stage/fio/.pc"
"$top/tools/fio-source.sh" --unconfigure "$stage/fio"
tar_dir "$stage/fio" "fio-$fio_version" "$out/nfsweep_$upstream.orig-fio.tar.xz"
rm -rf "$stage"

# The source tree as dpkg-source would unpack it, then the source package and the binaries.
src=$out/nfsweep-$upstream
mkdir -p "$src/fio"
tar -C "$src" --strip-components=1 -xJf "$out/nfsweep_$upstream.orig.tar.xz"
tar -C "$src/fio" --strip-components=1 -xJf "$out/nfsweep_$upstream.orig-fio.tar.xz"
git archive --format=tar HEAD debian | tar -C "$src" -xf -
(cd "$src" && dpkg-buildpackage -us -uc -sa) > "$out/build.log" 2>&1 ||
	{ tail -n 30 "$out/build.log" >&2; die "dpkg-buildpackage failed (the log: $out/build.log)"; }
deb=$(ls "$out"/nfsweep_"$version"_*.deb)
changes=$(ls "$out"/nfsweep_"$version"_*.changes)
echo "make deb: $deb (engines for fio $fio_version)" >&2
if [ "${LINTIAN:-1}" != 0 ]; then
	lintian --pedantic --fail-on error,warning,pedantic "$changes" > "$out/lintian.log" 2>&1 ||
		{ cat "$out/lintian.log" >&2; die "lintian found the above in $changes"; }
	echo "make deb: lintian --pedantic: nothing on $(basename "$changes")" >&2
fi
echo "$deb"
