#!/bin/sh
# bench-symbols.sh - inlined frames and source lines: perf's way against
# ours, end to end on the same perf.data.
#
#   perf script -F +srcline --inline | collapse --inline --srcline  (perf runs addr2line)
#   perf script                      | collapse --inline --srcline  (libbfd, in collapse)
#
# Given nothing, it builds the symbols workload, records it, and prints the
# two wall-clock times and the speedup.  PERF_DATA=file uses a recording
# instead; BIN is the directory of the programs (default bin).
cd "$(dirname "$0")/.." || exit 2
: "${BIN:=bin}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/perfviews-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

if ! command -v perf >/dev/null 2>&1; then
	echo "bench-symbols: perf is not installed; skipped"
	exit 0
fi
data=${PERF_DATA:-}
if [ -z "$data" ]; then
	data=$TMP/perf.data
	${CC:-cc} -O2 -g -fno-omit-frame-pointer -o "$TMP/symwork" \
	    test/workloads/symbols/*.c || exit 1
	if ! perf record -q -e cpu-clock -F 4000 -g -o "$data" -- \
	    "$TMP/symwork" 60 >/dev/null 2>"$TMP/err"; then
		echo "bench-symbols: perf cannot record: $(head -n 1 "$TMP/err"); skipped"
		exit 0
	fi
fi

# The best of three wall-clock times, in seconds, of running $1 in sh: the
# least disturbed by whatever else the machine is doing.
now() { date +%s.%N; }
elapsed() {
	best=
	for run in 1 2 3; do
		t0=$(now)
		sh -c "$1" >/dev/null 2>&1
		t1=$(now)
		best=$(awk -v a="$t0" -v b="$t1" -v best="$best" \
		    'BEGIN { t = b - a; print (best == "" || t < best) ? t : best }')
	done
	echo "$best"
}

samples=$(perf script -i "$data" -F comm 2>/dev/null | wc -l)
# Warm the page cache and perf's own caches for both.
perf script -i "$data" >/dev/null 2>&1

perf_way="perf script -i '$data' -F +srcline --inline | '$BIN/collapse' --inline --srcline"
our_way="perf script -i '$data' | '$BIN/collapse' --inline --srcline"
t_perf=$(elapsed "$perf_way")
t_ours=$(elapsed "$our_way")
sh -c "$perf_way" >"$TMP/perf.folded" 2>/dev/null
sh -c "$our_way" >"$TMP/ours.folded" 2>/dev/null
same=no
cmp -s "$TMP/perf.folded" "$TMP/ours.folded" && same=yes

awk -v n="$samples" -v a="$t_perf" -v b="$t_ours" -v same="$same" 'BEGIN {
	printf "symbols: %d samples\n", n
	printf "  perf script -F +srcline --inline | collapse --inline --srcline  %8.3f s\n", a
	printf "  perf script | collapse --inline --srcline (libbfd)              %8.3f s\n", b
	printf "  speedup %.1fx; same folded output: %s\n", (b > 0 ? a / b : 0), same
}'
