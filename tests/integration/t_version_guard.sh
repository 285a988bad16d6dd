#!/bin/bash
# An engine built against another fio's headers is refused, with a message
# naming both versions: the engine is rebuilt here with a different
# NFSWEEP_FIO_VERSION, the real fio loads it.
. "$(dirname "$0")/lib.sh"
[ -n "${FIO_SRC:-}" ] || FIO_SRC=$(cat "$BUILD/fio-src.path")
out=$BUILD/tests/version-guard
rm -rf "$out"
# The .so targets alone: "all" would (rightly) stop at the version check.
make -s -C "$T_TOP/engines" FIO_SRC="$FIO_SRC" BUILD="$out" \
	FIO_HDR_VERSION=fio-0.99-other "$out/engines/nfsweep-uring.so" \
	"$out/engines/nfsweep-aio.so" >/dev/null 2>&1 ||
	fail "could not build the engines with a foreign version"
for e in uring aio; do
	msg=$(fio --name=g --filename=$T_SHM/g --size=1m --ioengine=external:$out/engines/nfsweep-$e.so 2>&1) &&
		fail "nfsweep-$e built for fio-0.99-other ran in $(fio --version)"
	grep -q "fio-0.99-other" <<<"$msg" && grep -q "$(fio --version)" <<<"$msg" ||
		{ echo "$msg"; fail "nfsweep-$e: refusal does not name both versions"; }
done
# And the build itself refuses headers of another version than the fio on PATH.
msg=$(make -s -C "$T_TOP/engines" FIO_SRC="$FIO_SRC" BUILD="$out" \
	FIO_BIN="echo fio-0.98-path" 2>&1) && fail "build accepted a fio of another version"
grep -q "fio-0.98-path" <<<"$msg" || { echo "$msg"; fail "build refusal does not name the fio on PATH"; }
echo ok
