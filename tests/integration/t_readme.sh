#!/bin/bash
# The README's nfsweep commands as written, their points shorter: every line of an
# indented code block in README.md, then in the docs/ pages it links to (in DOCS' order), that
# begins with "nfsweep " is taken from the page itself (so that an edit that breaks one fails
# here) and
# run, in order, with --runtime 1, --ramp 0 and --size 16m where the line gives a runtime,
# ramp or size (what is under test is each command and what it writes, not the lengths a
# reader would choose: the README's own 3 s points took 5 minutes here),
# in the lab, whose mounts are the README's: /mnt/nc1 and
# /mnt/nc8, "nfs-server" (127.0.0.3) serving /srv/nfslab, and the load
# generators gen1-gen3 (lab/run --hosts 3: fio servers on 127.0.100.1-3),
# each named by the lab itself, not by this test. Each must exit
# 0 and the results they write must validate. The `make` lines are tested
# elsewhere: make test is this suite, make sweep TARGETS=.. (7.5 hours by
# design) is t_make_sweep with shorter points.
# lab: --hosts 3
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" = 0 ] || skip "the lab needs root"
[ -x /usr/bin/linux.uml ] || "$T_TOP/tools/deps.sh" lab || skip "user-mode-linux could not be installed"
"$T_TOP/tools/deps.sh" plot >/dev/null 2>&1 || skip "gnuplot could not be installed"

DOCS="README.md docs/your-mounts.md docs/results.md docs/workloads.md docs/several-hosts.md
	docs/troubleshooting.md docs/engines.md docs/install.md"
# shellcheck disable=SC2086
mapfile -t cmds < <(cd "$T_TOP" && sed -n 's/^    \(nfsweep .*\)$/\1/p' $DOCS)
[ ${#cmds[@]} -ge 6 ] || fail "only ${#cmds[@]} nfsweep commands found in README.md and docs/"
# every page the README links to is one of DOCS, and each has its commands run
for f in $(grep -o '](docs/[a-z-]*\.md)' "$T_TOP/README.md" | sed 's/^](//; s/)$//' | sort -u); do
	[ "$f" = docs/CONTRIBUTING.md ] || grep -qw "$f" <<<"$DOCS" || fail "the README links to $f, whose commands t_readme does not run"
done
grep -q -- '--mount' <<<"${cmds[*]}" || fail "the README's managed-mount example is gone"
grep -q -- '--hosts' <<<"${cmds[*]}" || fail "the README's several-hosts example is gone"

# The README's relative paths (results/.., results-schema/..) from a scratch directory.
work=$T_DISK/readme
mkdir -p "$work" && ln -s "$T_TOP/results-schema" "$work/results-schema"
{
	# (nfs-server and gen1-gen3 are the lab's own names: lab/README.md, "Names")
	echo 'getent hosts nfs-server gen1 gen2 gen3 >/dev/null || { echo "README: the lab does not name nfs-server, gen1-gen3" >&2; exit 1; }'
	echo "export PATH=$BUILD/harness:\$PATH"
	for c in "${cmds[@]}"; do
		c=$(sed -E 's/ --runtime [0-9]+ / --runtime 1 /; s/ --ramp [0-9]+ / --ramp 0 /
			s/ --size [0-9]+[kmg] / --size 16m /' <<<"$c ")
		c=${c% }
		printf 'echo "README: %s" >&2\n' "${c//\"/\\\"}"
		printf 'SECONDS=0\n%s >/dev/null || { echo "README command failed (exit $?): %s" >&2; exit 1; }\n' \
			"$c" "${c//\"/\\\"}"
		# each command's time, so that the slow one shows in the log
		printf 'echo "README:   took $SECONDS s" >&2\n'
	done
} > "$work/readme.sh"
cd "$work" || exit 1
"$T_TOP/lab/run" --hosts 3 --timeout 1200 "bash $work/readme.sh" >"$T_DISK/lab.log" 2>&1
rc=$?
grep '^README' "$T_DISK/lab.log"
[ $rc = 0 ] || { tail -20 "$T_DISK/lab.log"; fail "a README command failed (lab exit $rc)"; }
n=0
while IFS= read -r csv; do
	"$NFSWEEP" validate "$csv" >/dev/null || fail "$csv, written by a README command, does not validate"
	n=$((n + 1))
done < <(find results -name '*.csv' ! -name 'compare*.csv' ! -name '*.table.csv')
[ $n -ge 3 ] || fail "the README's commands wrote $n results files"
# the depth sweep's page (docs/workloads.md: the lab's nc8 mount), its two charts drawn from NFS
# rows; what the charts hold, the resume and the workbook are checked on a local directory
# (t_depth_local), where nothing differs but the mount
for c in rand4k-depth rand4k-heat; do
	grep -q "alt=\"$c\"" results/depth/sweep.html || fail "the lab depth sweep's page has no $c chart"
done
echo "ok: ${#cmds[@]} README commands"
