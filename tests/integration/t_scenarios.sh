#!/bin/bash
# lib.sh's scenario helper, for real: a test file whose second of three
# scenarios fails still runs the third, prints one summary line naming the
# failed one and exits 1; run.sh shows each failure and that line. A file
# whose scenarios all pass exits 0; one whose scenarios all skip, 77.
. "$(dirname "$0")/lib.sh"
d=$T_DISK/sc
mkdir -p "$d"
# mini NAME BODY..: a test file of scenarios, in the integration folder's shape
mini() {
	local f=$d/$1.sh
	shift
	{
		echo ". \"$T_HERE/lib.sh\""
		printf '%s\n' "$@"
		echo scenarios_done
	} > "$f"
	echo "$f"
}

f=$(mini t_three 'one() { echo one ran; }' 'two() { fail "two broke"; echo after-fail; }' \
	'three() { echo three ran; }' 'scenario first one' 'scenario second two' \
	'scenario third three')
out=$(BUILD=$BUILD bash "$f" 2>&1) && fail "a file with a failed scenario exited 0: $out"
rc=$(BUILD=$BUILD bash "$f" >/dev/null 2>&1; echo $?)
[ "$rc" = 1 ] || fail "a failed scenario: exit $rc, not 1"
grep -qx 'three ran' <<<"$out" || fail "the scenario after a failed one did not run: $out"
grep -q after-fail <<<"$out" && fail "fail() did not end its scenario: $out"
grep -qx 'FAIL: second: two broke' <<<"$out" || fail "the failure is not named by its scenario: $out"
[ "$(grep -c '^scenarios: ' <<<"$out")" = 1 ] || fail "not one summary line: $out"
grep -qx 'scenarios: 3, 1 failed (second)' <<<"$out" || fail "summary: $out"

f=$(mini t_fine 'ok1() { true; }' 'scenario a ok1' 'scenario b ok1')
out=$(BUILD=$BUILD bash "$f" 2>&1) || fail "every scenario passed, yet exit $?: $out"
grep -qx 'scenarios: 2, 0 failed' <<<"$out" || fail "summary: $out"

f=$(mini t_skips 'none() { skip "not here"; }' 'scenario a none')
rc=$(BUILD=$BUILD bash "$f" >/dev/null 2>&1; echo $?)
[ "$rc" = 77 ] || fail "every scenario skipped: exit $rc, not 77"

# run.sh (a copy beside the files: it runs the t_*.sh of its own folder): each failure
# shown, with the summary, on the file's line
cp "$T_HERE/run.sh" "$d/run.sh" || fail "copy run.sh into $d"
out=$(BUILD=$BUILD T_DURATIONS=$d/durations "$d/run.sh" t_three 2>&1)
grep -q 'FAILED (exit 1, .*scenarios: 3, 1 failed (second))' <<<"$out" ||
	fail "run.sh's line for it: $out"
grep -q 'FAIL: second: two broke' <<<"$out" || fail "run.sh does not show the failure: $out"
echo ok
