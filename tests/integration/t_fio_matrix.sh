#!/bin/bash
# Every fio users run: the engines compile, warnings as errors, against the
# source of every fio release in FIO_TARBALLS and of the installed fio;
# the newest release is built from its tarball (never installed) and the
# engines built against it pass their verify test, fio's contract and fio's
# own job suite run with it; and an engine built for one fio, loaded into
# another, says what the user sees, for real: across FIO_IOOPS_VERSIONs fio
# itself refuses it ("bad ioops version", and nfsweep run says what to
# do), within one FIO_IOOPS_VERSION the engine's own canary does.
#
# Needs FIO_TARBALLS=<dir of fio-X.Y.tar.*> (make fio-matrix, .ci/run).
. "$(dirname "$0")/lib.sh"
[ -n "${FIO_TARBALLS:-}" ] || skip "FIO_TARBALLS is not set (the directory of fio release tarballs)"
[ -n "${FIO_SRC:-}" ] || FIO_SRC=$(cat "$BUILD/fio-src.path")
m=$BUILD/fio-matrix
mkdir -p "$m"
cflags="-O2 -g -Wall -Wextra -Werror"

# ioops TREE: the FIO_IOOPS_VERSION in a fio tree's ioengines.h
ioops() { sed -n 's/^#define FIO_IOOPS_VERSION[[:space:]]*\([0-9]*\).*/\1/p' "$1/ioengines.h"; }

# compile NAME TREE: the three engines against TREE into $m/NAME/engines
compile() {
	local log=$m/$1.log
	rm -rf "${m:?}/$1"
	if ! make -s -C "$T_TOP/engines" compile FIO_SRC="$2" BUILD="$m/$1" CFLAGS="$cflags" \
		>"$log" 2>&1; then
		sed 's/^/    /' "$log" | tail -n 20
		fail "the engines do not compile against $2 ($(sed -n 's/^FIO_VERSION = //p' "$2/FIO-VERSION-FILE"))"
	fi
	for e in uring aio ops; do
		[ -f "$m/$1/engines/nfsweep-$e.so" ] || fail "$2: nfsweep-$e.so not built"
	done
}

versions=$(ls "$FIO_TARBALLS" | sed -n 's/^fio-\([0-9][0-9]*\.[0-9][0-9]*\)\.tar\.\(xz\|gz\|bz2\)$/\1/p' |
	sort -t. -k1,1n -k2,2n -u)
[ -n "$versions" ] || fail "no fio-X.Y.tar.* in FIO_TARBALLS=$FIO_TARBALLS"
printf '%-12s %-6s %s\n' fio ioops engines
compile installed "$FIO_SRC"
printf '%-12s %-6s %s\n' "$(fio --version)" "$(ioops "$FIO_SRC")" "compile clean (installed fio's source)"
declare -A tree=() io=()
for v in $versions; do
	tree[$v]=$("$T_TOP/tools/fio-tarball.sh" "$BUILD/fio-$v" "$v") || fail "fio $v's tree"
	io[$v]=$(ioops "${tree[$v]}")
	compile "$v" "${tree[$v]}"
	printf '%-12s %-6s %s\n' "fio-$v" "${io[$v]}" "compile clean"
done

# A tarball that is not what SHA256SUMS says, or a version with no tarball, is refused by name.
bad=$T_DISK/tarballs && mkdir -p "$bad"
first=$(head -n 1 <<<"$versions")
cp "$FIO_TARBALLS/fio-$first".tar.* "$bad/" && printf '\0' >> "$bad/$(cd "$bad" && ls)" &&
	cp "$FIO_TARBALLS/SHA256SUMS" "$bad/" || fail "copying fio-$first's tarball"
msg=$(FIO_TARBALLS=$bad "$T_TOP/tools/fio-tarball.sh" "$T_DISK/t-$first" "$first" 2>&1) &&
	fail "a tarball that does not match SHA256SUMS was taken"
grep -q "fio-$first.tar.*: sha256 [0-9a-f]*, but $bad/SHA256SUMS says" <<<"$msg" ||
	{ echo "$msg"; fail "the checksum refusal does not say so"; }
[ ! -e "$T_DISK/t-$first" ] || fail "a refused tarball left a tree"
msg=$(FIO_TARBALLS=$bad "$T_TOP/tools/fio-tarball.sh" "$T_DISK/t-0" 0.1 2>&1) &&
	fail "fio 0.1 was found"
grep -q "no fio-0.1.tar.xz, .gz or .bz2 in FIO_TARBALLS=$bad" <<<"$msg" ||
	{ echo "$msg"; fail "a missing tarball is not named"; }
echo "tarballs: a checksum mismatch and a missing version are refused, named"
# Without FIO_TARBALLS, where the distribution's source cannot be had (Debian 13 on this
# network), the one message names the installed fio and the three ways.
if msg=$(env -u FIO_TARBALLS "$T_TOP/tools/fio-source.sh" "$T_DISK/fio-source" 2>&1); then
	echo "fio-source: the distribution's source of $(fio --version) is reachable here: no message to check"
else
	ver=$(dpkg-query -W -f '${Version}' fio)
	for want in "no source for the installed fio $ver" "FIO_SRC=<a configured fio-${ver%-*} tree>" \
		"apt-get source fio=$ver" "FIO_TARBALLS=<a directory"; do
		grep -qF -- "$want" <<<"$msg" || { echo "$msg"; fail "fio-source's message lacks '$want'"; }
	done
	echo "fio-source: no distribution source, no tarballs: one message with the three ways"
fi

# The newest, built, and the engine tests with it.
new=$(tail -n 1 <<<"$versions")
"$T_TOP/tools/fio-tarball.sh" --build "$BUILD/fio-$new" "$new" >/dev/null || fail "building fio $new"
newfio=$BUILD/fio-$new/fio
[ "$("$newfio" --version)" = "fio-$new" ] || fail "$newfio says $("$newfio" --version)"
echo "fio-$new built: its engine tests, fio's contract and fio's own suite"
out=$(BUILD=$m/$new NFSWEEP=$NFSWEEP FIO=$newfio FIO_SRC=${tree[$new]} \
	"$T_HERE/run.sh" t_engines_verify t_fio_contract t_fio_pace t_fio_suite 2>&1)
rc=$?
echo "$out" | sed 's/^/  /'
[ $rc = 0 ] || fail "fio-$new: the engine tests fail"

# Across FIO_IOOPS_VERSIONs: fio itself refuses, before any engine code runs.
inst=$(ioops "$FIO_SRC")
if [ "${io[$new]}" != "$inst" ]; then
	msg=$(fio --name=x --filename="$T_SHM/x" --size=1m \
		--ioengine=external:"$m/$new/engines/nfsweep-uring.so" 2>&1) &&
		fail "$(fio --version) ran an engine built for fio-$new"
	grep -q "bad ioops version ${io[$new]} (want $inst)" <<<"$msg" ||
		{ echo "$msg"; fail "$(fio --version) loading fio-$new's engine: not fio's ioops message"; }
	msg=$("$newfio" --name=x --filename="$T_SHM/x" --size=1m \
		--ioengine=external:"$m/installed/engines/nfsweep-aio.so" 2>&1) &&
		fail "fio-$new ran an engine built for $(fio --version)"
	grep -q "bad ioops version $inst (want ${io[$new]})" <<<"$msg" ||
		{ echo "$msg"; fail "fio-$new loading $(fio --version)'s engine: not fio's ioops message"; }
	# nfsweep run asks fio first: exit 3 before any point, saying what to do
	for p in rand4k sfs2008; do
		msg=$("$NFSWEEP" run --profile $p --mix 100 --target local="$T_SHM" --runtime 1 --ramp 0 \
			--size 8m --engine-dir "$m/$new/engines" --out "$T_DISK/io-$p/sweep.csv" 2>&1)
		rc=$?
		[ $rc = 3 ] || { echo "$msg"; fail "nfsweep run --profile $p, fio-$new's engines: exit $rc, not 3"; }
		grep -q "bad ioops version ${io[$new]} (want $inst): the engine was built against the source of another fio release; rebuild it" <<<"$msg" ||
			{ echo "$msg"; fail "nfsweep run --profile $p: the message does not say what to do"; }
		[ ! -s "$T_DISK/io-$p/sweep.csv" ] || fail "nfsweep run --profile $p wrote rows"
	done
	echo "across FIO_IOOPS_VERSIONs ($inst, ${io[$new]}): fio refuses, nfsweep run says what to do"
fi

# One FIO_IOOPS_VERSION, another release: the engine's canary.
same=
for v in $versions; do
	[ "$v" != "$new" ] && [ "${io[$v]}" = "${io[$new]}" ] && same=$v
done
[ -n "$same" ] || skip "no release in FIO_TARBALLS shares fio-$new's FIO_IOOPS_VERSION ${io[$new]}: the canary is untested here"
for e in uring aio ops; do
	msg=$("$newfio" --name=x --filename="$T_SHM/x" --size=1m \
		--ioengine=external:"$m/$same/engines/nfsweep-$e.so" 2>&1) &&
		fail "fio-$new ran nfsweep-$e built for fio-$same"
	grep -q "nfsweep-$e: init(): refusing to run: this engine was built against the source of fio-$same but is loaded by fio-$new" <<<"$msg" ||
		{ echo "$msg"; fail "fio-$new loading fio-$same's nfsweep-$e: not the canary's message"; }
done
# through nfsweep run, with that fio first on PATH: one fio_error row naming both
mkdir -p "$T_DISK/same"
(PATH=$(dirname "$newfio"):$PATH "$NFSWEEP" run --profile rand4k --mix 100 --target local="$T_SHM" \
	--runtime 1 --ramp 0 --numjobs 1 --iodepth 4 --size 8m --engine-dir "$m/$same/engines" \
	--out "$T_DISK/same/sweep.csv" >"$T_DISK/same/out" 2>&1)
rc=$?
[ $rc = 1 ] || { cat "$T_DISK/same/out"; fail "nfsweep run, fio-$same's engines in fio-$new: exit $rc, not 1"; }
python3 - "$T_DISK/same/sweep.csv" "$same" "$new" <<'PY' || fail "the row does not name both versions"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 1 and rows[0]["status"] == "fio_error", rows
assert rows[0]["fio_version"] == "fio-" + sys.argv[3], rows[0]["fio_version"]
for v in sys.argv[2:]:
    assert "fio-" + v in rows[0]["error"], rows[0]["error"]
PY
echo "one FIO_IOOPS_VERSION (${io[$new]}), fio-$same's engines in fio-$new: the canary refuses, named in the row"
echo ok
