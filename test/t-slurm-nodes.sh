#!/bin/sh
# t-slurm-nodes.sh - make suite ENGINE=slurm on a two-node Slurm cluster of
# test/slurm.sh (node1 and node2, each slurmd in a network and UTS
# namespace of its own), with node2 lost mid-suite.
#
# 1. A two-benchmark suite (nbody, richards; RUNS=2, FREQ=500): Slurm runs
#    its two tasks on the two nodes, one each.  While perf records on
#    node2, every process of node2 is killed (SIGKILL: a node whose power
#    went).  Slurm says NODE_FAIL; the views job runs after both tasks
#    ended; make exits non-zero, and its lines, its report and the README
#    name the lost recording with its Slurm log, which holds what the
#    recording said before its node went; DATA holds no file of it but
#    its scratch directory.  The other data set is whole, recorded on its
#    node (meta.json's host).
# 2. node2 back, a second make suite (on node2: --nodelist) submits one
#    task, the lost recording, records it there and leaves no scratch of
#    the first attempt; the README lists both, nothing "Not recorded".
# 3. slurm_stop leaves no process, namespace or directory behind.
# SKIP where the cluster cannot start (not root, no slurm-wlm or munge, no
# network namespaces), perf cannot record, or the wheels or a Python 3.12
# are missing.
. "$(dirname "$0")/lib.sh"
. "$TOP/test/slurm.sh"

MAKE="make -C $TOP --no-print-directory"
DATA=$TMP/data
OUT=$TMP/out

if ! bench_python; then
	skip "two-node cluster" "$BENCH_WHY"
	exit 0
fi
started=$(date +%s)
if ! slurm_start 2; then
	skip "two-node cluster" "$SLURM_WHY"
	exit 0
fi
pass "two-node cluster: $SLURM_NODES idle in $(($(date +%s) - started)) s"
SET="FREQ=500 RUNS=2 PYTHON=$PY XZ=xz"
T=perf-freq500x2

# jobs_of OUTPUT: the array job and the views job it says it submitted.
jobs_of() {
	sed -n 's/^make suite: submitted to Slurm: array job \([0-9]*\), .* then job \([0-9]*\), the views and README.*/\1 \2/p' "$1"
}

# perf_on NODE: perf runs on NODE (in its namespace).
perf_on() {
	for pid in $(slurm_node_pids "$1"); do
		[ "$(cat "/proc/$pid/comm" 2>/dev/null)" = perf ] && return 0
	done
	return 1
}

# 1. The suite; node2 killed while perf records there.
$MAKE suite SUITE=two BENCHMARKS="nbody richards" $SET ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" >"$TMP/two.out" 2>"$TMP/two.err" &
suite=$!
if slurm_wait 240 perf_on node2; then
	slurm_node_kill node2
	killed=$(date +%s)
	pass "node2 killed while perf recorded there, $((killed - started)) s in"
else
	fail "node2 killed mid-recording" "perf did not run on node2 in 240 s: $(tail -n 3 "$TMP/two.out" | paste -s -d'|' -)"
	killed=
fi
wait $suite
status=$?
ended=$(date +%s)
set -- $(jobs_of "$TMP/two.out")
array=${1:-} views=${2:-}
[ -n "$killed" ] || exit 0

# Where each task ran, from the markers the tasks left in OUT.
lost= kept=
for b in nbody richards; do
	case $(cat "$OUT/.two-slurm/bm_$b-$T.node" 2>/dev/null) in
	node2) lost=bm_$b-$T ;;
	node1) kept=bm_$b-$T ;;
	esac
done
if [ -n "$lost" ] && [ -n "$kept" ] &&
    grep -q "^\[[12]/2\] $kept: recording on node1 " "$TMP/two.out" &&
    grep -q "^\[[12]/2\] $lost: recording on node2 " "$TMP/two.out"; then
	pass "the suite's two tasks ran one on each node ($kept on node1, $lost on node2)"
else
	fail "tasks spread over both nodes" "markers: $(cd "$OUT/.two-slurm" 2>/dev/null && grep . *.node | paste -s -d' ' -)"
	exit 0
fi

# What Slurm says of the three jobs, and when each ran.
seen=$(squeue -h -t all -j "$array,$views" -o '%i %T %N' 2>/dev/null | sort)
i_lost=$(grep -nxF "$lost" "$OUT/.two-slurm/ids" | cut -d: -f1)
i_kept=$(grep -nxF "$kept" "$OUT/.two-slurm/ids" | cut -d: -f1)
want=$(printf '%s\n' "${array}_$i_kept COMPLETED node1" \
    "${array}_$i_lost NODE_FAIL node2" "$views COMPLETED node1" | sort)
if [ -n "$array" ] && [ "$seen" = "$want" ]; then
	pass "Slurm: task on node1 COMPLETED, task on node2 NODE_FAIL, views job COMPLETED on node1"
else
	fail "Slurm's jobs" "said '$array $views'; squeue -t all: $(printf '%s' "$seen" | paste -s -d, -)"
fi
# Start and end times, in seconds since the epoch: the views job began
# once both tasks had ended (Slurm's times are whole seconds).
times=$(squeue -h -t all -j "$array,$views" -o '%i %S %e' 2>/dev/null |
    while read -r job start end; do
	    echo "$job $(date -d "$start" +%s) $(date -d "$end" +%s)"
    done)
if printf '%s\n' "$times" | awk -v v="$views" '
    $1 == v { vs = $2; next } { n++; if ($3 > last) last = $3 }
    END { exit !(n == 2 && vs != "" && vs >= last) }'; then
	pass "the views job started after both tasks ended (the lost one $(($(printf '%s\n' "$times" | awk -v t="${array}_$i_lost" '$1 == t { print $3 }') - killed)) s after the kill)"
else
	fail "the views job waits for both tasks" "$(printf '%s' "$times" | paste -s -d, -)"
fi

# The lost recording: said, reported and in the README, with its log.
log=$OUT/.two-slurm/${array}_$i_lost.out
why="its node node2 was lost while it recorded (Slurm: NODE_FAIL): make suite again records it"
if [ $status -ne 0 ] &&
    grep -qF "$lost: FAILED: $why (log: $log)" "$TMP/two.out" &&
    grep -qxF "  $lost: $why (log: $log)" "$TMP/two.err" &&
    grep -qxF -- "- $lost: $why (log: $log)" "$OUT/two-README.md"; then
	pass "the lost recording: said, reported and in the README with its Slurm log; exit $status after $((ended - started)) s"
else
	fail "the lost recording reported" "exit $status: $(cat "$TMP/two.out" "$TMP/two.err" | grep -F "$lost" | tail -n 3 | paste -s -d'|' -)"
fi
# Its log holds what the recording said before its node went: that it
# began, and no end.
if grep -q "^\[1/1\] $lost: recording " "$log" &&
    ! grep -q "^wrote \|^\[1/1\] $lost: done\|FAILED" "$log"; then
	pass "its Slurm log says the recording began, and no end of it"
else
	fail "the lost recording's log" "$(head -n 3 "$log" 2>&1 | paste -s -d'|' -)"
fi
# No file of it in DATA but its scratch directory (perf was writing into
# it); the other whole, recorded on node1.
host() {
	"$PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["host"]["hostname"])' "$1" 2>/dev/null
}
partial=$(cd "$DATA" && ls | grep -F "$lost")
if [ -z "$partial" ] && [ -d "$DATA/.$lost.tmp" ] &&
    [ "$(host "$DATA/$kept-meta.json")" = node1 ] &&
    [ -s "$DATA/$kept-raw.txt.xz" ] && [ -s "$DATA/$kept-pyperf.json" ]; then
	pass "DATA: of the lost recording only its scratch directory; $kept whole, its host node1"
else
	fail "DATA after the loss" "of $lost: '$partial' $(ls -d "$DATA/.$lost.tmp" 2>&1); $kept's host '$(host "$DATA/$kept-meta.json")'"
fi

# 2. node2 back; the suite again, on node2.
slurm_node_start node2
if ! slurm_wait 60 slurm_node_idle node2; then
	fail "node2 back" "$(slurm_node_why node2)"
	exit 0
fi
again=$(date +%s)
$MAKE suite SUITE=two BENCHMARKS="nbody richards" $SET ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" SLURM_OPTS=--nodelist=node2 \
    >"$TMP/again.out" 2>"$TMP/again.err"
status=$?
if [ $status -eq 0 ] &&
    grep -q "^make suite: submitted to Slurm: array job [0-9]*, 1 task(s) (--exclusive) recording $lost; then job" "$TMP/again.out" &&
    grep -q "^\[1/1\] $lost: recording on node2 " "$TMP/again.out" &&
    [ "$(host "$DATA/$lost-meta.json")" = node2 ] &&
    [ -z "$(cd "$DATA" && ls -A | grep -F ".$lost.tmp")" ]; then
	pass "node2 back: a second make suite recorded only $lost, on node2, in $(($(date +%s) - again)) s, and no scratch of it is left"
else
	fail "the second make suite" "exit $status, host '$(host "$DATA/$lost-meta.json")': $(cat "$TMP/again.out" "$TMP/again.err" | head -n 4 | paste -s -d'|' -); DATA: $(ls -A "$DATA" | paste -s -d' ' -)"
fi
if grep -q '^| nbody |' "$OUT/two-README.md" && grep -q '^| richards |' "$OUT/two-README.md" &&
    ! grep -q 'Not recorded' "$OUT/two-README.md"; then
	pass "the README lists both benchmarks, nothing not recorded"
else
	fail "the README after the second run" "$(grep -A 2 'Not recorded' "$OUT/two-README.md" | paste -s -d'|' -)"
fi

# 3. Nothing left.
dir=$SLURM_DIR
namespaces=$slurm_netns_made
pids=$(slurm_leftovers)
slurm_stop
left=
for pid in $pids; do
	slurm_alive "$pid" && left="$left $pid"
done
stray=$(grep -lzxF "PERFVIEWS_SLURM=$dir" /proc/[0-9]*/environ 2>/dev/null)
netns=
for ns in $namespaces; do
	ip netns list | grep -q "^$ns\b" && netns="$netns $ns"
done
if [ -n "$left$stray$netns" ] || [ -e "$dir" ]; then
	fail "slurm_stop" "left running:$left $stray; namespaces:$netns; directory: $(ls -d "$dir" 2>&1)"
else
	pass "slurm_stop ended its $(echo $pids | wc -w) processes, removed the namespaces and $dir"
fi
