# shellcheck shell=bash
# netblock.sh - sourced by run.sh and lib.sh: t_net_hold sets and exports T_NET, this test
# run's loopback block, 127.K: the tests' fio servers listen on $T_NET.101.1 and such.
#
# Two runs at once on one machine (CI's two lanes: the fresh roots are chroots and share this
# machine's network namespace) would otherwise start their fio servers on the same addresses,
# and one run's client would talk to the other run's servers. K is the first free one of the
# abstract unix sockets nfsweep-tests-net-K, which are one set per network namespace whatever
# the root, held by a small process for as long as the run: run.sh holds one for all its
# tests, a test run alone holds its own. The holder ends when the pipe from its parent closes,
# however the parent ends.
t_net_hold() {
	local k
	coproc T_NETLOCK { exec python3 -c '
import socket, sys
for k in range(0, 100):
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind("\0nfsweep-tests-net-%d" % k)
    except OSError:
        s.close()
        continue
    print(k, flush=True)
    sys.stdin.read()
    break
'; }
	read -r k <&"${T_NETLOCK[0]}" || return 1
	export T_NET=127.$k
}
