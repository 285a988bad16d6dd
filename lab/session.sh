# shellcheck shell=bash disable=SC2154
# (SC2154: the settings it reads are lab/run's, which sources it)
# session.sh - lab/run's sessions, sourced by lab/run: one guest booted once that runs many
# commands, each as a guest of its own would (lab/README.md, "Sessions"). The guest's side is
# guest-serve.sh.
#
#   lab/run --session-start DIR [options]   boot a guest of these options that serves DIR;
#                                            returns once it serves (or with the boot's status)
#   LAB_SESSION=DIR lab/run [options] CMD    CMD in that guest when these options fit it, else
#                                            in a guest of its own, as without LAB_SESSION
#   lab/run --session-stop DIR               power it off
#
# What must be the same for a command to fit a session is what the guest is booted with
# (session_key): the backend, the NFS version, the mounts and their options, the load
# generators, the export, the memory, the cloud profile's parameters (its RPC slots are set
# before the mounts) and the guest's fio (LAB_FIO: the load generators' servers run it). The
# shapings none, percap and delay are tc on the loopback: a command asking for one gets it for
# its own run. A session ends when it is stopped, when the process that started it is gone,
# after its --timeout, or when it cannot put the guest back after a command (DIR/broken says
# why: its later commands boot guests of their own).

# session_key: one line, the same for two lab/runs whose guests would boot the same
session_key() {
	local cloud=""
	[ "$shaping" = cloud ] && cloud="cloud $conn_rate $conn_slots $rtt_us $egress_cap $read_cap"
	printf '%q ' "$backend" "$vers" "$nconnect" "$mount_opts" "$backing" "$size" "$mem" "$hosts" \
		"$cloud" "$lab_fio"
	echo
}

# session_usable DIR: does DIR serve a session whose guest fits this run? (no: why, on stdout)
session_usable() {
	local dir=$1 pid key
	[ -f "$dir/key" ] || { echo "no session there"; return 1; }
	[ -e "$dir/broken" ] && { echo "its guest could not be put back: $(head -n 1 "$dir/broken")"; return 1; }
	read -r pid 2>/dev/null < "$dir/pid"
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || { echo "its guest is gone"; return 1; }
	[ "$(cat "$dir/phase" 2>/dev/null)" = serving ] || { echo "its guest does not serve"; return 1; }
	key=$(session_key)
	[ "$(cat "$dir/key")" = "$key" ] ||
		{ echo "it is booted with other options ($(cat "$dir/key"); this run's: $key)"; return 1; }
}

# session_streams: what the job's stdout and stderr have beyond $out and $err, to fd 1 and 2; the
# new offsets in them (both files made by the client, so that stat prints two sizes, in order,
# whatever the session's path holds). One stat for both, and the copy only when a file grew: the
# client looks five times a second for the job's whole life, and each process it starts is a fork
# on the core the guest needs (a fork per look of stat, cat, date and sleep each took about 7 % of
# this 2-core machine while a guest ran)
session_streams() {
	local sizes so se
	sizes=$(stat -c %s "$job/out" "$job/err" 2>/dev/null) || return 0
	so=${sizes%%$'\n'*} se=${sizes##*$'\n'}
	[ "$so" -gt "$out" ] && tail -c +"$((out + 1))" "$job/out" | head -c "$((so - out))"
	[ "$se" -gt "$err" ] && tail -c +"$((err + 1))" "$job/err" | head -c "$((se - err))" >&2
	out=$so err=$se
}

# session_client DIR: this run's command as a job of the session in DIR; exits with what
# lab/run would: the command's status, 124 at --timeout, 128 + N after signal N
session_client() {
	local dir=$1 job out=0 err=0 now deadline stopped="" kill_at="" t_submit t_cmd="" pid phase=""
	local nap
	session_lock
	job=$dir/jobs/$(date +%s%N).$$
	mkdir -p "$job" && : > "$job/out" && : > "$job/err" ||
		{ err "LAB_SESSION=$dir: cannot make $job"; exit $EX_USAGE; }
	cp "$top/lab/shape.sh" "$job/shape.sh"
	deadline=$(( $(date +%s) + timeout ))
	{
		session_shaping_config
		printf 'LAB_CMD=%q\nLAB_CWD=%q\nLAB_RW=%q\n' "$cmd" "$PWD" "$(IFS=:; echo "${rw_dirs[*]}")"
		printf 'LAB_HOST_TTY=%q\nLAB_NOTE=%q\nLAB_DEADLINE=%q\n' "$([ -t 2 ] && echo 1)" \
			"$lab_note" "$((deadline + 10))"
	} > "$job/config.sh"
	: > "$job/ready"
	t_submit=$(date +%s)
	session_signal() {
		[ -n "$stopped" ] && return
		stopped=$1
		echo "$1" > "$job/stop"
		err "SIG$1: stopping the command (a job of the session in $dir) within 8 s"
		kill_at=$(( $(date +%s) + 8 ))
	}
	trap 'session_signal INT' INT
	trap 'session_signal TERM' TERM
	trap 'session_signal HUP' HUP
	# a nap of 0.2 s without a process (a read that times out on a pipe nothing writes)
	exec {nap}<> <(:)
	while [ ! -s "$job/status" ]; do
		if [ -z "$t_cmd" ] && { read -r phase < "$job/phase" || [ -n "$phase" ]; } 2>/dev/null &&
			[ "$phase" = running ]; then
			printf -v t_cmd '%(%s)T' -1
		fi
		session_streams
		printf -v now '%(%s)T' -1
		if [ -z "$kill_at" ] && [ "$now" -ge "$deadline" ]; then
			err "timeout after ${timeout}s (a job of the session in $dir): killing the command"
			echo KILL > "$job/stop"
			kill_at=$((now + 10)) stopped=timeout
		elif [ -n "$kill_at" ] && [ "$now" -ge "$kill_at" ]; then
			echo KILL > "$job/stop"
			kill_at=$((now + 10))
			[ "$now" -lt "$((deadline + 30))" ] || break
		fi
		read -r pid 2>/dev/null < "$dir/pid"
		kill -0 "$pid" 2>/dev/null || break
		read -r -t 0.2 -u "$nap" _
	done
	trap - INT TERM HUP
	session_streams
	[ -n "${LAB_TIME_LOG:-}" ] && echo "waited ${waited:-0} setup $(( ${t_cmd:-$now} - t_submit ))" \
		"command $(( t_cmd ? $(date +%s) - t_cmd : 0 )) session 1" >> "$LAB_TIME_LOG"
	case $stopped in
	timeout) exit $EX_TIMEOUT ;;
	INT|TERM|HUP) exit $(( 128 + $(kill -l "$stopped") )) ;;
	esac
	if [ ! -s "$job/status" ]; then
		err "the session's guest stopped without the command's status ($dir: $(cat "$dir/broken" 2>/dev/null || echo gone))"
		exit $EX_BOOT
	fi
	exit "$(cat "$job/status")"
}

# session_shaping_config: the shaping lines of config.sh (a job's own, for its shape.sh)
session_shaping_config() {
	printf 'LAB_SHAPING=%q\nLAB_RATE=%q\nLAB_DELAY=%q\n' "$shaping" "$rate" "$delay"
	printf 'LAB_CLOUD_CONN_RATE=%q\nLAB_CLOUD_SLOTS=%q\nLAB_CLOUD_DELAY=%q\n' \
		"$conn_rate" "$conn_slots" "$half_rtt"
	printf 'LAB_CLOUD_EGRESS=%q\nLAB_CLOUD_READ=%q\n' "$egress_cap" "$read_cap"
}

# session_lock: LAB_LOCK for a job's run (one guest at a time among the lab/runs that share the
# file): a session's guest idles between its jobs and is counted only while it runs one
session_lock() {
	waited=0
	[ -n "${LAB_LOCK:-}" ] || return 0
	exec {lockfd}>>"$LAB_LOCK" || { err "LAB_LOCK=$LAB_LOCK: cannot open it for the lock"; exit $EX_USAGE; }
	waited=$(date +%s)
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
	until flock -w 1 "$lockfd"; do
		[ $(( $(date +%s) - waited )) -lt "${LAB_LOCK_MAX:-3600}" ] && continue
		err "LAB_LOCK=$LAB_LOCK: still held after ${LAB_LOCK_MAX:-3600}s: going on anyway"
		break
	done
	trap - INT TERM HUP
	waited=$(( $(date +%s) - waited ))
	[ "$waited" -lt 2 ] || err "waited ${waited}s for LAB_LOCK=$LAB_LOCK (another guest)"
}

# session_stop DIR: the guest powers off (its supervisor kills it if it has not within 10 s)
session_stop() {
	local dir=$1 pid=""
	[ -f "$dir/key" ] || { err "--session-stop $dir: no session there"; exit $EX_USAGE; }
	: > "$dir/shutdown"
	read -r pid 2>/dev/null < "$dir/pid"
	for _ in $(seq 1 60); do
		[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || exit 0
		sleep 0.2
	done
	kill -TERM "$pid" 2>/dev/null
	exit 0
}

# session_supervise: the session's host side, in the background for the guest's life: the
# heartbeat the guest watches (DIR/alive), the end of the session (its --timeout, the process
# that started it gone, a stop asked or a signal), and no guest process left after it
session_supervise() {
	local owner=$1 end stop=""
	end=$(( $(date +%s) + timeout ))
	trap 'stop=1' INT TERM HUP
	setsid "${guest[@]}" "${console_batch[@]}" </dev/null >>"$run/console" 2>&1 3>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		date +%s > "$run/alive.tmp" && mv "$run/alive.tmp" "$run/alive"
		if [ -n "$stop" ] || [ "$(date +%s)" -ge "$end" ] || ! kill -0 "$owner" 2>/dev/null; then
			: > "$run/shutdown"
			for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
			break
		fi
		sleep 1
	done
	kill -KILL -- "-$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	pkill -KILL -f "nfsweep.run=$run" 2>/dev/null
	rm -f "$run/pid"
}

# session_start DIR: boot the session's guest (its supervisor in the background, owned by the
# process that ran lab/run), and return once it serves: 0, or the boot's own status
session_start() {
	local s
	session_lock
	# (the lock is this process's alone: held until the guest serves, not by the guest)
	(
		[ -z "${lockfd:-}" ] || exec {lockfd}>&-
		session_supervise "${LAB_SESSION_OWNER:-$PPID}"
	) </dev/null >>"$run/console" 2>&1 &
	echo $! > "$run/pid"
	for _ in $(seq 1 $((timeout * 5))); do
		[ "$(cat "$run/phase" 2>/dev/null)" = serving ] && { echo "lab: session $run serves" >&2; exit 0; }
		kill -0 "$(cat "$run/pid")" 2>/dev/null || break
		sleep 0.2
	done
	tail -n 20 "$run/console" >&2
	s=$(cat "$run/status" 2>/dev/null)
	err "the session's guest did not come up (phase: $(cat "$run/phase" 2>/dev/null || echo boot))"
	exit "${s:-$EX_BOOT}"
}
