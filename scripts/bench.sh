#!/bin/sh
# bench.sh - `make bench`: throughput and peak memory of every filter,
# and perfviews script against perf script.
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
# and each view, each view reading perf.data itself, FlameGraph's one
# flame graph.
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
if [ ! -s "$DIR/start.data" ] || [ "$(count_samples "$DIR/start.data")" -lt 50000 ]; then
	echo "bench: recording five python -S -c pass (dwarf, 100 kHz)"
	perf record -q -e cpu-clock -F 100000 --call-graph dwarf \
	    -o "$DIR/start.data" -- sh -c 'for i in 1 2 3 4 5; do
	    "$0" -S -c pass; done' "$PY" >/dev/null 2>&1 ||
		echo "bench: perf record -F 100000 failed" >&2
fi
script_bench "$DIR/start.data"
if [ ! -s "$DIR/steady.data" ] || [ "$(count_samples "$DIR/steady.data")" -lt 50000 ]; then
	echo "bench: recording hot.py (dwarf, 20 kHz)"
	perf record -q -e cpu-clock -F 20000 --call-graph dwarf \
	    -o "$DIR/steady.data" -- "$PY" test/workloads/hot.py 250 \
	    >/dev/null 2>&1 || echo "bench: perf record failed" >&2
fi
script_bench "$DIR/steady.data"
echo
for extra in scripts/bench-*.sh; do
	[ -f "$extra" ] || continue
	echo "bench: $extra"
	case $extra in
	*flamesvg*) BIN=$BIN sh "$extra" ;; # makes its own big folded input
	*) BIN=$BIN sh "$extra" "$DIR/deep-${MB}mb.txt" ;;
	esac
done
exit 0
