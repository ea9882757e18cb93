#!/bin/sh
# bench.sh - `make bench`: throughput and peak memory of every filter,
# and perfviews script against perf script, compared with the figures
# accepted last.
#
# Builds inputs of at least BENCH_MB (default 200) MB of real perf script
# text: recordings made here on the spot, repeated; and 200,000 generated
# folded stacks for flamesvg.  Each program reads the same file from the
# page cache and writes to /dev/null; the figure is the best of
# BENCH_RUNS (default 5) runs, next to cat on the same file in the same
# run.  With FLAMEGRAPH_DIR pointing at a FlameGraph checkout,
# stackcollapse-perf.pl is measured too (once: it is slow).  Then the
# scripts/bench-*.sh scripts of single filters run.
#
# Last, each program's time as a ratio to cat's, and its peak RSS, are
# compared with scripts/bench-accepted.tsv (scripts/bench-figures.awk):
# REGRESSION past the margins, "better" under them.  BENCH_ACCEPT=1
# writes this run's figures there instead.  BENCH_QUICK=1 measures the
# filters only (no perfviews script, no scripts/bench-*.sh).  A benchmark
# prints; it never fails.
cd "$(dirname "$0")/.." || exit 2
BIN=${BIN:-bin}
MB=${BENCH_MB:-200}
DIR=${BENCH_DIR:-build/bench}
RUNS=${BENCH_RUNS:-5}
ACCEPTED=scripts/bench-accepted.tsv
FIGURES=$DIR/figures.tsv
mkdir -p "$DIR"
: >"$FIGURES"

PY=
for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
	[ -x "$p" ] && PY=$p && break
done
[ -n "$PY" ] || PY=python3

# make_input NAME CALLGRAPH [-X perf]: record test/workloads/hot.py with
# perf record --call-graph CALLGRAPH and repeat its perf script text to MB
# megabytes.
make_input() {
	INPUT=$DIR/$1-${MB}mb.txt
	[ -s "$INPUT" ] && return 0
	echo "bench: recording a workload (--call-graph $2) to build $INPUT"
	perf record -q -e cpu-clock -F 10000 --call-graph "$2" \
	    -o "$DIR/$1.data" -- "$PY" $3 test/workloads/hot.py 60 \
	    >/dev/null 2>&1 || { echo "bench: perf record failed" >&2; exit 1; }
	perf script -i "$DIR/$1.data" >"$DIR/$1-one.txt" 2>/dev/null
	one=$(wc -c <"$DIR/$1-one.txt")
	[ "$one" -gt 0 ] || { echo "bench: empty recording" >&2; exit 1; }
	n=$(( (MB * 1024 * 1024 + one - 1) / one ))
	i=0
	: >"$INPUT.tmp"
	while [ $i -lt $n ]; do
		cat "$DIR/$1-one.txt" >>"$INPUT.tmp"
		i=$((i + 1))
	done
	mv "$INPUT.tmp" "$INPUT"
}

# run_timed COMMAND...: run COMMAND on INPUT under perf stat; prints its
# wall time (ns) and its CPU time (ms), perf's duration_time and
# task-clock (time(1) rounds to 10 ms).  The CPU time is the figure kept:
# on a shared machine the wall time is mostly the other work's.
run_timed() {
	perf stat -x, -e duration_time,task-clock -o "$DIR/stat.out" "$@" \
	    <"$INPUT" >/dev/null 2>"$DIR/err.out"
	awk -F, '$3 == "duration_time" { wall = $1 }
	    $3 == "task-clock" { cpu = $1 } END { print wall, cpu }' \
	    "$DIR/stat.out"
}

# measure LABEL RUNS COMMAND...: RUNS runs of COMMAND, each after a run of
# cat on the same INPUT: the best wall time, the least CPU time of each,
# and the peak RSS (time(1), one run more); printed, and kept in FIGURES
# under the input's name ($name) as "INPUT LABEL CPU_S CAT_CPU_S RSS_KB".
measure() {
	label=$1 runs=$2
	shift 2
	/usr/bin/time -f '%M' -o "$DIR/time.out" "$@" <"$INPUT" \
	    >/dev/null 2>"$DIR/err.out"
	rss=$(tail -n 1 "$DIR/time.out")
	i=0
	while [ $i -lt "$runs" ]; do
		run_timed cat
		run_timed "$@"
		i=$((i + 1))
	done | awk -v l="$label" -v b="$size" -v k="$rss" -v input="$name" \
	    -v figures="$FIGURES" '
	    NR % 2 == 1 { if (cat == "" || $2 < cat) cat = $2; next }
	    { if (wall == "" || $1 < wall) wall = $1
	      if (cpu == "" || $2 < cpu) cpu = $2 }
	    END {
		s = wall / 1e9
		printf "%-28s %9.0f MB/s %8.3f s %8.3f s %6.2f %8.1f MB\n",
		    l, b / 1048576 / s, s, cpu / 1000, cpu / cat, k / 1024
		printf "%s\t%s\t%.4f\t%.4f\t%s\n", input, l, cpu / 1000,
		    cat / 1000, k >>figures
	    }'
}

# The header of measure's rows.
measure_header() {
	printf '%-28s %14s %10s %10s %6s %11s\n' "best of $RUNS" throughput \
	    wall CPU "/cat" "peak RSS"
}

# Deep stacks (dwarf unwinding through the interpreter, as CPython without
# frame pointers needs) are the common case; shallow ones (-X perf with
# frame pointers that stop early, a few frames a sample) put the most
# weight on per-sample work.
for kind in deep:dwarf shallow:fp; do
	name=${kind%%:*}
	xperf=
	[ "$name" = shallow ] && xperf="-X perf"
	make_input "$name" "${kind#*:}" "$xperf"
	size=$(wc -c <"$INPUT")
	frames=$(awk '/^[ \t]/ { f++ } /^[^ \t#]/ { s++ }
	    END { printf "%.1f", s ? f / s : 0 }' "$DIR/$name-one.txt")
	echo
	echo "bench: $INPUT, $((size / 1048576)) MB, $frames frames per sample"
	cat "$INPUT" >/dev/null # into the page cache
	measure_header
	measure "cat" "$RUNS" cat
	measure "collapse" "$RUNS" "$BIN/collapse"
	measure "collapse --period" "$RUNS" "$BIN/collapse" --period
	measure "strip-swapper" "$RUNS" "$BIN/strip-swapper"
	for f in flatsort calltree bydso bycategory; do
		[ -x "$BIN/$f" ] && measure "$f" "$RUNS" "$BIN/$f"
	done
	if [ -n "${FLAMEGRAPH_DIR:-}" ] &&
	    [ -f "$FLAMEGRAPH_DIR/stackcollapse-perf.pl" ]; then
		measure "stackcollapse-perf.pl" 1 \
		    perl "$FLAMEGRAPH_DIR/stackcollapse-perf.pl"
	fi
done

# flamesvg: 200,000 distinct generated stacks (about 120 MB of folded
# text), from a fixed seed: the same input on every machine.
name=folded
INPUT=$DIR/folded-200k.txt
if [ ! -s "$INPUT" ]; then
	awk -v seed=3 -v stacks=200000 -f test/browser/gen-profile.awk |
	    LC_ALL=C sort >"$INPUT.tmp" && mv "$INPUT.tmp" "$INPUT"
fi
size=$(wc -c <"$INPUT")
echo
echo "bench: $INPUT, $((size / 1048576)) MB, $(wc -l <"$INPUT") generated stacks"
cat "$INPUT" >/dev/null
measure_header
measure "cat" "$RUNS" cat
measure "flamesvg" "$RUNS" "$BIN/flamesvg"

# compare_figures: this run's figures against the accepted ones, or
# (BENCH_ACCEPT=1) this run's figures accepted.
compare_figures() {
	echo
	if [ -n "${BENCH_ACCEPT:-}" ] && [ "$BENCH_ACCEPT" != 0 ]; then
		awk -v mode=accept -f scripts/bench-figures.awk "$FIGURES" \
		    >"$ACCEPTED.tmp" && mv "$ACCEPTED.tmp" "$ACCEPTED"
		echo "bench: this run's figures accepted into $ACCEPTED" \
		    "($(grep -vc '^#' "$ACCEPTED") figures)"
		return
	fi
	kept=$ACCEPTED
	if [ ! -s "$kept" ]; then
		echo "bench: no accepted figures yet ($ACCEPTED):" \
		    "make bench BENCH_ACCEPT=1 keeps this run's"
		kept=/dev/null
	else
		echo "bench: against the figures accepted in $ACCEPTED"
	fi
	awk -f scripts/bench-figures.awk "$kept" "$FIGURES"
}
if [ -n "${BENCH_QUICK:-}" ] && [ "$BENCH_QUICK" != 0 ]; then
	compare_figures
	exit 0
fi
echo
"$BIN/collapse" "$DIR/deep-${MB}mb.txt" >"$DIR/deep.folded" 2>/dev/null

# best LABEL RUNS OUT COMMAND...: the best wall time of RUNS runs, with
# that run's CPU time (user+sys, children included) and peak RSS of the
# largest process (time(1): perf's, which maps the whole perf.data).
best() {
	label=$1 runs=$2 out=$3
	shift 3
	i=0 bestns=
	while [ $i -lt "$runs" ]; do
		start=$(date +%s%N)
		/usr/bin/time -f '%U %S %M' -o "$DIR/time.out" "$@" >"$out" \
		    2>"$DIR/err.out"
		ns=$(( $(date +%s%N) - start ))
		if [ -z "$bestns" ] || [ "$ns" -lt "$bestns" ]; then
			bestns=$ns
			cp "$DIR/time.out" "$DIR/time.best"
			cp "$DIR/err.out" "$DIR/err.best"
		fi
		i=$((i + 1))
	done
	awk -v l="$label" -v ns="$bestns" '{
		printf "%-44s %7.2f s %7.2f s %8.0f MB\n",
		    l, ns / 1e9, $1 + $2, $3 / 1024 }' "$DIR/time.best"
}

# perfviews script against perf script, on dwarf recordings of at least
# 50,000 samples made here (CPython without frame pointers, as data sets
# are recorded): five `python -S -c pass` at 100 kHz (start-up: many
# distinct addresses, as in the shipped example), and hot.py at 20 kHz (a
# steady loop: few).  perfviews script reads perf.data itself; with
# --perf it runs perf in time slices (as before the reader).  Then from
# perf.data to every view: perf script and each view, perfviews script
# and each view, each view reading perf.data itself, every view from one
# read of it (perfviews views --perf-data), FlameGraph's one flame graph.
mkdir -p "$DIR/empty"
count_samples() {
	perf script -i "$1" -F time --ns -G --symfs "$DIR/empty" \
	    2>/dev/null | wc -l
}
script_bench() {
	data=$1
	samples=$(count_samples "$data")
	[ "$samples" -gt 0 ] || return 0
	echo
	echo "bench: $data, $samples samples," \
	    "$(($(wc -c <"$data") / 1048576)) MB; $(nproc) CPUs," \
	    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
	printf '%-44s %9s %9s %11s\n' "best of 3 (1 for perf script's rows)" \
	    wall CPU "peak RSS"
	best "perf script" 1 "$DIR/script.perf" perf script -i "$data"
	perf_wall=$bestns
	best "perfviews script (reads perf.data)" 3 "$DIR/script.ours" \
	    "$BIN/perfviews" script -v "$data"
	grep 'peak RSS of this' "$DIR/err.best" | sed 's/^perfviews: /    /'
	awk -v a="$perf_wall" -v b="$bestns" 'BEGIN {
		printf "    %.1f times faster than perf script\n", a / b }'
	best "perfviews script --perf perf (slices)" 3 "$DIR/script.slices" \
	    "$BIN/perfviews" script --perf perf "$data"
	best "perf script --no-inline" 1 /dev/null \
	    perf script --no-inline -i "$data"
	if cmp -s "$DIR/script.perf" "$DIR/script.ours" &&
	    cmp -s "$DIR/script.perf" "$DIR/script.slices"; then
		echo "    the same text as perf script, byte for byte"
	else
		echo "    NOT the same text as perf script"
	fi
	views='T=$1; B=$2; $B/collapse $T.txt >$T.folded &&
	    $B/flatsort $T.txt >$T.flat && $B/calltree $T.txt >$T.tree &&
	    $B/bydso $T.txt >$T.bydso && $B/flamesvg $T.folded >$T.svg'
	best "perfviews script, then every view" 3 /dev/null sh -c \
	    "'$BIN/perfviews' script '$data' >\$1.txt && $views" sh \
	    "$DIR/e2e-ours" "$BIN"
	each='D=$1; T=$2; B=$3; $B/collapse $D >$T.folded &&
	    $B/flatsort $D >$T.flat && $B/calltree $D >$T.tree &&
	    $B/bydso $D >$T.bydso && $B/flamesvg $T.folded >$T.svg'
	best "every view reading perf.data itself" 3 /dev/null sh -c "$each" \
	    sh "$data" "$DIR/e2e-each" "$BIN"
	# One read of perf.data for every view (those above, bycategory's
	# table and chart too).
	best "every view in one pass (views --perf-data)" 3 /dev/null \
	    "$BIN/perfviews" views --perf-data "$data" --out "$DIR/e2e-onepass"
	awk -v a="$perf_wall" -v b="$bestns" 'BEGIN {
		printf "    %.1f times faster than perf script alone\n", a / b }'
	best "perf script, then every view" 1 /dev/null sh -c \
	    "perf script -i '$data' >\$1.txt && $views" sh \
	    "$DIR/e2e-perf" "$BIN"
	if [ -n "${FLAMEGRAPH_DIR:-}" ] &&
	    [ -f "$FLAMEGRAPH_DIR/stackcollapse-perf.pl" ]; then
		best "perf script | stackcollapse-perf.pl | fg.pl" 1 \
		    "$DIR/e2e-fg.svg" sh -c "perf script -i '$data' |
		    perl '$FLAMEGRAPH_DIR/stackcollapse-perf.pl' |
		    perl '$FLAMEGRAPH_DIR/flamegraph.pl'"
	fi
}
if [ ! -s "$DIR/start.data" ] || [ "$(count_samples "$DIR/start.data")" -lt 40000 ]; then
	# 50 kHz, as the figures of docs/performance.md: at 100 kHz perf 6.1 once wrote a
	# 74 GB file without a sample here; --max-size keeps any recording
	# from filling the disk.
	echo "bench: recording five python -S -c pass (dwarf, 50 kHz)"
	perf record -q -e cpu-clock -F 50000 --call-graph dwarf --max-size 4G \
	    -o "$DIR/start.data" -- sh -c 'for i in 1 2 3 4 5; do
	    "$0" -S -c pass; done' "$PY" >/dev/null 2>&1 ||
		echo "bench: perf record -F 50000 failed" >&2
fi
script_bench "$DIR/start.data"
if [ ! -s "$DIR/steady.data" ] || [ "$(count_samples "$DIR/steady.data")" -lt 50000 ]; then
	echo "bench: recording hot.py (dwarf, 20 kHz)"
	perf record -q -e cpu-clock -F 20000 --call-graph dwarf --max-size 4G \
	    -o "$DIR/steady.data" -- "$PY" test/workloads/hot.py 250 \
	    >/dev/null 2>&1 || echo "bench: perf record failed" >&2
fi
script_bench "$DIR/steady.data"
echo
for extra in scripts/bench-*.sh; do
	[ -f "$extra" ] || continue
	echo "bench: $extra"
	case $extra in
	*flamesvg*) BIN=$BIN sh "$extra" "$DIR/folded-200k.txt" ;;
	*) BIN=$BIN sh "$extra" "$DIR/deep-${MB}mb.txt" ;;
	esac
done
compare_figures
exit 0
