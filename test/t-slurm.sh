#!/bin/sh
# t-slurm.sh - make suite ENGINE=slurm on the one-node Slurm cluster of
# test/slurm.sh, offline with the wheels in $SHARED/vendor/wheels.
#
# 1. A two-benchmark suite (nbody, richards; RUNS=2, FREQ=500) is one array
#    job of two tasks and a job after it, which Slurm lists as its own
#    (completed, under the suite's job names); progress is said per task.
# 2. Its data sets, views, README and definition are those the local
#    engine makes of the same data sets: the same files in OUT, the same
#    README, the same definition but for its date and directories; and a
#    data set recorded by the local engine has the files and meta.json
#    fields of one recorded by a Slurm task.
# 3. A second run submits nothing and makes the README again.
# 4. A benchmark that fails (nosuchbench) is said as its task ends, with
#    its Slurm log, which holds the reason; make exits non-zero and the
#    README names it under "Not recorded".
# 5. A task whose node does not see DATA (another token there) records
#    nothing and says why; one that cannot write into OUT leaves no marker,
#    which make says; SIGTERM to make cancels what was submitted.  An
#    ENGINE other than local or slurm is refused.
# SKIP where the cluster cannot start, perf cannot record or the wheels
# or a Python 3.12 are missing.
. "$(dirname "$0")/lib.sh"
. "$TOP/test/slurm.sh"

MAKE="make -C $TOP --no-print-directory"
DATA=$TMP/data
OUT=$TMP/out

if ! bench_python; then
	skip slurm "$BENCH_WHY"
	exit 0
fi
if ! slurm_start; then
	skip "one-node cluster" "$SLURM_WHY"
	exit 0
fi
SET="FREQ=500 RUNS=2 PYTHON=$PY XZ=xz"
T=perf-freq500x2

# jobs_of OUTPUT: the array job and the views job it says it submitted.
jobs_of() {
	sed -n 's/^make suite: submitted to Slurm: array job \([0-9]*\), .* then job \([0-9]*\), the views and README.*/\1 \2/p' "$1"
}

if $MAKE suite SUITE=x BENCHMARKS=nbody ENGINE=slurmish >/dev/null 2>"$TMP/engine.err" ||
    [ "$(head -n 1 "$TMP/engine.err")" != "make suite: ENGINE is local (the default) or slurm, not 'slurmish'" ]; then
	fail "ENGINE=slurmish" "$(head -n 1 "$TMP/engine.err")"
else
	pass "ENGINE other than local or slurm: refused in one line"
fi

# 1. The suite, through Slurm; meanwhile (for 2) the local engine records
# one of its benchmarks (recordings side by side perturb each other's
# timings, which no check here reads).
$MAKE suite SUITE=one BENCHMARKS=nbody $SET DATA="$TMP/data-one" \
    OUT="$TMP/out-one" >"$TMP/one.out" 2>"$TMP/one.err" &
one=$!
started=$(date +%s)
if ! $MAKE suite SUITE=sl BENCHMARKS="nbody richards" $SET ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" >"$TMP/sl.out" 2>"$TMP/sl.err"; then
	fail "make suite ENGINE=slurm" "$(tail -n 3 "$TMP/sl.err" | paste -s -d'|' -)"
	wait $one
	exit 0
fi
set -- $(jobs_of "$TMP/sl.out")
array=${1:-} views=${2:-}
seen=$(squeue -h -t all -j "$array,$views" -o '%i %T %j' 2>/dev/null | sort)
want=$(printf '%s\n' "${array}_1 COMPLETED perfviews-sl" "${array}_2 COMPLETED perfviews-sl" \
    "$views COMPLETED perfviews-sl-views" | sort)
if [ -n "$array" ] && [ "$seen" = "$want" ]; then
	pass "suite sl in $(($(date +%s) - started)) s: Slurm ran array job $array (2 tasks) and job $views after it"
else
	fail "Slurm's jobs" "said '$array $views'; squeue -t all: $(printf '%s' "$seen" | paste -s -d, -)"
fi
ok=yes
for b in nbody richards; do
	grep -q "^\[[12]/2\] bm_$b-$T: recording on $(uname -n) (elapsed [0-9:]*)$" "$TMP/sl.out" &&
		grep -q "^\[[12]/2\] bm_$b-$T: done in [0-9]* s (elapsed [0-9:]*, about [0-9:]* left)$" "$TMP/sl.out" ||
		ok="no progress lines of $b"
done
grep -q "^wrote $OUT/sl-README.md, $OUT/sl-suite.json and $OUT/sl-categories.svg$" "$TMP/sl.out" ||
	ok="the views job's output is not shown"
if [ "$ok" = yes ]; then
	pass "progress: each task as it starts and ends, then the views job's output"
else
	fail "progress" "$ok: $(head -n 4 "$TMP/sl.out" | paste -s -d'|' -)"
fi
if [ ! -e "$DATA/.sl-slurm.token" ] && [ "$(cat "$OUT/.sl-slurm/bm_nbody-$T.node" 2>/dev/null)" = "$(uname -n)" ]; then
	pass "each task left its marker (its node's name) in OUT; the token in DATA is gone"
else
	fail "markers" "$(ls -A "$DATA" "$OUT/.sl-slurm" | paste -s -d' ' -)"
fi

# 2. The local engine, over a copy of the same data sets: it records
# nothing, and makes the same files.
cp -a "$DATA" "$TMP/data-local"
if ! $MAKE suite SUITE=sl BENCHMARKS="nbody richards" $SET DATA="$TMP/data-local" \
    OUT="$TMP/out-local" >"$TMP/local.out" 2>"$TMP/local.err"; then
	fail "make suite (local) over the same data sets" "$(tail -n 3 "$TMP/local.err" | paste -s -d'|' -)"
else
	# (Not the hidden files: the suite's log, which a run that records
	# nothing has not, and the Slurm engine's directory; nor the loops
	# file, which the recordings write.)
	(cd "$OUT" && ls | grep -vx 'sl-loops.json') >"$TMP/files.slurm"
	(cd "$TMP/out-local" && ls) >"$TMP/files.local"
	n=$(grep -c . "$TMP/files.slurm")
	have=0
	for f in sl-README.md sl-suite.json sl-categories.svg bm_nbody-$T-README.md \
	    bm_nbody-$T-flamegraph.svg bm_richards-$T-README.md bm_richards-$T-flamegraph.svg; do
		grep -qxF "$f" "$TMP/files.slurm" && have=$((have + 1))
	done
	if cmp -s "$TMP/files.slurm" "$TMP/files.local" && [ "$have" = 7 ] &&
	    ! grep -q recording "$TMP/local.out" && [ -s "$OUT/sl-loops.json" ]; then
		pass "OUT holds the files the local engine makes of the same data sets ($n)"
	else
		fail "OUT's files" "$n files; $(diff "$TMP/files.local" "$TMP/files.slurm" | grep '^[<>]' | head -n 4 | paste -s -d' ' -); $(grep recording "$TMP/local.out" | head -n 1)"
	fi
	# Timings aside: where this run's time went differs (the Slurm run
	# recorded, the local one did not), the rest is the same.
	for f in "$OUT/sl-README.md" "$TMP/out-local/sl-README.md"; do
		awk '/^## / { timing = /^## Where the time went/ } !timing' "$f" >"$f.cmp"
	done
	if grep -q '^## Where the time went' "$OUT/sl-README.md" &&
	    grep -q '^This run of make suite: [0-9]* s from its start to this README; profiled [0-9.]* CPU-s' "$OUT/sl-README.md" &&
	    grep -q '^| \*\*this run.s 2\*\* |' "$OUT/sl-README.md"; then
		pass "the Slurm run's README says where its time went (its 2 recordings)"
	else
		fail "the Slurm run's README: where the time went" "$(grep -A 2 '^## Where the time went' "$OUT/sl-README.md" | paste -s -d'|' -)"
	fi
	same "the suite's README is the local engine's, timings aside" "$TMP/out-local/sl-README.md.cmp" "$OUT/sl-README.md.cmp"
	for f in "$OUT/sl-suite.json" "$TMP/out-local/sl-suite.json"; do
		sed -e "s|$TMP/data-local|DATA|g; s|$DATA|DATA|g" \
		    -e 's/"[0-9]\{4\}-[0-9-]*T[0-9:]*Z"/"DATE"/g' "$f" >"$f.cmp"
	done
	same "the suite's definition is the local engine's (but its date and directory)" \
	    "$TMP/out-local/sl-suite.json.cmp" "$OUT/sl-suite.json.cmp"
fi
# A data set the local engine records: the files and fields a task's has.
if wait $one && grep -q "recording" "$TMP/one.out"; then
	(cd "$TMP/data-one" && ls -A | grep -v '^\.pyperformance$') >"$TMP/one.local"
	(cd "$DATA" && ls -A | grep "^bm_nbody-$T-") >"$TMP/one.slurm"
	keys() {
		"$PYTHON" -c 'import json, sys
def walk(d, p):
    for k, v in d.items():
        print(p + k)
        if isinstance(v, dict):
            walk(v, p + k + ".")
walk(json.load(open(sys.argv[1])), "")' "$1" | sort
	}
	keys "$TMP/data-one/bm_nbody-$T-meta.json" >"$TMP/keys.local"
	keys "$DATA/bm_nbody-$T-meta.json" >"$TMP/keys.slurm"
	if cmp -s "$TMP/one.local" "$TMP/one.slurm" && cmp -s "$TMP/keys.local" "$TMP/keys.slurm" &&
	    [ "$(wc -l <"$TMP/keys.slurm")" -gt 20 ]; then
		pass "a data set recorded here and one recorded by a task: the same files, the same meta.json fields"
	else
		fail "recorded here and by a task" "files: $(diff "$TMP/one.local" "$TMP/one.slurm" | grep '^[<>]' | paste -s -d' ' -); fields: $(diff "$TMP/keys.local" "$TMP/keys.slurm" | grep '^[<>]' | head -n 4 | paste -s -d' ' -)"
	fi
else
	fail "make suite (local) of nbody" "$(tail -n 3 "$TMP/one.err" | paste -s -d'|' -)"
fi

# 3. Again: nothing to submit.
before=$(squeue -h -t all -o %i | wc -l)
if $MAKE suite SUITE=sl BENCHMARKS="nbody richards" $SET ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" >"$TMP/again.out" 2>"$TMP/again.err" &&
    grep -q "^make suite: every data set of sl is in $DATA: nothing submitted to Slurm" "$TMP/again.out" &&
    ! grep -q 'submitted to Slurm:' "$TMP/again.out" &&
    [ "$(squeue -h -t all -o %i | wc -l)" = "$before" ] &&
    grep -q "^wrote $OUT/sl-README.md" "$TMP/again.out"; then
	pass "a second run submits nothing, and writes the README"
else
	fail "second run" "$(cat "$TMP/again.out" "$TMP/again.err" | head -n 3 | paste -s -d'|' -)"
fi

# 4. A benchmark that fails.
$MAKE suite SUITE=slbad BENCHMARKS="nbody nosuchbench" $SET ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" >"$TMP/bad.out" 2>"$TMP/bad.err"
status=$?
set -- $(jobs_of "$TMP/bad.out")
id=bm_nosuchbench-$T
log=$OUT/.slbad-slurm/${1:-?}_1.out
if [ $status -ne 0 ] && [ -n "${1:-}" ] &&
    grep -q "^\[1/1\] $id: FAILED in [0-9]* s: no pyperformance benchmark named nosuchbench.*; log $log (elapsed [0-9:]*, about 0:00 left)$" "$TMP/bad.out" &&
    grep -q "no pyperformance benchmark named nosuchbench" "$log" &&
    grep -q "^  $id: no pyperformance benchmark named nosuchbench.* (log: $log)$" "$TMP/bad.err" &&
    grep -q "^- $id: no pyperformance benchmark named nosuchbench.* (log: $log)$" "$OUT/slbad-README.md" &&
    grep -q '^| nbody |' "$OUT/slbad-README.md"; then
	pass "a failing benchmark: said with its Slurm log, which holds why; README; exit $status"
else
	fail "a failing benchmark" "exit $status: $(cat "$TMP/bad.out" "$TMP/bad.err" | tail -n 4 | paste -s -d'|' -)"
fi

# 5. A node that does not see DATA as the submitter does: its task
# refuses before recording, and says so in its log.
dir=$TMP/notseen
mkdir -p "$dir" "$TMP/data-other"
echo "bm_nbody-$T" >"$dir/ids"
printf "suite=x\ndata='%s'\nlog='%s'\nmake=false\ntoken=1234\n" "$TMP/data-other" "$TMP/x.log" >"$dir/conf"
echo 5678 >"$TMP/data-other/.x-slurm.token"
if ! SLURM_ARRAY_TASK_ID=1 sh "$TOP/scripts/suite-slurm.sh" task "$dir" 2>"$TMP/notseen.err" &&
    grep -q "^done	bm_nbody-$T	0.0	failed	node .* does not see DATA as the submitter does .*DATA and OUT must be on a file system every node sees$" "$dir/bm_nbody-$T.log" &&
    [ ! -e "$dir/bm_nbody-$T.node" ]; then
	pass "a task that does not see DATA records nothing, leaves no marker, says why"
else
	fail "DATA not seen" "$(cat "$TMP/notseen.err" "$dir/bm_nbody-$T.log" 2>&1 | head -n 2 | paste -s -d'|' -)"
fi

# A node that cannot write into OUT (here: no directory for its Slurm
# logs): its task fails without a marker, and make says so.
$MAKE suite SUITE=slout BENCHMARKS="nbody" FREQ=500 RUNS=3 PYTHON="$PY" ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" SLURM_OPTS="--output=$TMP/nowhere/%j.out" \
    >"$TMP/nowhere.out" 2>"$TMP/nowhere.err"
status=$?
if [ $status -ne 0 ] &&
    grep -q "^\[1/1\] bm_nbody-perf-freq500x3: FAILED: its task left no log (Slurm: FAILED $(uname -n))$" "$TMP/nowhere.out" &&
    grep -q "these tasks ran but their node did not see OUT or DATA (no marker in $OUT/.slout-slurm): bm_nbody-perf-freq500x3 (task [0-9]*_1: FAILED on $(uname -n)); DATA, OUT and this tree must be on a file system every node sees$" "$TMP/nowhere.err" &&
    [ ! -e "$DATA/bm_nbody-perf-freq500x3-meta.json" ]; then
	pass "a node that cannot write into OUT: no marker, said, exit $status"
else
	fail "a node that cannot write into OUT" "exit $status: $(cat "$TMP/nowhere.out" "$TMP/nowhere.err" | tail -n 3 | paste -s -d'|' -)"
fi

# SIGTERM to make: what it submitted is cancelled.
$MAKE suite SUITE=slint BENCHMARKS="float" $SET ENGINE=slurm \
    DATA="$DATA" OUT="$OUT" >"$TMP/int.out" 2>"$TMP/int.err" &
pid=$!
slurm_wait 30 grep -q 'submitted to Slurm' "$TMP/int.out"
kill -TERM $pid
wait $pid 2>/dev/null
status=$?
set -- $(jobs_of "$TMP/int.out")
# (A running task killed is COMPLETING for a moment, then CANCELLED.)
slurm_wait 10 slurm_no_jobs
seen=$(squeue -h -t all -j "${1:-0},${2:-0}" -o '%T' 2>/dev/null | sort -u | paste -s -d' ' -)
if [ $status -ne 0 ] && [ -n "${1:-}" ] && [ "$seen" = CANCELLED ] &&
    grep -q "^make suite: cancelled Slurm job(s) $1 $2$" "$TMP/int.err" &&
    [ ! -e "$DATA/.slint-slurm.token" ]; then
	pass "SIGTERM to make cancels both jobs (exit $status)"
else
	fail "SIGTERM" "exit $status, jobs '$*' $seen: $(tail -n 2 "$TMP/int.err" | paste -s -d'|' -)"
fi
