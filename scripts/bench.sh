#!/bin/sh
# bench.sh - `make bench`: throughput and peak memory of every filter.
#
# Builds inputs of at least BENCH_MB (default 200) MB of real perf script
# text: recordings made here on the spot, repeated.  Each program reads the
# same file from the page cache and writes to /dev/null; the figure is the
# best of three runs, next to cat on the same file in the same run.  With
# FLAMEGRAPH_DIR pointing at a FlameGraph checkout, stackcollapse-perf.pl is
# measured too (once: it is slow).  Then the scripts/bench-*.sh scripts of
# single filters run.  A benchmark prints; it never fails.
cd "$(dirname "$0")/.." || exit 2
BIN=${BIN:-bin}
MB=${BENCH_MB:-200}
DIR=${BENCH_DIR:-build/bench}
mkdir -p "$DIR"

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
	printf '%-28s %14s %10s %20s\n' program throughput time memory
	measure "cat" 3 cat
	measure "collapse" 3 "$BIN/collapse"
	measure "collapse --period" 3 "$BIN/collapse" --period
	measure "strip-swapper" 3 "$BIN/strip-swapper"
	for f in flatsort calltree bydso bycategory; do
		[ -x "$BIN/$f" ] && measure "$f" 3 "$BIN/$f"
	done
	if [ -n "${FLAMEGRAPH_DIR:-}" ] &&
	    [ -f "$FLAMEGRAPH_DIR/stackcollapse-perf.pl" ]; then
		measure "stackcollapse-perf.pl" 1 \
		    perl "$FLAMEGRAPH_DIR/stackcollapse-perf.pl"
	fi
done
echo
"$BIN/collapse" "$DIR/deep-${MB}mb.txt" >"$DIR/deep.folded" 2>/dev/null
for extra in scripts/bench-*.sh; do
	[ -f "$extra" ] || continue
	echo "bench: $extra"
	case $extra in
	*flamesvg*) BIN=$BIN sh "$extra" ;; # makes its own big folded input
	*) BIN=$BIN sh "$extra" "$DIR/deep-${MB}mb.txt" ;;
	esac
done
exit 0
