#!/bin/bash
# An engine built against another fio's headers of the same
# FIO_IOOPS_VERSION is refused by its own canary, with a message naming both
# versions, under fio and in nfsweep run's row: the engine is rebuilt here
# with a different NFSWEEP_FIO_VERSION (the tree's own with "-other" after
# it: the same release numbers for fio_compat.h), the real fio loads it. Across
# FIO_IOOPS_VERSIONs fio refuses before any engine code runs: real fios of
# other releases, in t_fio_matrix.
. "$(dirname "$0")/lib.sh"
[ -n "${FIO_SRC:-}" ] || FIO_SRC=$(cat "$BUILD/fio-src.path")
out=$BUILD/tests/version-guard
other=$(sed -n 's/^FIO_VERSION = //p' "$FIO_SRC/FIO-VERSION-FILE")-other
rm -rf "$out"
# The .so targets alone: "all" would (rightly) stop at the version check.
make -s -C "$T_TOP/engines" FIO_SRC="$FIO_SRC" BUILD="$out" \
	FIO_HDR_VERSION="$other" "$out/engines/nfsweep-uring.so" \
	"$out/engines/nfsweep-aio.so" >/dev/null 2>&1 ||
	fail "could not build the engines with a foreign version"
for e in uring aio; do
	msg=$(fio --name=g --filename=$T_SHM/g --size=1m --ioengine=external:$out/engines/nfsweep-$e.so 2>&1) &&
		fail "nfsweep-$e built for $other ran in $(fio --version)"
	grep -q "$other" <<<"$msg" && grep -q "$(fio --version)" <<<"$msg" ||
		{ echo "$msg"; fail "nfsweep-$e: refusal does not name both versions"; }
done
# Through nfsweep run: the point is a fio_error row, and its error names both versions.
mkdir -p "$T_DISK/vg"
"$NFSWEEP" run --profile rand4k --mix 100 --target local="$T_SHM" --runtime 1 --ramp 0 \
	--numjobs 1 --iodepth 4 --size 8m --engine-dir "$out/engines" --out "$T_DISK/vg/sweep.csv" \
	2>"$T_DISK/vg/err"
rc=$?
[ $rc = 1 ] || { cat "$T_DISK/vg/err"; fail "nfsweep run with a foreign-version engine: exit $rc, not 1"; }
python3 - "$T_DISK/vg/sweep.csv" "$(fio --version)" "$other" <<'PY' || fail "the row does not name both versions"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 1 and rows[0]["status"] == "fio_error", rows
assert sys.argv[3] in rows[0]["error"] and sys.argv[2] in rows[0]["error"], rows[0]["error"]
PY
# And the build says so when the fio that will load them is of another
# version (a stand-in that only answers --version: the build runs nothing else of it).
printf '#!/bin/sh\necho fio-0.98-path\n' > "$out/other-fio" && chmod +x "$out/other-fio"
msg=$(make -s -C "$T_TOP/engines" FIO_SRC="$FIO_SRC" BUILD="$out" FIO="$out/other-fio" 2>&1) ||
	{ echo "$msg"; fail "the build against $FIO_SRC failed"; }
grep -q "note: built for $(fio --version) .*other-fio' is fio-0.98-path: it will refuse them" \
	<<<"$msg" || { echo "$msg"; fail "build note does not name both versions"; }
echo ok
