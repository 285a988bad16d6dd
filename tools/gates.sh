#!/bin/bash
# gates.sh [GATE..] - the checks a reviewer would make by hand, made by CI
# (make gates; default: all of them, each reported, the status 1 if any fails):
#   - format: every .c and .h as .clang-format lays it out, by clang-format-14
#     (Debian 12's; other versions lay some lines out otherwise, so only this
#     one is asked)
#   - the shell gate ("shellcheck"): every shell script (*.sh, and files whose
#     first line runs sh or bash) without a finding at severity warning, by
#     Debian 12's shellcheck 0.9
#   - python: every Python file without a pyflakes finding (Debian 12's
#     python3-pyflakes 2.5, under the system's python3): an unused or shadowed
#     name, an undefined one
#   - names: docs/CONTRIBUTING.md names every test, tool and source folder
#     that exists, and its ASan list is tests/Makefile's
#   - arrows: harness/'s folders include one another without a loop (a folder
#     that another needs does not need it back: harness/README.md, "The rule")
#   - history: every commit subject since the rule began is at most 72 chars
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
failed=()

gate_format() {
	command -v clang-format-14 >/dev/null ||
		{ echo "gates: format: clang-format-14 not installed (tools/deps.sh gates)"; return 1; }
	git ls-files -z '*.c' '*.h' | xargs -0 clang-format-14 --dry-run -Werror 2>&1 | head -40 |
		grep . && { echo "gates: format: run clang-format-14 -i on the files named"; return 1; }
	echo "gates: format: $(git ls-files '*.c' '*.h' | wc -l) files as clang-format-14 lays them out"
}

# every shell script git tracks
shell_scripts() {
	local f
	git ls-files | while IFS= read -r f; do
		case ${f##*/} in
		*.sh) echo "$f" ;;
		*.*) ;;
		*) [ -f "$f" ] && head -n 1 "$f" | grep -qE '^#!.*(/|env )(ba|busybox )?sh\b' && echo "$f" ;;
		esac
	done
}

gate_shellcheck() {
	local v
	command -v shellcheck >/dev/null ||
		{ echo "gates: shellcheck: not installed (tools/deps.sh gates)"; return 1; }
	v=$(shellcheck --version | sed -n 's/^version: //p')
	case $v in
	0.9.*) ;;
	*) echo "gates: shellcheck: version $v here; the gate is Debian 12's 0.9 (versions find" \
		"different things)"; return 1 ;;
	esac
	mapfile -t scripts < <(shell_scripts)
	[ ${#scripts[@]} -ge 40 ] || { echo "gates: shellcheck: only ${#scripts[@]} scripts found"; return 1; }
	shellcheck -S warning -f gcc "${scripts[@]}" || return 1
	echo "gates: shellcheck: ${#scripts[@]} scripts, no finding at severity warning"
}

gate_python() {
	local py=/usr/bin/python3 files
	"$py" -m pyflakes --version >/dev/null 2>&1 ||
		{ echo "gates: python: python3-pyflakes not installed (tools/deps.sh gates)"; return 1; }
	mapfile -t files < <(git ls-files '*.py')
	"$py" -m pyflakes "${files[@]}" || return 1
	echo "gates: python: ${#files[@]} files, no pyflakes finding"
}

gate_names() {
	local doc=docs/CONTRIBUTING.md bad=0 n=0 name asan para
	while IFS= read -r name; do
		n=$((n + 1))
		grep -qF -- "$name" "$doc" || { echo "gates: names: $doc does not name $name"; bad=1; }
	done < <(
		git ls-files 'tests/integration/t_*.sh' | sed 's|.*/||; s|\.sh$||'
		git ls-files 'tools/*' | sed 's|^tools/||' | grep -v /
		git ls-files | grep / | sed 's|/[^/]*$|/|' | sort -u |
			grep -vE '^(tests/data|fuzz/seeds|fuzz/regressions|results-schema/reference|\.ci)/'
	)
	# the ASan paragraph lists exactly the tests that make check-asan runs
	asan=$(sed -n 's/^ASAN_INTEGRATION *:\?= *//p' tests/Makefile)
	para=$(awk '/^`make check-asan`/ { on = 1 } on { print } on && /^$/ { exit }' "$doc")
	for name in $asan; do
		grep -qF -- "\`$name\`" <<<"$para" ||
			{ echo "gates: names: $doc's check-asan paragraph lacks $name"; bad=1; }
	done
	[ -n "$asan" ] || { echo "gates: names: no ASAN_INTEGRATION in tests/Makefile"; bad=1; }
	[ $bad = 0 ] && echo "gates: names: $doc names all $n tests, tools and folders"
	return $bad
}

gate_arrows() {
	local edges d f inc loop n=0
	edges=$(for d in harness/*/; do
		d=${d#harness/}
		d=${d%/}
		for f in harness/"$d"/*.[ch]; do
			[ -e "$f" ] || continue
			sed -n 's|^#include "\([a-z_]*\)/.*|\1|p' "$f"
		done | sort -u | while read -r inc; do
			[ "$inc" = "$d" ] || [ ! -d "harness/$inc" ] || echo "$d $inc"
		done
	done)
	n=$(wc -l <<<"$edges")
	loop=$(tsort <<<"$edges" 2>&1 >/dev/null) || {
		echo "gates: arrows: harness/'s folders include one another in a loop:"
		grep -v 'input contains a loop' <<<"$loop" | sed 's/^tsort: /  /'
		return 1
	}
	echo "gates: arrows: $n arrows between harness/'s folders, no loop"
}

# The rule holds from this commit on (docs/CONTRIBUTING.md, "History").
HISTORY_FROM=b92d49a
gate_history() {
	local bad=0 n=0 hash subject
	git cat-file -e "$HISTORY_FROM^{commit}" 2>/dev/null ||
		{ echo "gates: history: $HISTORY_FROM is not in this clone's history"; return 1; }
	while IFS=' ' read -r hash subject; do
		n=$((n + 1))
		[ ${#subject} -le 72 ] ||
			{ echo "gates: history: $hash's subject is ${#subject} characters: $subject"; bad=1; }
	done < <(git log --format='%h %s' "$HISTORY_FROM..HEAD")
	[ $bad = 0 ] && echo "gates: history: $n commits since $HISTORY_FROM, each subject at most 72"
	return $bad
}

gates=("$@")
[ ${#gates[@]} -gt 0 ] || gates=(format shellcheck python names arrows history)
for g in "${gates[@]}"; do
	case $g in
	format|shellcheck|python|names|arrows|history) "gate_$g" || failed+=("$g") ;;
	*) echo "gates: unknown gate '$g' (format shellcheck python names arrows history)" >&2; exit 2 ;;
	esac
done
[ ${#failed[@]} -eq 0 ] || { echo "gates: failed: ${failed[*]}"; exit 1; }
echo "gates: ${gates[*]}: ok"
