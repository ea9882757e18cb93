#!/bin/sh
# bench-views.sh - throughput and peak memory of the text views.
#
#   sh scripts/bench-views.sh FILE     (FILE: perf script text, e.g. 200 MB)
#
# Prints MB/s and peak RSS for cat, flatsort, calltree, bydso and
# bycategory (with the default CPython rules) reading FILE; a benchmark,
# not a test: it never fails on the figures.
. "$(dirname "$0")/../test/lib.sh"

file=${1:?usage: bench-views.sh FILE}
bytes=$(wc -c <"$file")
mb=$(echo "$bytes" | awk '{ printf "%.1f", $1 / 1e6 }')
echo "input: $file ($mb MB)"
printf '%-10s %10s %12s\n' program MB/s "peak RSS"
for prog in cat flatsort calltree bydso bycategory; do
	case $prog in cat) cmd=cat ;; *) cmd=$BIN/$prog ;; esac
	cat "$file" >/dev/null # warm the page cache
	/usr/bin/time -f '%e %M' -o "$TMP/time" "$cmd" "$file" >/dev/null 2>&1
	read -r secs kb <"$TMP/time"
	awk -v b="$bytes" -v s="$secs" -v kb="$kb" -v p="$prog" 'BEGIN {
		if (s < 0.01) s = 0.01
		printf "%-10s %10.0f %9.1f MB\n", p, b / 1e6 / s, kb / 1024
	}'
done
