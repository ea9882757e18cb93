#!/bin/sh
# bench.sh - `make bench`: throughput and peak memory of every filter.
#
# Builds an input of at least BENCH_MB (default 200) MB of real perf script
# text: a recording made here on the spot, repeated.  Each program reads the
# same file from the page cache and writes to /dev/null; the figure is the
# best of three runs, next to cat on the same file in the same run.  With
# FLAMEGRAPH_DIR pointing at a FlameGraph checkout, stackcollapse-perf.pl is
# measured too (once: it is slow).  A benchmark prints; it never fails.
cd "$(dirname "$0")/.." || exit 2
BIN=${BIN:-bin}
MB=${BENCH_MB:-200}
DIR=${BENCH_DIR:-build/bench}
mkdir -p "$DIR"
INPUT=$DIR/perf-script-${MB}mb.txt

if [ ! -s "$INPUT" ]; then
	echo "bench: recording a workload to build $INPUT"
	PY=
	for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
		[ -x "$p" ] && PY=$p && break
	done
	[ -n "$PY" ] || PY=python3
	perf record -q -e cpu-clock -F 10000 -g -o "$DIR/bench.data" -- \
	    "$PY" -X perf test/workloads/hot.py 60 >/dev/null 2>&1 ||
		{ echo "bench: perf record failed" >&2; exit 1; }
	perf script -i "$DIR/bench.data" >"$DIR/one.txt" 2>/dev/null
	one=$(wc -c <"$DIR/one.txt")
	[ "$one" -gt 0 ] || { echo "bench: empty recording" >&2; exit 1; }
	n=$(( (MB * 1024 * 1024 + one - 1) / one ))
	i=0
	: >"$INPUT.tmp"
	while [ $i -lt $n ]; do cat "$DIR/one.txt" >>"$INPUT.tmp"; i=$((i + 1)); done
	mv "$INPUT.tmp" "$INPUT"
fi
size=$(wc -c <"$INPUT")
echo "bench: input $INPUT, $((size / 1048576)) MB"
cat "$INPUT" >/dev/null # into the page cache

# measure LABEL RUNS COMMAND...: best wall time of RUNS (from date, in
# nanoseconds: time(1) rounds to 10 ms), and the peak RSS (from time(1)).
measure() {
	label=$1 runs=$2
	shift 2
	best= rss=0
	i=0
	while [ $i -lt "$runs" ]; do
		start=$(date +%s%N)
		/usr/bin/time -f '%M' -o "$DIR/time.out" "$@" <"$INPUT" \
		    >/dev/null 2>"$DIR/err.out"
		ns=$(( $(date +%s%N) - start ))
		kb=$(tail -n 1 "$DIR/time.out")
		if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
		[ "$kb" -gt "$rss" ] && rss=$kb
		i=$((i + 1))
	done
	awk -v l="$label" -v ns="$best" -v b="$size" -v k="$rss" 'BEGIN {
		s = ns / 1e9
		printf "%-28s %9.0f MB/s %8.3f s %8.1f MB peak RSS\n",
		    l, b / 1048576 / s, s, k / 1024 }'
}

printf '%-28s %14s %10s %20s\n' program throughput time memory
measure "cat" 3 cat
measure "collapse" 3 "$BIN/collapse"
measure "collapse --period" 3 "$BIN/collapse" --period
measure "strip-swapper" 3 "$BIN/strip-swapper"
for f in flatsort calltree bydso; do
	[ -x "$BIN/$f" ] && measure "$f" 3 "$BIN/$f"
done
if [ -x "$BIN/flamesvg" ]; then
	"$BIN/collapse" "$INPUT" >"$DIR/bench.folded" 2>/dev/null
	fsize=$(wc -c <"$DIR/bench.folded")
	echo "(flamesvg reads the folded stacks of the input: $fsize bytes; see test/bench-flamesvg.sh for a large folded input)"
fi
if [ -n "${FLAMEGRAPH_DIR:-}" ] && [ -f "$FLAMEGRAPH_DIR/stackcollapse-perf.pl" ]; then
	measure "stackcollapse-perf.pl" 1 perl "$FLAMEGRAPH_DIR/stackcollapse-perf.pl"
fi
for extra in test/bench-views.sh test/bench-flamesvg.sh; do
	[ -f "$extra" ] && BIN=$BIN sh "$extra" "$INPUT"
done
exit 0
