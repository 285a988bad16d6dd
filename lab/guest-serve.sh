# shellcheck shell=bash
# guest-serve.sh - a lab session's guest side (lab/run --session-start), sourced by
# guest-stage2.sh once the guest is set up as lab/run sets one up for a command. Instead of one
# command it runs the jobs that lab/run's clients put in RUN/jobs/ (LAB_SESSION=DIR), one at a
# time in the order they came, each as lab/run would run its command in a guest of its own:
# its working directory and --rw directories writable (hostfs, mounted for the job), its
# shaping applied, LAB_* set, stdout and stderr to files the client streams. After each job
# the guest is put back as it was booted, so that no job sees what an earlier one did: every
# process the job started is killed (its cgroup), what it mounted is unmounted, the server
# started again if the job stopped it, the export emptied, the caches dropped, the shaping and
# the RPC slot tables as booted. Then a health check (every mount with its transports, each
# load generator's fio server); a session that fails it says why in RUN/broken and powers off:
# its later clients boot guests of their own.
#
# A job's files (JOB = RUN/jobs/<time>.<pid>, written by the client, ready last):
#   config.sh  LAB_CMD, LAB_CWD, LAB_RW (":"-separated), the job's shaping (LAB_SHAPING, ..),
#              LAB_NOTE, LAB_HOST_TTY, LAB_DEADLINE (epoch seconds: killed then, whatever the
#              client does); shape.sh beside it, for the job's LAB_SHAPE
#   ready      the job may start          stop  a signal name for the command (INT, TERM, HUP;
#                                               KILL: every process of the job at once)
# and written here: taken, phase (setup, running), out, err, status (the command's, last).
# The session ends when RUN/shutdown appears or RUN/alive (the epoch second, written each
# second by the host's lab/run) is 15 s old: a host side that is gone does not leave a guest.

serve_now() { printf -v now '%(%s)T' -1; }
# serve_sleep: 0.2 s without a process (a guest's fork is dear under UML)
exec {serve_sleep_fd}<> <(:)
serve_sleep() { read -r -t 0.2 -u "$serve_sleep_fd" _; }
# serve_alive PID: PID runs, read from /proc without a fork. kill -0 answers yes for a zombie, and
# a loop of builtins alone need not reap its child: a job whose command had ended (status 0)
# was held 13 minutes, to lab/run's timeout, when the loop's rm of its stop file forked
serve_alive() {
	local st
	{ read -r st < "/proc/$1/stat"; } 2>/dev/null || return 1
	st=${st##*) }
	case ${st%% *} in Z|X) return 1 ;; esac
}

# serve_baseline: what every job starts from, recorded once
serve_baseline() {
	mkdir -p /sys/fs/cgroup
	mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup ||
		die "cgroup2 could not be mounted (the session kills a job's processes through it)"
	awk '{ print $5 }' /proc/self/mountinfo | sort > "$RUN/mounts.booted"
	local f
	: > "$RUN/sysctl.booted"
	for f in /proc/sys/sunrpc/*_slot_table_entries; do
		echo "$f $(cat "$f")" >> "$RUN/sysctl.booted"
	done
}

# serve_mount_rw JOB: the job's working directory and --rw directories, writable, at their own
# paths (parents first); hostfs reaches any host path while the guest runs
serve_mount_rw() {
	local d
	# shellcheck disable=SC2153
	tr ':' '\n' <<<"$LAB_CWD:$LAB_RW" | awk 'NF && !seen[$0]++ { print length, $0 }' |
		sort -n | cut -d' ' -f2- > "$1/rw"
	# (busybox's mount, as the initramfs mounts hostfs: it passes the host path to mount(2) as
	# the data it is; Debian 13's util-linux hands it to fsconfig() as an option's name, which
	# hostfs refuses: "hostfs: Unknown parameter")
	while IFS= read -r d; do
		mkdir -p "$d" && /bin/busybox mount -t hostfs -o "$d" none "$d" ||
			{ echo "lab: $d: the job's directory could not be mounted writable" >&2; return 1; }
	done < "$1/rw"
}

# serve_run JOB: the job's command, as stage 2 runs one; its status into JOB/status
serve_run() {
	local job=$1 cg=/sys/fs/cgroup/lab-job cpid rc sig d
	echo setup > "$job/phase"
	# shellcheck source=/dev/null
	. "$job/config.sh"
	mkdir -p "$cg"
	if ! serve_mount_rw "$job" 2>"$job/err"; then
		echo 92 > "$job/status"
		return
	fi
	# the job's shaping, where it is not the session's (cloud is the session's own, at boot)
	[ "$LAB_SHAPING" = none ] || [ "$LAB_SHAPING" = cloud ] || "$job/shape.sh" on 2>>"$job/err" ||
		{ echo 92 > "$job/status"; return; }
	export LAB_SHAPE="$job/shape.sh on" LAB_UNSHAPE="$job/shape.sh off"
	export LAB_BURST="$job/shape.sh burst" LAB_NOTE
	[ -n "${LAB_HOST_TTY:-}" ] && unset NFSWEEP_PROGRESS || export NFSWEEP_PROGRESS=0
	echo running > "$job/phase"
	# in the job's cgroup from its first instruction, in a session of its own (a signal to its
	# group is a terminal's Ctrl-C, as in a guest of its own: SIGINT and SIGQUIT not ignored, as
	# a shell's background job would have them)
	# (the waits' fds not inherited: this file's and stage 2's nap_fd; stage 2 sources this)
	# shellcheck disable=SC2154
	setsid env --default-signal=INT,QUIT bash -c 'echo $$ > "$1/cgroup.procs" &&
		{ cd "$2" 2>/dev/null || cd /; } && exec bash -c "$3"' sh "$cg" "$LAB_CWD" "$LAB_CMD" \
		</dev/null >"$job/out" 2>>"$job/err" {nap_fd}<&- {serve_sleep_fd}<&- &
	cpid=$!
	while serve_alive "$cpid"; do
		if [ -s "$job/stop" ]; then
			read -r sig < "$job/stop"
			rm -f "$job/stop"
			case $sig in
			INT|TERM|HUP) kill -"$sig" -- "-$cpid" 2>/dev/null ;;
			KILL) echo 1 > "$cg/cgroup.kill" ;;
			esac
		fi
		serve_now
		[ "$now" -lt "$LAB_DEADLINE" ] || echo 1 > "$cg/cgroup.kill"
		serve_sleep
	done
	wait "$cpid"
	rc=$?
	# what the job left running (a daemon, a server it started) ends with it, as at a poweroff
	echo 1 > "$cg/cgroup.kill"
	for _ in $(seq 1 50); do [ -s "$cg/cgroup.procs" ] || break; serve_sleep; done
	# what the job wrote through hostfs, on the host before its status says it is done; its
	# directories unmounted before then too (the host may remove them once it has the status)
	# (sync -f: those file systems alone; a global sync would wait on the NFS mounts' writeback)
	tac "$job/rw" | while IFS= read -r d; do sync -f "$d"; umount -l "$d" 2>/dev/null; done
	echo "$rc" > "$job/status"
}

# serve_reset: the guest as booted. Prints what it could not put back (the session then ends).
serve_reset() {
	local m k pid f v label mnt nc got
	# the load generators' per-connection processes (a job's stopped or killed client leaves them)
	for pid in ${LAB_HOST_PIDS:-}; do pkill -KILL -P "$pid"; done
	# whatever the job mounted: deepest first (its writable directories, a mount of its own)
	awk '{ print $5 }' /proc/self/mountinfo | sort | comm -13 "$RUN/mounts.booted" - |
		awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- |
		while IFS= read -r m; do umount -f -l "$m" 2>/dev/null || umount -l "$m" 2>/dev/null; done
	awk '{ print $5 }' /proc/self/mountinfo | sort | comm -13 "$RUN/mounts.booted" - |
		sed 's/^/a mount the job made is still there: /'
	# the server, if the job stopped it, and the export
	if [ "$(cat /proc/fs/nfsd/threads 2>/dev/null)" != 16 ]; then
		rpc.nfsd -L 10 -G 10 16 || echo "rpc.nfsd could not be started again"
		echo Y > /proc/fs/nfsd/v4_end_grace 2>/dev/null
	fi
	exportfs | grep -q "^$EXPORT" ||
		exportfs -o rw,no_root_squash,insecure,no_subtree_check,async,fsid=0 "*:$EXPORT" ||
		echo "exportfs of $EXPORT failed"
	find "$EXPORT" -mindepth 1 -delete 2>/dev/null || echo "the export could not be emptied"
	while read -r f v; do echo "$v" > "$f" || echo "$f could not be set back to $v"; done \
		< "$RUN/sysctl.booted"
	tc qdisc del dev lo root 2>/dev/null
	"$RUN/shape.sh" on || echo "the $LAB_SHAPING shaping could not be applied again"
	sync
	echo 3 > /proc/sys/vm/drop_caches
	# every mount there, answering, with its transports; each load generator's too
	while read -r label mnt _ nc; do
		timeout 20 stat -f "$mnt" >/dev/null 2>&1 || echo "$mnt ($label) does not answer"
		got=$(awk -v m="$mnt" '$1 == "device" { on = ($5 == m) } on && $1 == "xprt:" { n++ }
			END { print n + 0 }' /proc/self/mountstats)
		[ "$got" = "$nc" ] || echo "$mnt ($label): $got transports, not $nc"
	done < "$RUN/mounts"
	k=0
	for pid in ${LAB_HOST_PIDS:-}; do
		k=$((k + 1))
		kill -0 "$pid" 2>/dev/null || echo "host $k: its fio server (pid $pid) is gone"
	done
}

serve() {
	local job r why
	serve_baseline
	phase serving
	while :; do
		[ -e "$RUN/shutdown" ] && break
		read -r r 2>/dev/null < "$RUN/alive"
		serve_now
		[ $((now - ${r:-0})) -lt 15 ] || { echo "lab: the session's host side is gone" >&2; break; }
		job=""
		for r in "$RUN"/jobs/*/ready; do
			[ -e "$r" ] || continue
			[ -e "${r%/ready}/taken" ] && continue
			job=${r%/ready}
			break
		done
		[ -n "$job" ] || { serve_sleep; continue; }
		: > "$job/taken"
		( serve_run "$job" )
		why=$(serve_reset 2>&1)
		if [ -n "$why" ]; then
			echo "$why" > "$RUN/broken"
			echo "lab: the session could not be put back after $(basename "$job"): $why" >&2
			break
		fi
	done
	finish 0
}
