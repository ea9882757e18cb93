#!/bin/sh
# t-slurm-cluster.sh - the one-node Slurm cluster of test/slurm.sh works as
# `make suite ENGINE=slurm` will use it: an array job of two --exclusive
# tasks runs each task once, one after the other, a job submitted with
# --dependency=afterok on the array runs after both, Slurm lists all three
# as completed, and slurm_stop leaves no process and no directory behind.
# SKIP where the daemons cannot start (not root, no slurm-wlm or munge).
. "$(dirname "$0")/lib.sh"
. "$TOP/test/slurm.sh"

started=$(date +%s)
if ! slurm_start; then
	skip "one-node cluster" "$SLURM_WHY"
	exit 0
fi
pass "one-node cluster: node $SLURM_NODE idle in $(($(date +%s) - started)) s"

# Each task writes its index and when it ran (seconds, fractional).
jobs=$TMP/jobs
mkdir -p "$jobs"
array=$(sbatch --parsable --exclusive --array=1-2 --job-name=pv-array \
    --output="$jobs/array-%a.out" --chdir="$jobs" \
    --wrap 'echo "task $SLURM_ARRAY_TASK_ID job $SLURM_ARRAY_JOB_ID"
date +%s.%N; sleep 0.5; date +%s.%N' 2>"$TMP/sbatch.err")
after=$(sbatch --parsable --dependency="afterok:$array" --job-name=pv-after \
    --output="$jobs/after.out" --chdir="$jobs" \
    --wrap 'echo after; date +%s.%N' 2>>"$TMP/sbatch.err")
if [ -z "$array" ] || [ -z "$after" ]; then
	fail "sbatch" "$(head -n 1 "$TMP/sbatch.err")"
	exit 0
fi
# While the array runs, the dependent job waits for it.
reason=$(squeue -h -j "$after" -o %r 2>/dev/null)
if [ "$reason" = Dependency ]; then
	pass "the dependent job waits (squeue: $reason)"
else
	fail "the dependent job waits" "squeue gives its reason as '$reason', not Dependency"
fi

if slurm_wait 60 slurm_no_jobs; then
	pass "array job $array and dependent job $after done in $(($(date +%s) - started)) s"
else
	fail "jobs done" "still queued after 60 s: $(squeue -h -o '%i %T %r' | paste -s -d' ' -)"
fi

for i in 1 2; do
	if [ "$(head -n 1 "$jobs/array-$i.out" 2>/dev/null)" = "task $i job $array" ]; then
		pass "array task $i wrote its own index"
	else
		fail "array task $i" "its output is '$(head -n 1 "$jobs/array-$i.out" 2>&1)'"
	fi
done
# Times: start and end of task 1 and 2, then the dependent job's start.
order=$(cat "$jobs/array-1.out" "$jobs/array-2.out" "$jobs/after.out" \
    2>/dev/null | grep -E '^[0-9]+\.[0-9]+$' | paste -s -d' ' -)
set -- $order
if [ $# -ne 5 ]; then
	fail "job times" "expected 5 timestamps in the outputs, got '$order'"
else
	if awk -v s1="$1" -v e1="$2" -v s2="$3" -v e2="$4" \
	    'BEGIN { exit !(e1 <= s2 || e2 <= s1) }'; then
		pass "--exclusive tasks did not overlap"
	else
		fail "--exclusive" "tasks overlapped: $1-$2 and $3-$4"
	fi
	if awk -v e1="$2" -v e2="$4" -v a="$5" 'BEGIN { exit !(a >= e1 && a >= e2) }'; then
		pass "the dependent job started after both tasks ended"
	else
		fail "afterok" "started at $5, tasks ended at $2 and $4"
	fi
fi

# No accounting database here (see slurm.sh): sacct cannot answer, but
# slurmctld keeps finished jobs for MinJobAge, and squeue -t all lists them.
if sacct -n -j "$array" >/dev/null 2>&1; then
	seen=$(sacct -n -X -j "$array,$after" -o JobID,State | awk '{ print $1, $2 }')
	via=sacct
else
	seen=$(squeue -h -t all -j "$array,$after" -o '%i %T')
	via="squeue -t all; sacct: $(sacct -n -j "$array" 2>&1 | head -n 1)"
fi
want=$(printf '%s\n' "${array}_1 COMPLETED" "${array}_2 COMPLETED" \
    "$after COMPLETED")
got=$(printf '%s\n' "$seen" | sort)
if [ "$got" = "$(printf '%s\n' "$want" | sort)" ]; then
	pass "Slurm lists the three jobs as COMPLETED ($via)"
else
	fail "Slurm's view ($via)" "got: $(printf '%s' "$got" | paste -s -d, -)"
fi

dir=$SLURM_DIR
pids=$(slurm_leftovers)
slurm_stop
left=
for pid in $pids; do
	slurm_alive "$pid" && left="$left $pid"
done
stray=$(grep -lzxF "PERFVIEWS_SLURM=$dir" /proc/[0-9]*/environ 2>/dev/null)
if [ -z "$pids" ]; then
	fail "slurm_stop" "no daemon was found running before it"
elif [ -n "$left$stray" ] || [ -e "$dir" ]; then
	fail "slurm_stop" "left running:$left $stray; directory: $(ls -d "$dir" 2>&1)"
else
	pass "slurm_stop ended its $(echo $pids | wc -w) processes and removed $dir"
fi
