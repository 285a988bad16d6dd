#!/bin/bash
# shape.sh on|off|burst RATE BYTES - the lab's shaping profile on the guest's loopback, the
# one link every NFS packet crosses. lab/run copies it beside config.sh;
# LAB_SHAPE and LAB_UNSHAPE run it. The cloud profile is explained in
# lab/README.md ("The cloud model"); its RPC slot limit is set at mount
# time by guest-stage2.sh, since the kernel sizes a transport's slot table
# when it makes the transport, and stays on under `off`.
. "$(dirname "$0")/config.sh"
set -u
err() { echo "lab shape.sh: $*" >&2; exit 1; }

# cloud: one tree on lo.
#   netem 1:       the path's delay, each packet, both ways (the RTT that,
#                  with the slot limit, bounds a connection's IOPS)
#   htb 2:         two aggregate caps, classified by the NFS port:
#     2:10         client -> server (dport 2049): the VM's egress cap
#     2:20         server -> client (sport 2049): the read ceiling
#     2:30         everything else (fio's client/server, rpcbind): not capped
#   fq under 2:10 and 2:20: the per-connection cap, one flow per socket
cloud_on() {
	local port=2049 burst=256k
	# on twice is on, as with the one-qdisc profiles' replace
	tc qdisc del dev lo root 2>/dev/null
	tc qdisc add dev lo root handle 1: netem delay "$LAB_CLOUD_DELAY" limit 100000 &&
	tc qdisc add dev lo parent 1:1 handle 2: htb default 30 &&
	tc class add dev lo parent 2: classid 2:10 htb rate "$LAB_CLOUD_EGRESS" burst $burst cburst $burst &&
	tc class add dev lo parent 2: classid 2:20 htb rate "$LAB_CLOUD_READ" burst $burst cburst $burst &&
	tc class add dev lo parent 2: classid 2:30 htb rate 100gbit &&
	tc qdisc add dev lo parent 2:10 handle 10: fq maxrate "$LAB_CLOUD_CONN_RATE" &&
	tc qdisc add dev lo parent 2:20 handle 20: fq maxrate "$LAB_CLOUD_CONN_RATE" &&
	tc filter add dev lo parent 2: protocol ip prio 1 u32 match ip dport $port 0xffff flowid 2:10 &&
	tc filter add dev lo parent 2: protocol ip prio 2 u32 match ip sport $port 0xffff flowid 2:20 ||
		err "tc for the cloud profile failed (netem delay $LAB_CLOUD_DELAY, egress $LAB_CLOUD_EGRESS, read $LAB_CLOUD_READ, per connection $LAB_CLOUD_CONN_RATE)"
}

# burst RATE BYTES: a bursting volume, over the cloud profile. The reads (server -> client,
# class 2:20) pass a token bucket of BYTES filled at RATE (bytes per second; tc's units work
# too) before the per-connection cap: a point reads at the cloud's ceilings until the bucket
# is empty, then at RATE, as a volume with burst credits does. Each `burst` starts with a full
# bucket; `on` takes the bucket away. (mtu: loopback's packets are up to 64 KiB, and tbf drops
# a packet larger than its mtu, 2 KiB unless told)
burst_on() {
	[ "$LAB_SHAPING" = cloud ] || err "burst: over the cloud profile only (lab/run --shaping cloud)"
	[ $# = 2 ] || err "usage: shape.sh burst RATE BYTES"
	tc qdisc del dev lo parent 2:20 handle 20: 2>/dev/null
	tc qdisc add dev lo parent 2:20 handle 20: tbf rate "$1" burst "$2" latency 1s mtu 70000 &&
	tc qdisc add dev lo parent 20:1 handle 21: fq maxrate "$LAB_CLOUD_CONN_RATE" ||
		err "tc tbf rate $1 burst $2 under the cloud profile's read class failed"
}

case ${1:-} in
on)
	case $LAB_SHAPING in
	none) ;;
	percap) tc qdisc replace dev lo root fq maxrate "$LAB_RATE" || err "tc fq maxrate $LAB_RATE failed" ;;
	delay) tc qdisc replace dev lo root netem delay "$LAB_DELAY" || err "tc netem delay $LAB_DELAY failed" ;;
	cloud) cloud_on ;;
	*) err "unknown shaping profile $LAB_SHAPING" ;;
	esac ;;
off) [ "$LAB_SHAPING" = none ] || tc qdisc del dev lo root 2>/dev/null || true ;;
burst) shift; burst_on "$@" ;;
*) err "usage: shape.sh on|off|burst RATE BYTES" ;;
esac
