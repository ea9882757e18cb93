#!/bin/sh
# t-speed.sh - wall time and CPU time of one build, recorded once beside
# busy loops that keep every CPU busy (A) and once without them (B),
# compared with make compare (issue 40).  What holds for any machine
# where B's recording had the CPUs to itself:
#
# - A's meta.json and README say its machine was busy;
# - the comparison's first lines say that wall and CPU time disagree and
#   that A's machine was busy;
# - the CPU time per loop is not called changed beyond noise, while A's
#   process was on the CPU for less of its wall time than B's.
#
# B must have had a CPU to itself for the premise to hold (make check runs
# three tests at once, which may make B's machine busy too, but leave it
# a CPU): when B's process was on the CPU less than 90% of its wall time,
# it says SKIP with that figure.  SKIP too without perf or the wheels.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ] || ! command -v perf >/dev/null 2>&1; then
	skip "wall time against CPU time" "needs root and perf"
	exit 0
fi
if ! bench_pythons; then
	skip "wall time against CPU time" "$BENCH_WHY"
	exit 0
fi
MAKE="make -C $TOP --no-print-directory"
D=$TMP/data
O=$TMP/out
A=bm_nbody-perf-freq999x3-py312-_busy
B=bm_nbody-perf-freq999x3-py312-_quiet

# B first, quiet; then A beside a busy loop per CPU, with B's loops.
if ! $MAKE record ID=$B PYTHON="$PY312" DATA="$D" OUT="$O" \
    >"$TMP/b.out" 2>"$TMP/b.err"; then
	fail "recording B" "$(tail -n 2 "$TMP/b.err" | paste -s -d'|' -)"
	exit 0
fi
"$PYTHON" - "$D/$B-meta.json" >"$TMP/loops.json" <<'EOF'
import json, sys
loops = json.load(open(sys.argv[1]))["benchmark"]["loops"]
print(json.dumps({"metadata": {}, "benchmarks": [
    {"metadata": {"name": "nbody", "loops": loops}}]}))
EOF
spinners=
for i in $(seq "$(nproc)"); do
	sh -c 'while :; do :; done' &
	spinners="$spinners $!"
done
AT_EXIT="kill $spinners 2>/dev/null; $AT_EXIT"
$MAKE record ID=$A PYTHON="$PY312" DATA="$D" OUT="$O" LOOPS="$TMP/loops.json" \
    >"$TMP/a.out" 2>"$TMP/a.err"
status=$?
# shellcheck disable=SC2086 # the spinners' pids
kill $spinners 2>/dev/null
if [ $status != 0 ]; then
	fail "recording A beside busy loops" "$(tail -n 2 "$TMP/a.err" | paste -s -d'|' -)"
	exit 0
fi
$MAKE compare A="$A" B="$B" DATA="$D" OUT="$O" >/dev/null 2>"$TMP/cmp.err"
R=$O/$A-vs-$B-README.md
if [ ! -s "$R" ]; then
	fail "make compare" "$(head -n 2 "$TMP/cmp.err" | paste -s -d'|' -)"
	exit 0
fi
# A data set's share of its wall time on the CPU (the least over its
# runs), from its meta.json and pyperf's values.
on_cpu() {
	"$PYTHON" - "$D" "$1" <<'EOF'
import json, sys
d, i = sys.argv[1:3]
m = json.load(open(f"{d}/{i}-meta.json"))
r = json.load(open(f"{d}/{i}-pyperf.json"))["benchmarks"][0]["runs"]
walls = [sum(x["values"]) / len(x["values"]) for x in r if x.get("values")]
hz, loops = m["tool"]["frequency"], m["benchmark"]["loops"] * m["benchmark"]["values_per_run"]
cpus = [n / hz / loops for n in m["samples"]["per_run"]]
print("%.2f" % min(c / w for c, w in zip(cpus, walls)))
EOF
}
on_cpu_b=$(on_cpu "$B")
on_cpu_a=$(on_cpu "$A")
if ! awk -v q="$on_cpu_b" 'BEGIN { exit !(q >= 0.9) }'; then
	skip "wall time against CPU time" "B did not have a CPU to itself: its process was on the CPU only $on_cpu_b of its wall time (other tests running)"
	exit 0
fi
other=$("$BIN/perfviews" get "$D/$A-meta.json" machine.other_cpus 2>/dev/null)
if awk -v o="${other:-0}" 'BEGIN { exit !(o > 0.5) }' &&
    grep -q '^\*\*The machine was busy\*\*' "$O/$A-README.md"; then
	pass "A's data set says its machine was busy"
else
	fail "the machine's state" "other_cpus ${other:-none}; $(grep -c 'machine was busy' "$O/$A-README.md") mentions of a busy machine"
fi
if awk -v a="$on_cpu_a" -v b="$on_cpu_b" 'BEGIN { exit !(a < b) }'; then
	pass "A's process was on the CPU for less of its wall time ($on_cpu_a) than B's ($on_cpu_b)"
else
	fail "A's share of its wall time on the CPU" "$on_cpu_a, B's $on_cpu_b"
fi
first=$(sed -n '/^\*\*Wall time and CPU time disagree\.\*\*/p' "$R")
if [ -n "$first" ] && [ "$(grep -n '^\*\*Wall time and CPU time disagree' "$R" | cut -d: -f1)" -le 5 ] &&
    echo "$first" | grep -q 'during A, .*\*\*A.s machine was busy\*\*' &&
    grep -q '^- \*\*Speed, CPU time\*\* .*not beyond noise' "$R"; then
	pass "the comparison opens with wall and CPU time disagreeing, A's machine busy; CPU time not changed beyond noise"
else
	fail "the comparison" "$(sed -n 5,8p "$R" | cut -c1-200 | paste -s -d'|' -)"
fi
