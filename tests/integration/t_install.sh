#!/bin/bash
# make install into a staging directory (DESTDIR), the engines in the
# multiarch directory the package uses and not executable, then the installed copy at
# work with no path into the source tree: a one-point run from another
# directory takes the installed engine and profile, compare and ort read
# the installed published figures.
. "$(dirname "$0")/lib.sh"
inst=$T_DISK/inst
make -s -C "$T_TOP" install DESTDIR="$inst" PREFIX=/usr/local >"$T_DISK/install.log" 2>&1 ||
	{ cat "$T_DISK/install.log"; fail "make install DESTDIR=$inst"; }
N=$inst/usr/local/bin/nfsweep
# the engines where Debian's package puts them, under the prefix: lib/<multiarch>/nfsweep
lib=lib/$(gcc -print-multiarch)/nfsweep
for f in "$lib/nfsweep-uring.so" "$lib/nfsweep-aio.so" "$lib/nfsweep-rpc.so" share/nfsweep/profiles/rand4k.fio \
	share/nfsweep/profiles/global.fioinc share/nfsweep/reference/anf-linux-benchmarks.csv \
	share/nfsweep/reference/curves/netapp-fas3140-specsfs2008-cifs.csv share/man/man1/nfsweep.1 \
	share/bash-completion/completions/nfsweep share/nfsweep/lab/run share/nfsweep/lab/shape.sh \
	share/nfsweep/lab/guest-stage2.sh share/nfsweep/lab/session.sh share/nfsweep/lab/guest-serve.sh \
	share/nfsweep/lab/initramfs-init share/nfsweep/tools/deps.sh; do
	[ -f "$inst/usr/local/$f" ] || fail "make install did not install $f"
done
# private plugins: not executable
[ -z "$(find "$inst/usr/local/$lib" -name '*.so' -perm /111)" ] || fail "an engine is executable"
mkdir -p "$T_DISK/elsewhere" && cd "$T_DISK/elsewhere" || exit 1
# --fio-opt: the job copy beside the JSON names the profile fio ran
"$N" run --profile rand4k --mix 100 --target x="$T_SHM" --runtime 1 --ramp 0 --numjobs 1 \
	--iodepth 4 --size 8m --fio-opt norandommap=1 --out s.csv 2>"$T_DISK/run.err" ||
	{ cat "$T_DISK/run.err"; fail "a one-point run with the installed nfsweep"; }
python3 "$T_HERE/results_check.py" s.csv --rows 1 --status ok --json || fail "the installed run's row"
grep -q "\"ioengine\" : \"external:$inst/usr/local/$lib/nfsweep-uring.so\"" fio/s/*.json ||
	fail "the run did not use the installed engine: $(grep -h ioengine fio/s/*.json)"
head -n 1 fio/s/*.fio | grep -q "^; $inst/usr/local/share/nfsweep/profiles/rand4k.fio," ||
	fail "the run did not use the installed profile: $(head -n 1 fio/s/*.fio)"
grep -q "^include $inst/usr/local/share/nfsweep/profiles/global.fioinc" fio/s/*.fio ||
	fail "the installed profile's include is not the installed global.fioinc"
[ "$("$N" ort "$inst/usr/local/share/nfsweep/reference/curves/netapp-fas3140-specsfs2008-cifs.csv" |
	tail -n 1)" = 1.48 ] || fail "ort on the installed published curve"
cp "$T_TOP/tests/data/results/nconnect-fixture.csv" f.csv
"$N" compare f.csv --base nc1 | grep -q '64 KiB sequential read .* 2.30x .* 2.3x' ||
	fail "compare does not show the installed published gains"
# The installed lab: no source tree beside it, so it installs nothing and names what it lacks
# (a group no machine has: DEPS_INSTALL=no is what stops deps.sh, not the packages being there).
out=$(HOME=$T_DISK/home "$inst/usr/local/share/nfsweep/lab/run" --help 2>&1) ||
	fail "the installed lab/run --help: $out"
grep -q '.cache/nfsweep/lab/runs' <<<"$out" || fail "the installed lab/run --help names no cache"
out=$(DEPS_INSTALL=no "$inst/usr/local/share/nfsweep/tools/deps.sh" lab qemu 2>&1)
rc=$?
if dpkg-query -W -f '${db:Status-Status}' qemu-system-x86 2>/dev/null | grep -q '^installed'; then
	[ $rc = 0 ] || fail "the installed deps.sh lab qemu, all present, exited $rc: $out"
else
	[ $rc = 1 ] && grep -q 'apt-get install .*qemu-system-x86' <<<"$out" ||
		fail "the installed deps.sh with DEPS_INSTALL=no, qemu missing, exited $rc: $out"
	dpkg-query -W -f '${db:Status-Status}' qemu-system-x86 2>/dev/null | grep -q '^installed' &&
		fail "deps.sh installed qemu with DEPS_INSTALL=no"
fi
echo ok
