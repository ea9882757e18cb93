# slurm.sh - a Slurm cluster of one or more nodes on this machine, for the
# tests (sourced after lib.sh; POSIX sh; needs root).
#
#   slurm_start [N]  Installs slurm-wlm and munge when missing (through
#                 scripts/install-deps.sh --optional), writes a slurm.conf
#                 into a new temporary directory, starts munged (as user
#                 munge, with a key of its own), slurmctld and a slurmd per
#                 node (as root, in the foreground, put in the background
#                 here), and waits until sinfo shows every node idle: a
#                 second or two.  One node (the default) is this machine;
#                 N nodes are node1 to nodeN, each slurmd in a network
#                 namespace and a UTS namespace of its own (its address, its
#                 host name: what a job there sees as uname -n), since
#                 Debian's slurmd is built without --enable-multiple-slurmd
#                 (two on one network stack would share one port).  Does
#                 nothing when this script's cluster runs.  Returns 0 with
#                 SLURM_CONF exported, or 1 with SLURM_WHY set to the reason
#                 (the caller says SKIP) and nothing left running.  Stops
#                 the cluster when the test script exits, is interrupted or
#                 is terminated (through lib.sh's AT_EXIT).
#   slurm_node_kill NAME  Node NAME lost: every process in its namespace
#                 (slurmd, slurmstepd, jobs) killed at once, as when its
#                 power goes; Slurm says the node DOWN, and its running job
#                 NODE_FAIL, some 20 s later.  (N > 1 only.)
#   slurm_node_start NAME  Starts node NAME's slurmd (again: the node comes
#                 back, idle once it registers; ReturnToService=2).
#   slurm_node_pids NAME  The processes of node NAME.  (N > 1 only.)
#   slurm_stop    Stops the daemons slurm_start started and any process
#                 still carrying this cluster's SLURM_CONF (a job, a
#                 slurmstepd) or in its nodes' namespaces, waits for them,
#                 removes the namespaces (and their veth pairs) and the
#                 directory.  Does nothing when no cluster runs; safe to
#                 call twice.
#   slurm_leftovers  Prints the PIDs of this cluster's processes still
#                 alive (none after slurm_stop).
#
# After slurm_start:
#   SLURM_CONF       the slurm.conf, exported: sbatch, squeue, sinfo,
#                    scontrol and scancel use this cluster
#   SLURM_DIR        the temporary directory (conf, state, logs in
#                    SLURM_DIR/log, each node's spool, log and pid file in
#                    SLURM_DIR/nodes/NAME, munge's socket and key)
#   SLURM_NODES      the nodes' names; SLURM_NODE, the first's (with one
#                    node: this host's short name)
#   SLURM_PARTITION  the only partition, the default, OverSubscribe=EXCLUSIVE
#
# Each node has this machine's CPUs and memory (slurmd -C).  The daemons
# use two free TCP ports above 20000.  One node: they reach each other at
# 127.0.0.1.  N nodes: each namespace is linked to this one by a veth pair
# on a /30 of a 10.254.B.0/24 that no address or route here is in, and
# slurmctld listens here on the first pair's address, which every node
# reaches through its own pair.  No DNS is needed, and a system Slurm or
# munge, if any, is left alone.  With N nodes a node that does not answer
# is DOWN after SlurmdTimeout=10 (MessageTimeout=5: a refused connection
# is retried no longer).
# There is no accounting database (slurmdbd): `sacct` does not work;
# finished jobs stay visible to `squeue -t all` and `scontrol show job`
# for MinJobAge (300 s).  Jobs are scheduled as soon as they are
# submitted, and the whole queue every second (batch_sched_delay=0,
# sched_interval=1); in its first two seconds or so, slurmctld starts no
# job.  Processes are tracked by proctrack/linuxproc and tasks are not
# confined (task/none): no cgroups needed.

SLURM_DIR=
SLURM_NODE=
SLURM_NODES=
SLURM_PARTITION=pv
SLURM_WHY=
slurm_pids=
slurm_netns_made=
slurm_node_addrs=

# slurm_fail REASON: SLURM_WHY, and nothing left running.
slurm_fail() {
	SLURM_WHY=$1
	slurm_stop
	return 1
}

# slurm_log_tail FILE: the line of a daemon's log worth showing: its last
# fatal error, else its last error (some are harmless: a missing PMIx).
slurm_log_tail() {
	[ -f "$1" ] || return 0
	line=$(grep -i 'fatal' "$1" | tail -n 1)
	[ -n "$line" ] || line=$(grep -i 'error' "$1" | tail -n 1)
	printf '%s' "$line" | cut -c 1-200
}

# slurm_free_ports: two consecutive TCP ports above 20000 that nothing
# listens on or uses (from /proc/net/tcp and tcp6), printed as "P P+1".
slurm_free_ports() {
	cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v seed=$$ '
	    function hex(s,   i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1
		return n
	    }
	    NR > 1 { split($2, a, ":"); used[hex(a[2])] = 1 }
	    END {
		for (i = 0; i < 5000; i++) {
			p = 20000 + ((seed + i) % 5000) * 2
			if (!(p in used) && !((p + 1) in used)) {
				print p, p + 1
				exit
			}
		}
	    }'
}

# slurm_wait SECONDS COMMAND...: run COMMAND every 0.2 s until it
# succeeds; fails after SECONDS.
slurm_wait() {
	tries=$(($1 * 5))
	shift
	while [ "$tries" -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.2
		tries=$((tries - 1))
	done
	return 1
}

# slurm_node_idle NAME: sinfo shows node NAME idle.
slurm_node_idle() {
	[ "$(sinfo -h -n "$1" -o %T 2>/dev/null)" = idle ]
}

# slurm_nodes_idle: every node idle.
slurm_nodes_idle() {
	for node in $SLURM_NODES; do
		slurm_node_idle "$node" || return 1
	done
}

# slurm_free_subnet: a /24 of 10.254.0.0/16 that no address or route of
# this machine is in or covers (but the default route), printed as
# "10.254.B"; nothing when there is none.
slurm_free_subnet() {
	i=0
	while [ $i -lt 200 ]; do
		net=10.254.$((($$ + i) % 200 + 20))
		i=$((i + 1))
		ip -4 addr show | grep -q "inet $net\." && continue
		[ -n "$(ip -4 route show root "$net.0/24")" ] && continue
		ip -4 route show match "$net.0/24" | grep -qv '^default' && continue
		echo "$net"
		return 0
	done
}

# slurm_netns NAME: node NAME's network namespace.
slurm_netns() {
	echo "pv-${SLURM_DIR##*.}-$1"
}

# slurm_net_make N: N network namespaces, node1 to nodeN, each linked to
# this one by a veth pair of its own (10.254.B.4(i-1)/30: .1 here, .2
# there, its default route through .1).  The controller listens here on
# the first link's address, which every node reaches through its own.
# Sets SLURM_NODES, slurm_ctl_addr and slurm_node_addrs (NAME=ADDRESS
# ...); slurm_stop removes the namespaces.
slurm_net_make() {
	net=$(slurm_free_subnet)
	[ -n "$net" ] || { SLURM_WHY="no free subnet in 10.254.0.0/16"; return 1; }
	tag=${SLURM_DIR##*.}
	i=1
	while [ $i -le "$1" ]; do
		node=node$i ns=$(slurm_netns node$i) base=$((4 * (i - 1)))
		SLURM_NODES="${SLURM_NODES:+$SLURM_NODES }$node"
		if ! ip netns add "$ns" 2>"$SLURM_DIR/log/net.err"; then
			SLURM_WHY="cannot make a network namespace: $(head -n 1 "$SLURM_DIR/log/net.err")"
			return 1
		fi
		slurm_netns_made="$slurm_netns_made $ns"
		if ! { ip link add "pv${tag}h$i" type veth peer name "pv${tag}n$i" &&
		    ip link set "pv${tag}n$i" netns "$ns" &&
		    ip addr add "$net.$((base + 1))/30" dev "pv${tag}h$i" &&
		    ip link set "pv${tag}h$i" up &&
		    ip -n "$ns" link set lo up &&
		    ip -n "$ns" addr add "$net.$((base + 2))/30" dev "pv${tag}n$i" &&
		    ip -n "$ns" link set "pv${tag}n$i" up &&
		    ip -n "$ns" route add default via "$net.$((base + 1))"; } \
		    2>"$SLURM_DIR/log/net.err"; then
			SLURM_WHY="cannot link network namespace $ns: $(head -n 1 "$SLURM_DIR/log/net.err")"
			return 1
		fi
		slurm_node_addrs="$slurm_node_addrs $node=$net.$((base + 2))"
		i=$((i + 1))
	done
	slurm_ctl_addr=$net.1
}

# slurm_node_start NAME: node NAME's slurmd, in the background: here (one
# node), else in its network namespace with NAME as its host name (a UTS
# namespace of its own: uname -n says NAME in its jobs).
slurm_node_start() {
	mkdir -p "$SLURM_DIR/nodes/$1"
	if [ -z "$slurm_netns_made" ]; then
		PERFVIEWS_SLURM=$SLURM_DIR slurmd -D -N "$1" -f "$SLURM_CONF" \
		    </dev/null >"$SLURM_DIR/nodes/$1/slurmd.out" 2>&1 &
	else
		# (nsenter, not ip netns exec, which mounts a /sys of its own,
		# without the cgroup file system slurmd asks for.)
		PERFVIEWS_SLURM=$SLURM_DIR nsenter --net="/run/netns/$(slurm_netns "$1")" \
		    unshare --uts sh -c 'hostname "$1" && exec slurmd -D -N "$1" -f "$2"' \
		    sh "$1" "$SLURM_CONF" </dev/null \
		    >"$SLURM_DIR/nodes/$1/slurmd.out" 2>&1 &
	fi
	slurm_pids="$slurm_pids $!"
}

# slurm_node_pids NAME: the processes of node NAME (of its network
# namespace: its slurmd, slurmstepd and jobs).
slurm_node_pids() {
	ip netns pids "$(slurm_netns "$1")" 2>/dev/null
}

# slurm_node_kill NAME: node NAME lost: every process of it killed at once
# (SIGKILL), as a node whose power went; its namespace stays, so that
# slurm_node_start can bring it back.
slurm_node_kill() {
	for pid in $(slurm_node_pids "$1"); do
		kill -9 "$pid" 2>/dev/null
	done
	slurm_wait 10 slurm_node_gone "$1"
}

slurm_node_gone() { [ -z "$(slurm_node_pids "$1")" ]; }

# slurm_node_why NAME: why node NAME did not start, from its logs.
slurm_node_why() {
	echo "node $1 did not become idle ($(sinfo -h -n "$1" -o %T 2>&1)): $(slurm_log_tail "$SLURM_DIR/nodes/$1/slurmd.log")$(tail -n 1 "$SLURM_DIR/nodes/$1/slurmd.out")"
}

slurm_start() {
	SLURM_WHY=
	[ -n "$SLURM_DIR" ] && return 0
	nodes=${1:-1}
	if [ "$(id -u)" != 0 ]; then
		SLURM_WHY="needs root (slurmd runs jobs as root here, munged as munge)"
		return 1
	fi
	sh "$TOP/scripts/install-deps.sh" --optional slurm-wlm:slurmctld \
	    munge:munged </dev/null
	need="munged mungekey munge unmunge slurmctld slurmd sinfo sbatch scontrol setpriv"
	[ "$nodes" = 1 ] || need="$need ip nsenter unshare"
	for cmd in $need; do
		if ! command -v "$cmd" >/dev/null 2>&1; then
			SLURM_WHY="$cmd is not installed (slurm-wlm, munge, iproute2, util-linux)"
			return 1
		fi
	done
	if ! id munge >/dev/null 2>&1; then
		SLURM_WHY="no user munge (the munge package makes it)"
		return 1
	fi
	ports=$(slurm_free_ports)
	if [ -z "$ports" ]; then
		SLURM_WHY="no two free TCP ports in 20000-29999"
		return 1
	fi

	# munged refuses a key or socket directory others can write to, and a
	# socket directory they cannot enter; it runs as munge, who must reach
	# its directory through ours.
	SLURM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perfviews-slurm.XXXXXX") ||
		{ SLURM_WHY="cannot make a temporary directory"; return 1; }
	chmod 755 "$SLURM_DIR"
	AT_EXIT="slurm_stop; ${AT_EXIT:-}"
	trap 'exit 130' INT
	trap 'exit 143' TERM
	mkdir -p "$SLURM_DIR/munge" "$SLURM_DIR/state" "$SLURM_DIR/nodes" \
	    "$SLURM_DIR/log"
	chown munge:munge "$SLURM_DIR/munge"
	chmod 711 "$SLURM_DIR/munge"
	munge_dir=$SLURM_DIR/munge
	socket=$munge_dir/munge.socket
	if ! setpriv --reuid=munge --regid=munge --init-groups \
	    mungekey --create --keyfile="$munge_dir/munge.key" \
	    >"$SLURM_DIR/log/mungekey.log" 2>&1; then
		slurm_fail "mungekey failed: $(tail -n 1 "$SLURM_DIR/log/mungekey.log")"
		return 1
	fi
	PERFVIEWS_SLURM=$SLURM_DIR setpriv --reuid=munge --regid=munge \
	    --init-groups munged --foreground \
	    --socket="$socket" --key-file="$munge_dir/munge.key" \
	    --pid-file="$munge_dir/munged.pid" --seed-file="$munge_dir/seed" \
	    --log-file="$munge_dir/munged.log" </dev/null \
	    >"$SLURM_DIR/log/munged.out" 2>&1 &
	slurm_pids="$!"
	if ! slurm_wait 10 sh -c "munge -n -S '$socket' | unmunge -S '$socket'"; then
		slurm_fail "munged did not start: $(tail -n 1 "$SLURM_DIR/log/munged.out")"
		return 1
	fi

	host=$(uname -n | cut -d. -f1)
	node_line=$(slurmd -C 2>/dev/null | grep '^NodeName=' | sed 's/^NodeName=[^ ]* //')
	if [ -z "$node_line" ]; then
		slurm_fail "slurmd -C does not describe this machine"
		return 1
	fi
	if [ "$nodes" = 1 ]; then
		SLURM_NODES=$host slurm_ctl_addr=127.0.0.1
		slurm_node_addrs=$host=127.0.0.1
		# A lost node is noticed after SlurmdTimeout (300 s by default).
		timeout_line=
	else
		if ! slurm_net_make "$nodes"; then
			slurm_fail "$SLURM_WHY"
			return 1
		fi
		# A node lost mid-suite is DOWN after 10 s without an answer
		# (slurmctld pings every third of it) and its job NODE_FAIL,
		# some 20 s after the loss: the agent's retries of a refused
		# connection last MessageTimeout (10 s by default) each.
		timeout_line="SlurmdTimeout=10
MessageTimeout=5"
	fi
	SLURM_NODE=${SLURM_NODES%% *}
	set -- $ports
	{
		cat <<EOF
# A cluster of $nodes node(s) for perfviews's tests (test/slurm.sh).
ClusterName=perfviews
SlurmctldHost=$host($slurm_ctl_addr)
SlurmctldPort=$1
SlurmdPort=$2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/nodes/%n
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/nodes/%n/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/log/slurmctld.log
SlurmdLogFile=$SLURM_DIR/nodes/%n/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
InactiveLimit=0
KillWait=5
MinJobAge=300
$timeout_line
# Schedule at once on submit, and every second: tests wait for jobs.
SchedulerParameters=batch_sched_delay=0,sched_interval=1
EOF
		for pair in $slurm_node_addrs; do
			echo "NodeName=${pair%%=*} $node_line NodeAddr=${pair#*=} State=UNKNOWN"
		done
		echo "PartitionName=$SLURM_PARTITION Nodes=$(echo $SLURM_NODES | tr ' ' ,) Default=YES MaxTime=INFINITE State=UP OverSubscribe=EXCLUSIVE"
	} >"$SLURM_DIR/slurm.conf"
	SLURM_CONF=$SLURM_DIR/slurm.conf
	export SLURM_CONF

	PERFVIEWS_SLURM=$SLURM_DIR slurmctld -D -c -f "$SLURM_CONF" </dev/null \
	    >"$SLURM_DIR/log/slurmctld.out" 2>&1 &
	slurm_pids="$slurm_pids $!"
	if ! slurm_wait 20 scontrol ping; then
		slurm_fail "slurmctld did not start: $(slurm_log_tail "$SLURM_DIR/log/slurmctld.log")$(tail -n 1 "$SLURM_DIR/log/slurmctld.out")"
		return 1
	fi
	for node in $SLURM_NODES; do
		slurm_node_start "$node"
	done
	if ! slurm_wait 20 slurm_nodes_idle; then
		for node in $SLURM_NODES; do
			slurm_node_idle "$node" || break
		done
		slurm_fail "$(slurm_node_why "$node")"
		return 1
	fi
	return 0
}

# slurm_alive PID: PID runs (a zombie, dead but not yet waited for, does not).
slurm_alive() {
	[ -r "/proc/$1/stat" ] || return 1
	state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c 1)
	[ -n "$state" ] && [ "$state" != Z ]
}

slurm_leftovers() {
	[ -n "$SLURM_DIR" ] || return 0
	# The daemons and what they fork (slurmscriptd, slurmstepd) carry
	# PERFVIEWS_SLURM; a job carries this cluster's SLURM_CONF and a job id;
	# whatever runs in a node's namespace is the node's.
	{
		printf '%s\n' $slurm_pids
		for ns in $slurm_netns_made; do
			ip netns pids "$ns" 2>/dev/null
		done
		{
			grep -lzxF "PERFVIEWS_SLURM=$SLURM_DIR" /proc/[0-9]*/environ
			grep -lzxF "SLURM_CONF=$SLURM_DIR/slurm.conf" \
			    /proc/[0-9]*/environ |
				xargs -r grep -lzE '^SLURM_JOB_ID=[0-9]+$'
		} 2>/dev/null | sed -n 's|^/proc/\([0-9]*\)/environ$|\1|p'
	} | sort -nu | while read -r pid; do
		slurm_alive "$pid" && echo "$pid"
	done
}

slurm_stop() {
	[ -n "$SLURM_DIR" ] || return 0
	# Jobs first (slurmstepd outlives slurmd), then slurmd, slurmctld and
	# munged, each waited for.
	if [ "${SLURM_CONF:-}" = "$SLURM_DIR/slurm.conf" ] &&
	    scontrol ping >/dev/null 2>&1; then
		timeout 10 scancel --partition="$SLURM_PARTITION" 2>/dev/null
		slurm_wait 5 slurm_no_jobs
	fi
	for pid in $(echo "$slurm_pids" | awk '{ for (i = NF; i > 0; i--) print $i }'); do
		kill "$pid" 2>/dev/null
		slurm_wait 10 slurm_dead "$pid" || kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	for pid in $(slurm_leftovers); do
		kill -9 "$pid" 2>/dev/null
	done
	# A namespace goes with its last process; its veth pair with it.
	for ns in $slurm_netns_made; do
		slurm_wait 5 slurm_netns_empty "$ns"
		ip netns del "$ns" 2>/dev/null
	done
	slurm_pids= slurm_netns_made= slurm_node_addrs= SLURM_NODES=
	rm -rf "$SLURM_DIR"
	SLURM_DIR=
	SLURM_CONF=
	unset SLURM_CONF
}

slurm_dead() { ! slurm_alive "$1"; }

slurm_netns_empty() { [ -z "$(ip netns pids "$1" 2>/dev/null)" ]; }

slurm_no_jobs() {
	[ -z "$(squeue -h -t PD,R,CG,S -o %i 2>/dev/null)" ]
}
