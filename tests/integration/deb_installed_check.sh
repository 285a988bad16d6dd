#!/bin/bash
# deb_installed_check.sh DIR - run by t_deb inside a minimal Debian root that has no source tree
# (tools/fresh-root.sh --bare --with DIR): install DIR/nfsweep_*.deb the way a user does, with
# apt and its dependencies; use it as the README says (the version, the man page, completion,
# fio's help of an engine, a one-point local run and its charts, the installed lab's message
# for its missing packages); remove it; and check that nothing of it is left behind, nor
# anything its commands wrote outside the directory they were run in.
#
# Prints one line per check; exit 0 when every check passed, 1 when one failed.
set -u
dir=${1:-/root/with}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
export DEBIAN_FRONTEND=noninteractive

deb=$(find "$dir" -maxdepth 1 -name 'nfsweep_*.deb' | head -n 1)
[ -n "$deb" ] || { echo "FAIL: no nfsweep_*.deb in $dir"; exit 1; }
[ ! -e /root/nfsweep ] && ! command -v make >/dev/null && ! command -v gcc >/dev/null ||
	fail "this root is not bare: a source tree, make or gcc is here"

# What a user's system already has: man and bash completion (minbase has neither).
apt-get update -qq || { echo "FAIL: apt-get update"; exit 1; }
apt-get install -y -qq --no-install-recommends man-db bash-completion >/dev/null ||
	{ echo "FAIL: installing man-db and bash-completion"; exit 1; }

# everything on the root's file system, but for what changes on its own
snapshot() {
	find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp \
		-o -path /root/with -o -path /var/cache -o -path /var/log -o -path /var/lib/apt \
		-o -path /var/lib/dpkg \) -prune -o -print | sort
}
snapshot > /tmp/before

# The package from a place apt's sandbox user can read.
cp "$deb" /tmp/ && deb=/tmp/$(basename "$deb")
if apt-get install -y -qq "$deb" > /tmp/install.log 2>&1; then
	ok "apt-get install $(basename "$deb"), with its dependencies"
else
	cat /tmp/install.log
	echo "FAIL: apt-get install $deb"
	exit 1
fi
dpkg -L nfsweep | sort > /tmp/files
version=$(dpkg-query -W -f '${Version}' nfsweep)
fio_dep=$(dpkg-query -W -f '${Depends}' nfsweep | grep -o 'fio (= [^)]*)')
[ "$fio_dep" = "fio (= $(dpkg-query -W -f '${Version}' fio))" ] &&
	ok "it depends on the installed fio exactly: $fio_dep" ||
	fail "its fio dependency '$fio_dep' is not the installed fio $(dpkg-query -W -f '${Version}' fio)"

# the layout Debian's rules ask for
multiarch=/usr/lib/$(uname -m)-linux-gnu
for f in /usr/bin/nfsweep "$multiarch/nfsweep/nfsweep-uring.so" "$multiarch/nfsweep/nfsweep-aio.so" \
	"$multiarch/nfsweep/nfsweep-ops.so" "$multiarch/nfsweep/nfsweep-rpc.so" \
	/usr/share/nfsweep/profiles/rand4k.fio \
	/usr/share/nfsweep/reference/anf-linux-benchmarks.csv /usr/share/nfsweep/lab/run \
	/usr/share/man/man1/nfsweep.1.gz /usr/share/bash-completion/completions/nfsweep \
	/usr/share/doc/nfsweep/copyright; do
	grep -qxF "$f" /tmp/files || fail "the package has no $f"
done
[ -z "$(find "$multiarch/nfsweep" -name '*.so' -perm /111)" ] || fail "an engine is executable"

v=$(nfsweep --version 2>&1) && [[ $v == *"${version%-*}"* ]] && ok "nfsweep --version: $v" ||
	fail "nfsweep --version printed '$v', not the package's ${version%-*}"
man -P cat nfsweep 2>/dev/null | grep -q '^SYNOPSIS' && ok "man nfsweep" ||
	fail "man nfsweep shows no SYNOPSIS"
# completion as bash loads it: bash-completion's loader finds the file by the command's name
# (which returns 124, "try again", once it has loaded it)
comp=$(bash -c '. /usr/share/bash-completion/bash_completion; _completion_loader nfsweep
	COMP_WORDS=(nfsweep run --pro) COMP_CWORD=2
	"$(complete -p nfsweep | sed -n "s/.*-F \([^ ]*\) .*/\1/p")" nfsweep --pro run
	echo "${COMPREPLY[*]}"' 2>&1)
[ "$comp" = "--profile --profiles" ] && ok "completion of 'nfsweep run --pro': $comp" ||
	fail "completion of 'nfsweep run --pro' gave '$comp'"
help=$(fio --enghelp="$multiarch/nfsweep/nfsweep-uring.so" 2>&1) && grep -q '^uring_submit ' <<<"$help" &&
	ok "fio --enghelp=$multiarch/nfsweep/nfsweep-uring.so lists its options" ||
	fail "fio --enghelp=$multiarch/nfsweep/nfsweep-uring.so: $help"

# A one-point local run and its charts, in a directory of the user's; anything written
# elsewhere is a leftover (but for /var/cache: gnuplot's fontconfig keeps its cache there).
touch /tmp/stamp
sleep 1
mkdir -p /root/try /dev/shm/target && cd /root/try || exit 1
if nfsweep run --profile rand4k --mix 100 --target x=/dev/shm/target --runtime 1 --ramp 0 \
	--numjobs 1 --iodepth 4 --size 8m --out s.csv > run.log 2>&1; then
	status=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") c = i; next }
		{ print $c }' s.csv)
	[ "$status" = ok ] && ok "a one-point local run: one ok row" ||
		fail "the one-point run's rows' status: '$status'"
	grep -q "\"ioengine\" : \"external:$multiarch/nfsweep/nfsweep-uring.so\"" fio/s/*.json &&
		ok "the run loaded the installed engine" ||
		fail "the run's engine: $(grep -h ioengine fio/s/*.json)"
	if nfsweep plot s.csv > plot.log 2>&1 && [ -s "$(awk '{ print $1; exit }' plot.log)" ]; then
		ok "nfsweep plot: $(wc -l < plot.log) charts, $(awk '{ print $1; exit }' plot.log) first"
	else
		fail "nfsweep plot: $(cat plot.log)"
	fi
else
	fail "nfsweep run: $(tail -n 5 run.log)"
fi
# the lab, installed: it installs nothing itself, and names what it lacks
lab=$(/usr/share/nfsweep/lab/run true 2>&1)
rc=$?
[ $rc = 77 ] && grep -q 'apt-get install .*user-mode-linux' <<<"$lab" &&
	ok "the installed lab/run names its missing packages (exit 77)" ||
	fail "the installed lab/run without its packages exited $rc: $lab"
dpkg-query -W -f '${db:Status-Status}' user-mode-linux 2>/dev/null | grep -q '^installed' &&
	fail "the installed lab/run installed packages"
# and the second server's runner the same
g=$(/usr/share/nfsweep/lab/ganesha true 2>&1)
rc=$?
[ $rc = 77 ] && grep -q 'nfs-ganesha nfs-ganesha-vfs rpcbind' <<<"$g" &&
	ok "the installed lab/ganesha names its missing packages (exit 77)" ||
	fail "the installed lab/ganesha without its packages exited $rc: $g"
cd /
stray=$(find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp \
	-o -path /root/try -o -path /root/with -o -path /var/cache \) -prune -o -newer /tmp/stamp -type f -print)
[ -z "$stray" ] && ok "nothing written outside the run's directory" ||
	fail "written outside the run's directory: $stray"
rm -rf /root/try /dev/shm/target

if apt-get remove -y -qq nfsweep > /tmp/remove.log 2>&1; then
	ok "apt-get remove nfsweep"
else
	cat /tmp/remove.log
	fail "apt-get remove nfsweep"
fi
st=$(dpkg-query -W -f '${db:Status-Status}' nfsweep 2>/dev/null)
[ "$st" = not-installed ] || [ -z "$st" ] && ok "dpkg: nfsweep not-installed (no configuration left)" ||
	fail "dpkg says nfsweep is '$st' after apt-get remove"
left=$(while read -r f; do [ -e "$f" ] && [ ! -d "$f" ] && echo "$f"; done < /tmp/files)
for d in /usr/share/nfsweep "$multiarch/nfsweep" /usr/share/doc/nfsweep; do
	[ -e "$d" ] && left+=" $d"
done
left+=$(snapshot | comm -13 /tmp/before - | grep -i nfsweep)
left+=$(find /var/lib/dpkg/info -name 'nfsweep*')
[ -z "$left" ] && ok "apt-get remove left nothing of it" || fail "left behind: $left"

[ $fails = 0 ] && echo "deb_installed_check: every check passed" && exit 0
echo "deb_installed_check: $fails failed"
exit 1
