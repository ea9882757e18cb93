#!/bin/sh
# suite-slurm.sh - make suite's engine for Slurm (ENGINE=slurm): the
# suite's missing recordings as one Slurm array job, a task per data set,
# then a job after them for the views and the suite's README.  The
# Makefile runs it; it runs make targets over the same steps the local
# engine (perfviews suite run) calls (suite-todo, then suite-step for each
# data set, then suite-views), so both engines make the same files.  Its only dependencies beyond make's
# are Slurm's client commands (sbatch, squeue, scancel).
#
#   suite-slurm.sh submit --data DATA --out OUT --log LOG --make 'MAKE VAR=...'
#                  [--opts 'SLURM_OPTS'] SUITE
#       Asks make (suite-todo) which data sets are missing; with none,
#       submits nothing and renders the views here (suite-views).  Else
#       writes OUT/.SUITE-slurm/ (the IDs, this submission's settings and
#       token; each task's Slurm log, %A_%a.out, its marker and its log of
#       the recording) and a token into DATA, submits the array job
#       (--exclusive unless SLURM_OPTS says --exclusive=... or
#       --oversubscribe; --no-requeue unless it says --requeue) and the
#       views job (--dependency=afterany on it),
#       prints a line as each task starts and ends (from the files the
#       tasks write, on the shared file system) and the views job's output,
#       and waits for the views job.  SIGINT, SIGTERM or SIGHUP cancel both
#       jobs (scancel).  Exits non-zero when the views job did not complete
#       or a task could not see DATA or OUT; the failed recordings are in
#       LOG, each with its Slurm log, and make's `perfviews suite report`
#       lists them.
#   suite-slurm.sh task DIR
#       An array task: the ID of line SLURM_ARRAY_TASK_ID of DIR/ids.
#       Before recording it checks that this node sees the submitter's OUT
#       (DIR/conf, with the token) and DATA (the same token in
#       DATA/.SUITE-slurm.token), writes its marker DIR/ID.node (the node's
#       name, which the submitter then sees), and runs make suite-step.
#   suite-slurm.sh views DIR
#       The job after the tasks: each task's log line appended to LOG (its
#       Slurm log named in a failure; a task that left none is a failure,
#       said with Slurm's state of it: NODE_FAIL, its node was lost), then
#       make suite-views on every CPU of the node.
#
# DATA, OUT and this tree (bin/, scripts/) must be on a file system that
# every node sees, at the same paths.
set -u

# quote WORD: WORD in single quotes, for sh.
quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# clock SECONDS: "1:05", "1:02:03", as perfviews suite step says it.
clock() {
	t=$1
	if [ "$t" -ge 3600 ]; then
		printf '%d:%02d:%02d' $((t / 3600)) $((t / 60 % 60)) $((t % 60))
	else
		printf '%d:%02d' $((t / 60)) $((t % 60))
	fi
}

die() {
	echo "make suite ENGINE=slurm: $*" >&2
	exit 2
}

# done_line LOG: the last "done" line of a step's log, tab-separated:
# ID, seconds, ok|failed, the reason.
done_line() {
	grep '^done	' "$1" 2>/dev/null | tail -n 1
}

task() {
	dir=$1
	id=$(sed -n "${SLURM_ARRAY_TASK_ID:-0}p" "$dir/ids" 2>/dev/null)
	node=$(uname -n)
	if [ -z "$id" ] || ! [ -r "$dir/conf" ] || ! . "$dir/conf"; then
		echo "suite-slurm.sh: node $node: no $dir/ids line ${SLURM_ARRAY_TASK_ID:-?} or no $dir/conf: OUT is not on a file system this node sees" >&2
		exit 1
	fi
	if [ "$(cat "$data/.$suite-slurm.token" 2>/dev/null)" != "$token" ]; then
		why="node $node does not see DATA as the submitter does (no $data/.$suite-slurm.token of this submission): DATA and OUT must be on a file system every node sees"
		printf 'done\t%s\t0.0\tfailed\t%s\n' "$id" "$why" >"$dir/$id.log"
		echo "$why" >&2
		exit 1
	fi
	echo "$node" >"$dir/$id.node"
	eval "$make suite-step ID=$(quote "$id") SUITE_STEP_LOG=$(quote "$dir/$id.log")"
}

# unfinished TASK: why a task that wrote no end to its log did not record,
# from Slurm's state of it when Slurm still knows it.
unfinished() {
	ran=$(squeue -h -t all -j "$1" -o '%T %N' 2>/dev/null | head -n 1)
	case $ran in
	NODE_FAIL*)
		echo "its node ${ran#* } was lost while it recorded (Slurm: NODE_FAIL): make suite again records it"
		;;
	*)
		echo "its Slurm task ended ${ran:+(${ran% *} on ${ran#* }) }without recording (a time limit, a node failure, a cancel, or DATA and OUT not on a file system its node sees)"
		;;
	esac
}

views() {
	dir=$1
	. "$dir/conf" || exit 1
	array=$(cat "$dir/array")
	trap 'echo $? >"$dir/views.status"' EXIT
	i=0
	while read -r id; do
		i=$((i + 1))
		slurm_log=$dir/${array}_$i.out
		line=$(done_line "$dir/$id.log")
		if [ -z "$line" ]; then
			line=$(printf 'done\t%s\t0.0\tfailed\t%s' "$id" \
			    "$(unfinished "${array}_$i")")
		fi
		case $line in
		*'	failed	'*) line="$line (log: $slurm_log)" ;;
		esac
		printf '%s\n' "$line"
	done <"$dir/ids" >>"$log"
	eval "$make -j${SLURM_CPUS_ON_NODE:-1} suite-views"
}

# cancel SIGNAL-STATUS: scancel what was submitted, remove the token, exit.
cancel() {
	trap '' INT TERM HUP
	jobs=$(echo ${array:-} ${views_job:-})
	if [ -n "$jobs" ]; then
		scancel $jobs 2>/dev/null
		echo "make suite: cancelled Slurm job(s) $jobs" >&2
	fi
	rm -f "$data/.$suite-slurm.token"
	exit "$1"
}

# squeue_state JOB: its state (PENDING, RUNNING, COMPLETED, ...) while
# slurmctld remembers it, else sacct's, else nothing; UNKNOWN when squeue
# cannot ask slurmctld (it may be back in a moment).
squeue_state() {
	if ! s=$(squeue -h -t all -j "$1" -o %T 2>&1); then
		case $s in
		*"Invalid job id"*) s= ;; # forgotten (MinJobAge)
		*) s=UNKNOWN ;;
		esac
	fi
	s=$(printf '%s\n' "$s" | head -n 1)
	[ -n "$s" ] || s=$(sacct -n -X -j "$1" -o State 2>/dev/null | awk 'NR == 1 { print $1 }')
	printf '%s' "$s"
}

submit() {
	data= out= log= make= opts=
	while [ $# -gt 1 ]; do
		case $1 in
		--data) data=$2 ;;
		--out) out=$2 ;;
		--log) log=$2 ;;
		--make) make=$2 ;;
		--opts) opts=$2 ;;
		*) break ;;
		esac
		shift 2
	done
	[ $# = 1 ] && [ -n "$data" ] && [ -n "$out" ] && [ -n "$log" ] &&
		[ -n "$make" ] || die "usage: suite-slurm.sh submit --data DATA --out OUT --log LOG --make MAKE [--opts OPTS] SUITE"
	suite=$1
	for cmd in sbatch squeue scancel; do
		command -v $cmd >/dev/null 2>&1 ||
			die "$cmd is not on the PATH (Slurm's client commands: the slurm-client package)"
	done
	# Slurm's options as the user wrote them, quotes and all.
	eval "set -- $opts" || die "SLURM_OPTS: cannot read '$opts'"
	exclusive=--exclusive
	case " $opts " in
	*" --exclusive"* | *" --oversubscribe "* | *" -s "*) exclusive= ;;
	esac
	todo=$(eval "$make suite-todo") || exit 2
	if [ -z "$todo" ]; then
		echo "make suite: every data set of $suite is in $data: nothing submitted to Slurm; the views and README are made here"
		eval "$make suite-views"
		exit
	fi
	n=$(printf '%s\n' "$todo" | wc -l)

	mkdir -p "$out/.$suite-slurm" "$data" || exit 2
	dir=$(cd "$out/.$suite-slurm" && pwd) || exit 2
	data=$(cd "$data" && pwd) || exit 2
	case $log in /*) ;; *) log=$PWD/$log ;; esac
	rm -f "$dir"/*.log "$dir"/*.node "$dir"/*.out "$dir"/views.status "$dir"/array
	token=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
	printf '%s\n' "$todo" >"$dir/ids"
	{
		echo "# make suite ENGINE=slurm's submission (scripts/suite-slurm.sh)"
		echo "suite=$(quote "$suite")"
		echo "data=$(quote "$data")"
		echo "log=$(quote "$log")"
		echo "make=$(quote "$make")"
		echo "token=$token"
	} >"$dir/conf"
	echo "$token" >"$data/.$suite-slurm.token"

	array= views_job=
	trap 'cancel 130' INT
	trap 'cancel 143' TERM
	trap 'cancel 129' HUP
	# The jobs get this environment, less the make running this script.
	script=$(cd "$(dirname "$0")" && pwd)/suite-slurm.sh
	# --no-requeue: a task whose node is lost is a failure make reports,
	# not run again behind its back (SLURM_OPTS=--requeue says otherwise).
	array=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL sbatch --parsable \
	    --job-name="perfviews-$suite" --array="1-$n" $exclusive --no-requeue \
	    --output="$dir/%A_%a.out" --chdir="$PWD" "$@" \
	    --wrap "exec sh $(quote "$script") task $(quote "$dir")") ||
		cancel 1
	array=${array%%;*}
	echo "$array" >"$dir/array"
	views_job=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL sbatch --parsable \
	    --job-name="perfviews-$suite-views" --dependency="afterany:$array" \
	    $exclusive --output="$dir/views-%j.out" --chdir="$PWD" "$@" \
	    --wrap "exec sh $(quote "$script") views $(quote "$dir")") ||
		cancel 1
	views_job=${views_job%%;*}
	echo "make suite: submitted to Slurm: array job $array, $n task(s) ${exclusive:+($exclusive) }recording $(printf '%s\n' "$todo" | paste -s -d' ' -); then job $views_job, the views and README; logs in $dir/"

	watch
	trap - INT TERM HUP
	rm -f "$data/.$suite-slurm.token"
	status=0
	if [ -n "$unseen" ]; then
		echo "make suite ENGINE=slurm: these tasks ran but their node did not see OUT or DATA (no marker in $dir):$unseen; DATA, OUT and this tree must be on a file system every node sees" >&2
		status=1
	fi
	state=$(squeue_state "$views_job")
	if [ "$(cat "$dir/views.status" 2>/dev/null)" != 0 ]; then
		echo "make suite ENGINE=slurm: job $views_job (views and README) ended ${state:-?}$(test -f "$dir/views.status" && echo ", exit $(cat "$dir/views.status")"): see $dir/views-$views_job.out" >&2
		status=1
	fi
	exit $status
}

# watch: a line as each task starts and ends, until the views job ends.
watch() {
	began=$(date +%s)
	started=0 ended=0 spent=0 polls=0 views_said= waiting=
	unseen=
	while :; do
		i=0
		while read -r id; do
			i=$((i + 1))
			eval "k=\${k_$i:-}; over=\${over_$i:-}"
			[ -n "$over" ] && continue
			now=$(date +%s)
			if [ -z "$k" ] && [ -s "$dir/$id.node" ]; then
				started=$((started + 1))
				k=$started
				eval "k_$i=$k"
				echo "[$k/$n] $id: recording on $(cat "$dir/$id.node") (elapsed $(clock $((now - began))))"
			fi
			line=$(done_line "$dir/$id.log")
			[ -n "$line" ] || continue
			eval "over_$i=1"
			ended=$((ended + 1))
			t=$(printf '%s\n' "$line" | cut -f 3)
			t=${t%.*}
			spent=$((spent + t))
			left=$(((n - ended) * spent / ended))
			what="done in $t s"
			case $line in
			*'	failed	'*)
				what="FAILED in $t s: $(printf '%s\n' "$line" | cut -f 5-); log $dir/${array}_$i.out"
				;;
			esac
			echo "[${k:-$ended}/$n] $id: $what (elapsed $(clock $((now - began))), about $(clock $left) left)"
		done <"$dir/ids"
		if [ -f "$dir/views.status" ]; then
			break
		fi
		# Slurm asked every fifth second: the files say the rest.
		if [ $((polls % 5)) = 0 ]; then
			# Why the tasks wait, while none has begun.
			why=$(squeue -h -r -t PD -j "$array" -o %r 2>/dev/null | head -n 1)
			if [ "$started" = 0 ] && [ -n "$why" ] && [ "$why" != None ] &&
			    [ "$why" != "$waiting" ]; then
				echo "make suite: the tasks wait in Slurm's queue ($why)"
			fi
			waiting=$why
			state=$(squeue_state "$views_job")
			case $state in
			RUNNING)
				[ -n "$views_said" ] || echo "make suite: job $views_job (views and README) running on $(squeue -h -j "$views_job" -o %N)"
				views_said=1
				;;
			PENDING | CONFIGURING | COMPLETING | SUSPENDED | REQUEUED | RESIZING | UNKNOWN) ;;
			*) break ;; # ended without its status file, or forgotten
			esac
		fi
		polls=$((polls + 1))
		sleep 1 &
		wait $!
	done
	# Tasks that ended without a word in their log: from the suite's log
	# (the views job's line for them); one that ran on a node but left no
	# marker there did not see OUT or DATA.
	i=0
	while read -r id; do
		i=$((i + 1))
		eval "over=\${over_$i:-}"
		[ -n "$over" ] && continue
		ended=$((ended + 1))
		ran=$(squeue -h -t all -j "${array}_$i" -o '%T %N' 2>/dev/null | head -n 1)
		why=$(grep "^done	$id	" "$log" 2>/dev/null | tail -n 1 | cut -f 5-)
		echo "[$ended/$n] $id: FAILED: ${why:-its task left no log (Slurm: ${ran:-?})}"
		[ -s "$dir/$id.node" ] || [ -z "${ran#* }" ] ||
			unseen="$unseen $id (task ${array}_$i: ${ran% *} on ${ran#* })"
	done <"$dir/ids"
	cat "$dir/views-$views_job.out" 2>/dev/null
}

case ${1:-} in
submit) shift; submit "$@" ;;
task) task "$2" ;;
views) views "$2" ;;
*) die "usage: suite-slurm.sh submit|task DIR|views DIR ..." ;;
esac
