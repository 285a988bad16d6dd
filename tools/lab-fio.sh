#!/bin/sh
# lab-fio.sh - build the fio that make test's lab guests run (LAB_FIO, lab/README.md) from the
# configured source tree the engines compile against: the installed fio's own release and
# configuration, linked with only the libraries that tree found. A start of Debian's fio, with
# its 64 libraries, takes about a second in the user-mode guest; this one a fifth of that.
#
# Usage: tools/lab-fio.sh SRC_TREE OUT_DIR    builds OUT_DIR/fio (the tree copied to OUT_DIR/src;
#                                              SRC_TREE is never written), unless the one there
#                                              was built from the same tree and configuration
# Exit:  0 built or up to date, 1 failed (its log named)
set -eu

src=${1:?usage: lab-fio.sh SRC_TREE OUT_DIR}
out=${2:?usage: lab-fio.sh SRC_TREE OUT_DIR}
die() { echo "lab-fio: $*" >&2; exit 1; }

if [ ! -f "$src/config-host.h" ] || [ ! -f "$src/FIO-VERSION-FILE" ]; then
	die "$src: not a configured fio tree (no config-host.h or FIO-VERSION-FILE)"
fi
src=$(cd "$src" && pwd)
# what the build is of: the tree's path, its configuration and its version
stamp=$(printf '%s\n' "$src" && cat "$src/config-host.h" "$src/FIO-VERSION-FILE" | sha256sum)
[ -x "$out/fio" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ] && exit 0

rm -rf "$out"
mkdir -p "$out"
cp -a "$src" "$out/src" || die "copying $src to $out/src failed"
# (fio's Makefile configures again when configure is newer than config-host.mak: cp -a keeps
# the times, and so the configuration)
if ! make -C "$out/src" -j"$(nproc)" fio > "$out/build.log" 2>&1; then
	tail -n 20 "$out/build.log" >&2
	die "building fio in $out/src failed (log: $out/build.log)"
fi
want=$(sed -n 's/^FIO_VERSION = //p' "$src/FIO-VERSION-FILE")
got=$("$out/src/fio" --version)
[ "$got" = "$want" ] || die "$out/src/fio says $got, its tree $want"
ln -s src/fio "$out/fio"
echo "$stamp" > "$out/stamp"
echo "lab-fio: built $out/fio ($got, from $src)" >&2
