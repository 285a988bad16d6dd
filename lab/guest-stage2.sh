#!/bin/bash
# guest-stage2.sh - PID 1 of the lab guest, in the host's own userspace
# (read-only under a tmpfs overlay). Starts kernel nfsd on an export,
# mounts it once per nconnect value as separate NFS clients, verifies the
# transports in /proc/self/mountstats, applies the shaping profile, runs the
# command and writes its status to the run directory. lab/run copies this
# file into the run directory with config.sh beside it.
RUN=$(dirname "$0")
. "$RUN/config.sh"
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=${LAB_TERM:-dumb}

phase() { echo "$1" > "$RUN/phase"; }
# finish CODE: record the status and power the guest off.
finish() {
	echo "$1" > "$RUN/status"
	sync
	echo o > /proc/sysrq-trigger
	poweroff -f
}
die() { echo "lab: $1" >&2; finish "${2:-92}"; }
# nap: 0.2 s without a process (guest-serve.sh's serve_sleep): a fork and exec of sleep(1)
# costs the user-mode guest about 0.08 s of CPU, and this stage's wait for the command took
# 290 of them in one test (23 s of its 112 s), CPU the command under test lost
nap() { read -r -t 0.2 -u "$nap_fd" _ || :; }	# (read's timeout is a status of 142)

phase booted
exec </dev/console >/dev/console 2>&1
mount -t tmpfs tmpfs /run
# LAB_FIO: that fio first on the PATH, for the command and the load generators' servers
if [ -n "${LAB_FIO:-}" ]; then
	mkdir -p /run/lab-fio && ln -s "$LAB_FIO" /run/lab-fio/fio || die "LAB_FIO: /run/lab-fio/fio"
	export PATH=/run/lab-fio:$PATH
fi
mkdir -p /run/rpc_pipefs /run/rpcbind
mount -t devpts devpts /dev/pts
# What udev would make: bash's <(...) needs /dev/fd.
for l in fd:/proc/self/fd stdin:/proc/self/fd/0 stdout:/proc/self/fd/1 stderr:/proc/self/fd/2; do
	[ -e "/dev/${l%%:*}" ] || ln -s "${l#*:}" "/dev/${l%%:*}"
done
exec {nap_fd}<> <(:) || die "no pipe for nap"
echo 1 > /proc/sys/kernel/sysrq
ip link set lo up || die "ip link set lo up failed"
hostname "${LAB_HOSTNAME:-nfsweep-lab}"

modprobe -a nfsd nfs nfsv3 nfsv4 sch_fq sch_netem sch_tbf sch_htb cls_u32 || die "modprobe of the NFS/qdisc modules failed"
mount -t nfsd nfsd /proc/fs/nfsd || die "mount of the nfsd filesystem failed"
mount -t rpc_pipefs sunrpc /run/rpc_pipefs || die "mount of rpc_pipefs failed"

# The names the README's examples use: the server, and each load generator
# (the guest's /etc/hosts is its own, under the overlay).
{
	echo "127.0.0.3 nfs-server"
	for k in $(seq 1 "${LAB_NHOSTS:-0}"); do echo "127.0.100.$k gen$k"; done
} >> /etc/hosts || die "/etc/hosts of the guest could not be written"

# The export: NFSv4 cannot export the overlay root (no file handles over
# hostfs), so it is a tmpfs or an ext4 image of its own, exported fsid=0.
EXPORT=/srv/nfslab
mkdir -p $EXPORT
case $LAB_BACKING in
tmpfs) mount -t tmpfs -o "size=$LAB_SIZE" tmpfs $EXPORT || die "tmpfs export of $LAB_SIZE failed" ;;
ext4)
	truncate -s "$LAB_SIZE" /srv/export.img && mkfs.ext4 -q -F /srv/export.img &&
		mount -o loop /srv/export.img $EXPORT || die "ext4 image export of $LAB_SIZE failed" ;;
*) die "unknown backing $LAB_BACKING" ;;
esac
chmod 1777 $EXPORT

mkdir -p /var/lib/nfs/sm /var/lib/nfs/v4recovery
: > /var/lib/nfs/etab
rpcbind -w || die "rpcbind failed"
rpc.statd --no-notify || die "rpc.statd failed"
rpc.mountd || die "rpc.mountd failed"
exportfs -o rw,no_root_squash,insecure,no_subtree_check,async,fsid=0 "*:$EXPORT" || die "exportfs failed"
rpc.nfsd -L 10 -G 10 16 || die "rpc.nfsd failed"
echo Y > /proc/fs/nfsd/v4_end_grace 2>/dev/null
phase nfsd

# One NFS client per mount: a distinct server address for each (the
# kernel shares one client, and the first mount's nconnect, between mounts
# of one address), and for NFSv4 a distinct hostname, since trunking
# detection merges clients with the same owner id.
case $LAB_VERS in
3) src=$EXPORT ;;
*) src=/ ;;
esac
# The cloud profile's limit on requests in flight per connection: the
# kernel sizes each transport's slot table when it makes it, so before the
# first mount (the hosts' mounts below get it too).
if [ "$LAB_SHAPING" = cloud ]; then
	echo "$LAB_CLOUD_SLOTS" > /proc/sys/sunrpc/tcp_max_slot_table_entries ||
		die "sunrpc.tcp_max_slot_table_entries=$LAB_CLOUD_SLOTS failed"
fi
i=0
: > "$RUN/mounts"
for nc in $LAB_NCONNECT; do
	i=$((i + 1))
	addr=127.0.0.$i
	# --share-client: the trap on purpose (one address, one hostname), so
	# that the transport check can be seen to catch it.
	[ -n "$LAB_SHARE_CLIENT" ] && addr=127.0.0.1 && i=1
	mnt=/mnt/nc$nc
	mkdir -p "$mnt"
	opts="vers=$LAB_VERS,nconnect=$nc${LAB_MOUNT_OPTS:+,$LAB_MOUNT_OPTS}"
	# the values as arguments, not in the script's text (--mount-opts is the user's)
	unshare --uts sh -c 'hostname "$1" && mount -t nfs -o "$2" "$3" "$4"' sh \
		"nfsweep-lab-client$i" "$opts" "$addr:$src" "$mnt" ||
		die "mount -o $opts $addr:$src $mnt failed" 91
	echo "nc$nc $mnt $addr $nc" >> "$RUN/mounts"
done

# The kernel may have given other than what was asked: count transports.
while read -r label mnt addr nc; do
	got=$(awk -v m="$mnt" '$1 == "device" { on = ($5 == m) } on && $1 == "xprt:" { n++ } END { print n + 0 }' /proc/self/mountstats)
	if [ "$got" != "$nc" ]; then
		echo "lab: $mnt ($label) asked nconnect=$nc, mountstats shows $got transports" >&2
		grep -A3 "mounted on $mnt " /proc/self/mountstats >&2
		finish 91
	fi
	chmod 1777 "$mnt"
done < "$RUN/mounts"
phase mounted

# --hosts N: load generators, each a fio server in a mount and UTS
# namespace of its own: the variants mounted again at the same paths, from
# server addresses of its own (127.0.(10+K).J: its own NFS clients, with their
# own transports; its hostname keeps NFSv4 from merging them with
# another's), and fio --server on 127.0.100.K. All on the loopback: no
# address leaves the guest, and no route or link is touched.
LAB_HOSTS="" LAB_HOST_PIDS=""
# (the hosts' namespaces receive what is mounted here later, and send nothing back: a session's
# job directories, mounted while the guest runs, are theirs too)
[ "${LAB_NHOSTS:-0}" = 0 ] || mount --make-rshared / || die "mount --make-rshared / failed"
for k in $(seq 1 "${LAB_NHOSTS:-0}"); do
	set --
	j=0
	while read -r label mnt addr nc; do
		j=$((j + 1))
		opts="vers=$LAB_VERS,nconnect=$nc${LAB_MOUNT_OPTS:+,$LAB_MOUNT_OPTS}"
		set -- "$@" "$mnt" "$opts" "127.0.$((10 + k)).$j:$src"
	done < "$RUN/mounts"
	# the root's mount of each path goes first (in this namespace only): a
	# host sees its own NFS client there, not the lab's beneath it. Every
	# value is an argument of the script, none is in its text.
	unshare --mount --uts --propagation slave sh -c 'hostname "$1" && srv=$2 && pidf=$3 &&
		shift 3 && while [ $# -gt 0 ]; do
			umount "$1" && mount -t nfs -o "$2" "$3" "$1" || exit 1
			shift 3
		done && cd / && exec fio --server="$srv" --daemonize="$pidf"' sh \
		"nfsweep-lab-host$k" "127.0.100.$k" "$RUN/host$k.pid" "$@" {nap_fd}<&- ||
		die "host $k: its mounts or fio --server failed" 91
	for i in 1 2 3 4 5 6 7 8 9 10; do [ -s "$RUN/host$k.pid" ] && break; nap; done
	pid=$(cat "$RUN/host$k.pid" 2>/dev/null)
	[ -n "$pid" ] || die "host $k: fio --server wrote no pid file" 91
	while read -r label mnt addr nc; do
		got=$(awk -v m="$mnt" '$1 == "device" { on = ($5 == m) } on && $1 == "xprt:" { n++ } END { print n + 0 }' "/proc/$pid/mountstats")
		[ "$got" = "$nc" ] || die "host $k: $mnt asked nconnect=$nc, its mountstats show $got transports" 91
	done < "$RUN/mounts"
	LAB_HOSTS="$LAB_HOSTS${LAB_HOSTS:+,}127.0.100.$k"
	LAB_HOST_PIDS="$LAB_HOST_PIDS${LAB_HOST_PIDS:+ }$pid"
done
export LAB_HOSTS LAB_HOST_PIDS
[ -z "$LAB_HOSTS" ] || phase hosts

"$RUN/shape.sh" on || die "the $LAB_SHAPING shaping profile could not be applied"

LAB_MOUNTS=$(awk '{ printf "%s%s=%s", (NR > 1 ? " " : ""), $1, $2 }' "$RUN/mounts")
export LAB_EXPORT=$EXPORT LAB_MOUNTS
# a session (lab/run --session-start): the jobs of its clients, one after the other
if [ -n "${LAB_SERVE:-}" ]; then
	# shellcheck source=lab/guest-serve.sh
	. "$RUN/serve.sh"
	serve
fi
phase running
cd "$LAB_CWD" 2>/dev/null || cd /
if [ -n "$LAB_INTERACTIVE" ]; then
	echo "lab: mounts: $LAB_MOUNTS (exit the shell to power off)"
	setsid -c bash -i
else
	# COMMAND's output goes out byte for byte, apart from the console's
	# kernel messages: raw serial lines (no CR added before each LF).
	stty -F "$LAB_OUT_TTY" raw -echo && stty -F "$LAB_ERR_TTY" raw -echo ||
		die "stty of $LAB_OUT_TTY/$LAB_ERR_TTY failed"
	# In a session of its own, watched: lab/run, told of a signal, writes
	# its name into RUN/stop, and the command's whole group gets it, as a
	# terminal's Ctrl-C would send it (nfsweep then keeps its rows, prints
	# the resume command and exits 130).
	# the command's stderr is a serial line: a terminal only if lab/run's is
	[ -n "${LAB_HOST_TTY:-}" ] || export NFSWEEP_PROGRESS=0
	# (SIGINT and SIGQUIT not ignored, as a shell's background job would have them: the command
	# can trap them, as on a terminal)
	setsid env --default-signal=INT,QUIT bash -c "$LAB_CMD" >"$LAB_OUT_TTY" 2>"$LAB_ERR_TTY" \
		{nap_fd}<&- &
	cpid=$!
	while kill -0 "$cpid" 2>/dev/null; do
		if [ -s "$RUN/stop" ]; then
			read -r sig < "$RUN/stop"
			rm -f "$RUN/stop"
			case $sig in INT|TERM|HUP) kill -"$sig" -- "-$cpid" 2>/dev/null ;; esac
		fi
		nap
	done
	wait "$cpid"
fi
finish $?
