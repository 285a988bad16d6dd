#!/bin/sh
# deps.sh - install the Debian packages nfsweep builds and tests with.
#
# Idempotent: asks dpkg what is missing and installs only that. As root it
# runs apt-get; otherwise it prints the exact command and exits 1, so a
# user is never surprised by a sudo prompt from a Makefile.
#
# Usage: tools/deps.sh [GROUP...]   groups: build test fuzz lab qemu ganesha fiosuite bench plot office browser gates ci deb
# Env:   DEPS_INSTALL=no  never install, even as root: name what is missing and exit 1 (the
#                         package's lab/run: a packaged script installs no packages itself)
# Exit:  0 all present, 1 missing and not root (or DEPS_INSTALL=no), 2 apt-get failed.
set -eu

# libxlsxwriter-dev: nfsweep sheet's workbook (its charts the spreadsheet's own). Its
# xlsxwriter.pc requires zlib's and minizip's .pc files, which Debian 13's package does not
# pull in: without them pkg-config fails for every library of the harness at once.
# r-mathlib: R's standalone mathematics library (Rmath), Student's t for compare's intervals;
# one package holds the library, its header and libRmath.pc.
# libnfs-dev: nfsweep-rpc's NFSv3 client in user space (libnfs's raw RPC calls).
pkgs_build="fio liburing-dev libaio-dev libnuma-dev numactl libjson-c-dev libmount-dev
	libxlsxwriter-dev zlib1g-dev libminizip-dev r-mathlib libnfs-dev pkg-config dpkg-dev make gcc"
# man-db: the tests render the man page (man -l), as a user reads it. procps: pkill, for the
# job processes a hung fio leaves behind (a minimal root has no procps).
pkgs_test="check python3 python3-seccomp man-db procps"
# libFuzzer and the sanitizers' runtime come with clang's compiler-rt: the
# release's default clang (14 in Debian 12, 19 in Debian 13; a versioned
# name exists in one release only).
pkgs_fuzz="clang libclang-rt-dev"
pkgs_lab="user-mode-linux busybox-static nfs-kernel-server nfs-common rpcbind
	kmod cpio iproute2 e2fsprogs util-linux procps"
# NFS-Ganesha, a user-space NFS server run on the host in namespaces of its own (lab/ganesha):
# a second server for nfsweep-rpc, no guest needed; its own rpcbind there (rpcinfo: its wait)
pkgs_ganesha="nfs-ganesha nfs-ganesha-vfs rpcbind util-linux iproute2"
# xz-utils, zstd: a kernel package's compressed modules, unpacked for the initramfs
pkgs_qemu="qemu-system-x86 xz-utils zstd"
# fio's own t/run-fio-tests.py imports statsmodels from 3.36 on (t_fio_suite).
pkgs_fiosuite="python3-statsmodels"
# python3-scipy: Student's t for the measurement tools' tables (tools/noise_table.py)
pkgs_bench="linux-perf strace python3-scipy"
pkgs_plot="gnuplot-nox"
# The CSV and workbook tests: Calc converts to CSV and PDF, poppler renders a page to check its chart.
pkgs_office="libreoffice-calc-nogui poppler-utils"
# The report's test: the page opened in a real browser (headless Chromium, driven through
# its ChromeDriver by Selenium), printed to PDF and the PDF's pages counted (poppler).
pkgs_browser="chromium chromium-driver python3-selenium poppler-utils fonts-dejavu-core iproute2"
# CI's fresh-root stage (tools/fresh-root.sh): a minimal Debian root of its own.
pkgs_gates="clang-format-14 shellcheck python3-pyflakes"
pkgs_ci="debootstrap"
# make deb: Debian's packaging tools (dpkg-buildpackage requires build-essential, which a
# minimal root lacks); git makes the upstream tarball from the commit
pkgs_deb="build-essential debhelper lintian xz-utils git"

groups=${*:-build}
want=""
for g in $groups; do
	case $g in
	build) want="$want $pkgs_build" ;;
	test)  want="$want $pkgs_test" ;;
	fuzz)  want="$want $pkgs_fuzz" ;;
	lab)   want="$want $pkgs_lab" ;;
	qemu)  want="$want $pkgs_qemu" ;;
	ganesha) want="$want $pkgs_ganesha" ;;
	fiosuite) want="$want $pkgs_fiosuite" ;;
	bench) want="$want $pkgs_bench" ;;
	plot)  want="$want $pkgs_plot" ;;
	office) want="$want $pkgs_office" ;;
	browser) want="$want $pkgs_browser" ;;
	gates) want="$want $pkgs_gates" ;;
	ci)    want="$want $pkgs_ci" ;;
	deb)   want="$want $pkgs_deb" ;;
	*) echo "deps.sh: unknown group '$g' (build test fuzz lab qemu ganesha fiosuite bench plot office browser gates ci deb)" >&2
	   exit 2 ;;
	esac
done

missing=""
for p in $want; do
	st=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" != 0 ] || [ "${DEPS_INSTALL:-}" = no ]; then
	echo "deps.sh: missing Debian packages:$missing" >&2
	echo "deps.sh: run as root:  apt-get update && $cmd" >&2
	exit 1
fi

# Some of these packages (rpcbind, nfs-kernel-server) start services when
# installed. nfsweep must never start or enable an NFS service on the host:
# a temporary policy-rc.d forbids every start during the install, and the
# lab later checks that none is enabled.
policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' > "$policy"
	chmod 755 "$policy"
	own_policy=1
fi
restore() { if [ "$own_policy" = 1 ]; then rm -f "$policy"; fi; }
trap restore EXIT

echo "deps.sh: installing, for $groups (tools/deps.sh):$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# A stale or empty package list makes apt-get say "unable to locate": update
# once and retry before giving up.
# Another apt-get may hold dpkg's lock (CI's two lanes install side by side): wait for it.
lock="-o DPkg::Lock::Timeout=600"
if ! apt-get install $lock -y -qq --no-install-recommends $missing >/dev/null; then
	apt-get update $lock -qq || { echo "deps.sh: apt-get update failed" >&2; exit 2; }
	apt-get install $lock -y -qq --no-install-recommends $missing >/dev/null || {
		echo "deps.sh: '$cmd' failed" >&2
		exit 2
	}
fi
exit 0
