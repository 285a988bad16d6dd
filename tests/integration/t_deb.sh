#!/bin/bash
# The Debian package of HEAD (make deb, in a clone: uncommitted changes are not in it), built
# twice, the second time in another directory, later, under another umask, time zone and
# locale, and the two compared byte for byte;
# then installed with apt in a fresh minimal root that has no source tree, used and removed
# there (deb_installed_check.sh says what is checked).
#
# Skips where make deb would refuse (a fio that is not the installed package's source, as in
# a Debian 13 root here, whose source packages this network does not serve) and where a root
# cannot be made (not root).
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "needs root (a fresh root: debootstrap, chroot)"
[ "$T_ASAN" = 1 ] && skip "the package is built without the sanitizers"

# build N DIR: clone HEAD into DIR/nfsweep and make deb there; its output in DIR/nfsweep/build/deb
# (lintian on the first build only: it reads the package, it does not make it). As a user runs
# it: make test's FIO_SRC (in the environment, and in MAKEFLAGS as a command-line variable)
# would make it refuse, since the package is built for the installed fio's own source.
build() {
	git clone -q --no-hardlinks "$T_TOP" "$2/nfsweep" || fail "git clone into $2"
	local lintian=0
	[ "$1" = 1 ] && lintian=1
	env -u FIO_SRC -u FIO -u MAKEFLAGS -u MFLAGS -u MAKELEVEL LINTIAN=$lintian \
		make -s -C "$2/nfsweep" deb > "$2/deb.log" 2>&1
}
# make deb's own refusal, asked first: the engines must be built against the installed fio's
# Debian source, and a release tarball of it is not that (a Debian 13 root on this network)
case $("$T_TOP/tools/fio-source.sh" "$BUILD" 2>/dev/null) in
*-tarball) skip "make deb refuses here: the installed fio's Debian source cannot be" \
	"fetched (only a release tarball)" ;;
'') fail "tools/fio-source.sh $BUILD found no fio source" ;;
esac
# git for the clones (make deb installs the rest of its group itself)
"$T_TOP/tools/deps.sh" deb >/dev/null || fail "tools/deps.sh deb"
mkdir -p "$T_DISK/one"
build 1 "$T_DISK/one"
rc=$?
# its refusal was asked above: here it is a failure (make test's own FIO_SRC came through once)
[ $rc = 0 ] || { tail -n 20 "$T_DISK/one/deb.log"; fail "make deb exited $rc"; }
grep -q 'lintian --pedantic: nothing on' "$T_DISK/one/deb.log" ||
	fail "make deb did not say lintian --pedantic was clean: $(tail -n 3 "$T_DISK/one/deb.log")"
one=$T_DISK/one/nfsweep/build/deb

# The second build: another directory (its path longer, another name), at least a second later,
# and, as reprotest varies them, another umask (the clone's files group-writable), time zone
# and locale.
sleep 1
mkdir -p "$T_DISK/another-directory/deeper"
(umask 002 && TZ=Asia/Tokyo LC_ALL=C.UTF-8 build 2 "$T_DISK/another-directory/deeper") ||
	{ tail -n 20 "$T_DISK/another-directory/deeper/deb.log"; fail "the second make deb"; }
two=$T_DISK/another-directory/deeper/nfsweep/build/deb
n=0
for f in "$one"/*.deb "$one"/*.dsc "$one"/*.tar.xz; do
	b=$(basename "$f")
	[ -f "$two/$b" ] || fail "the second build has no $b"
	if ! cmp -s "$f" "$two/$b"; then
		case $b in
		*.deb) diff <(dpkg-deb -c "$f") <(dpkg-deb -c "$two/$b") | head -n 20
			diff <(dpkg-deb -I "$f") <(dpkg-deb -I "$two/$b") | head -n 20 ;;
		esac
		fail "$b differs between the two builds: $(cmp "$f" "$two/$b")"
	fi
	n=$((n + 1))
done
[ $n -ge 5 ] || fail "only $n files compared (two .deb, the .dsc and three tarballs expected)"
echo "reproducible: $n files identical ($(cd "$one" && echo *.deb))"

# Installed where nothing else is: a fresh root of this machine's Debian release.
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
case $suite in bookworm|trixie) ;; *) skip "no fresh root for $suite (tools/fresh-root.sh)" ;; esac
mkdir -p "$T_DISK/with"
cp "$one"/nfsweep_*.deb "$T_HERE/deb_installed_check.sh" "$T_DISK/with/"
"$T_TOP/tools/fresh-root.sh" --suite "$suite" --bare --with "$T_DISK/with" \
	"bash /root/with/deb_installed_check.sh /root/with" > "$T_DISK/installed.log" 2>&1
rc=$?
cat "$T_DISK/installed.log"
[ $rc = 0 ] || fail "the installed package's checks (exit $rc)"
grep -q '^deb_installed_check: every check passed' "$T_DISK/installed.log" ||
	fail "the installed package's checks did not all run"
echo ok
