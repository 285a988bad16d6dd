#!/bin/bash
# The command line as the option tables make it: every command answers -h,
# --help and --version with exit 0; its --help lists exactly the options it
# accepts (every listed one is accepted, every other command's is refused);
# nfsweep --version names the version and the results schema; make install
# puts a man page whose OPTIONS name every option of every command, and a
# bash completion that offers a command's options (nfsweep curve -- offers
# --points); the committed man page and completion are what the tables make,
# and a copy of any generated part that drifts is found stale, by name.
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
"$N" --version | grep -Eq '^nfsweep [0-9]+\.[0-9]+\.[0-9]+.* \(results schema [0-9]+\.[0-9]+\)$' ||
	fail "nfsweep --version: $("$N" --version)"
cmds=$("$N" --help | awk '/^  [a-z]/ { print $1 }')
[ "$(wc -w <<<"$cmds")" -ge 10 ] || fail "nfsweep --help lists: $cmds"

# options NFSWEEP-HELP-TEXT: the options a --help lists
options() { grep -oE '^  --[a-z0-9-]+' | tr -d ' ' | grep -vx -- '--version'; }
# every command's help, and the options all of them list (the scenarios' input)
all=()
for c in $cmds; do
	for h in -h --help; do
		"$N" $c $h >"$T_DISK/help" || fail "nfsweep $c $h exited $?"
		grep -q "^usage: nfsweep $c" "$T_DISK/help" || fail "nfsweep $c $h: no usage line"
	done
	"$N" $c --version | grep -q '^nfsweep ' || fail "nfsweep $c --version"
	"$N" $c --help | options > "$T_DISK/opts.$c"
	mapfile -t -O "${#all[@]}" all < "$T_DISK/opts.$c"
done

# Every option some command lists is refused, by name, by a command that does not list it.
refused_elsewhere() {
for c in $cmds; do
	for o in $(printf '%s\n' "${all[@]}" | sort -u); do
		grep -qx -- "$o" "$T_DISK/opts.$c" && continue
		msg=$("$N" $c "$o" x 2>&1)
		rc=$?
		[ $rc = 2 ] && grep -q -- "unknown option '$o'" <<<"$msg" ||
			fail "nfsweep $c $o: exit $rc, not refused by name: $msg"
	done
done
# summary -h and ort -h print help; they used to open a file named -h.
"$N" summary -h | grep -q 'usage: nfsweep summary' || fail "summary -h"
}

# The installed man page and completion.
installed() {
inst=$T_DISK/inst
# (the build's own PREFIX: another makes make relink build/harness/nfsweep, which the tests
# running beside this one use)
make -s -C "$T_TOP" install DESTDIR="$inst" >"$T_DISK/install.log" 2>&1 ||
	{ cat "$T_DISK/install.log"; fail "make install DESTDIR=$inst failed"; }
inst=$inst/usr/local
page=$inst/share/man/man1/nfsweep.1
man -l "$page" >"$T_DISK/man.txt" 2>/dev/null || fail "man -l $page"
for o in $(printf '%s\n' "${all[@]}" | sort -u); do
	grep -q -- "$o" "$T_DISK/man.txt" || fail "the installed man page does not name $o"
done
comp=$inst/share/bash-completion/completions/nfsweep
[ -f "$comp" ] || fail "no bash completion installed at $comp"
offered=$(bash -c '. "$1"; COMP_WORDS=(nfsweep curve --); COMP_CWORD=2; _nfsweep;
	printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
grep -qx -- --points <<<"$offered" || fail "completing 'nfsweep curve --' does not offer --points: $offered"
grep -qx -- --resume <<<"$offered" && fail "completing 'nfsweep curve --' offers --resume, which curve refuses"
offered=$(bash -c '. "$1"; COMP_WORDS=(nfsweep c); COMP_CWORD=1; _nfsweep;
	printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
[ "$(echo $offered)" = "curve compare completion" ] || fail "completing 'nfsweep c': $offered"
# --profile offers every profile that ships, made from profiles/ at build time
offered=$(bash -c '. "$1"; COMP_WORDS=(nfsweep run --profile ""); COMP_CWORD=3; _nfsweep;
	printf "%s\n" "${COMPREPLY[@]}"' _ "$comp" | sort)
shipped=$(cd "$T_TOP/profiles" && ls -- *.fio | sed 's/\.fio$//' | sort)
[ "$offered" = "$shipped" ] || fail "completing --profile offers $(echo $offered), profiles/ has $(echo $shipped)"
}

# The committed generated parts are what the tables make; a copy whose part
# drifted (a row of the exit statuses, of compare.csv's columns, a line of
# the completion) is named stale.
generated() {
	export ENGINES=$BUILD/engines
	"$T_TOP/tools/docs.sh" --check "$N" ||
		fail "the committed generated documents are stale (make docs)"
	local copy=$T_DISK/docs f out
	for f in docs/troubleshooting.md docs/engines.md results-schema/README.md harness/nfsweep.1 \
		harness/nfsweep.bash-completion; do
		mkdir -p "$copy/$(dirname "$f")" && cp "$T_TOP/$f" "$copy/$f" || fail "copy $f"
	done
	DOCS_TOP=$copy "$T_TOP/tools/docs.sh" --check "$N" || fail "an unchanged copy is found stale"
	sed -i 's/^| 4 | Another nfsweep/| 6 | Another nfsweep/' "$copy/docs/troubleshooting.md"
	sed -i '/^\.B 5$/s/5/6/' "$copy/harness/nfsweep.1"
	sed -i '0,/^| `kind` /s/^| `kind` /| `sort` /' "$copy/results-schema/README.md"
	echo '# drift' >> "$copy/harness/nfsweep.bash-completion"
	out=$(DOCS_TOP=$copy "$T_TOP/tools/docs.sh" --check "$N" 2>&1) &&
		fail "four drifted copies pass the check"
	for f in docs/troubleshooting.md results-schema/README.md harness/nfsweep.1 \
		harness/nfsweep.bash-completion; do
		grep -q "docs: $copy/$f is out of date" <<<"$out" || fail "$f drifted, not named: $out"
	done
	# the engines' option tables (fio --enghelp of each): a default the engine does not have
	cp "$T_TOP/docs/troubleshooting.md" "$copy/docs/troubleshooting.md" || fail "copy the exit table"
	sed -i 's/^| `uring_sqpoll` | `sqthread_poll` | `0` |/| `uring_sqpoll` | `sqthread_poll` | `1` |/' \
		"$copy/docs/engines.md"
	cmp -s "$T_TOP/docs/engines.md" "$copy/docs/engines.md" &&
		fail "docs/engines.md has no uring_sqpoll row to drift"
	out=$(DOCS_TOP=$copy "$T_TOP/tools/docs.sh" --check "$N" 2>&1) &&
		fail "a drifted engine option table passes the check"
	grep -q "docs: $copy/docs/engines.md is out of date" <<<"$out" ||
		fail "the option table drifted, not named: $out"
}

scenario "refused elsewhere" refused_elsewhere
scenario "installed man page and completion" installed
scenario "generated parts" generated
scenarios_done
