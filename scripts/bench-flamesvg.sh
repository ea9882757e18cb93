#!/bin/sh
# bench-flamesvg.sh - flamesvg's throughput and peak memory: a benchmark,
# not a test.
#
#   sh scripts/bench-flamesvg.sh [FOLDED]
#
# Without FOLDED, a profile of 300,000 stacks is generated from a fixed
# seed.  Prints MB/s of folded input (best of three runs) and peak RSS;
# with FLAMEGRAPH_DIR set, the same figures for flamegraph.pl, and the
# sizes of both SVGs.  BIN is the directory of the programs (default bin).
. "$(dirname "$0")/../test/lib.sh"

input=$1
if [ -z "$input" ]; then
	input=$TMP/bench.folded
	awk -v seed=3 -v stacks=300000 -f "$TOP/test/browser/gen-profile.awk" |
	    LC_ALL=C sort >"$input"
fi
bytes=$(wc -c <"$input")

# run NAME COMMAND...: best wall time of three runs and the peak RSS.
run() {
	name=$1
	shift
	best=
	for i in 1 2 3; do
		if [ -x /usr/bin/time ]; then
			/usr/bin/time -f '%e %M' -o "$TMP/time" "$@" \
			    >"$TMP/$name.svg" 2>/dev/null
		else
			start=$(date +%s.%N)
			"$@" >"$TMP/$name.svg" 2>/dev/null
			echo "$(echo "$(date +%s.%N) - $start" | bc) 0" >"$TMP/time"
		fi
		read -r seconds rss <"$TMP/time"
		if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc)" = 1 ]; then
			best=$seconds
		fi
	done
	[ "$best" = 0.00 ] && best=0.01
	mbs=$(echo "scale=1; $bytes / 1000000 / $best" | bc)
	printf '%-14s %8s MB/s  %8s KB peak RSS  %9s bytes of SVG\n' \
	    "$name" "$mbs" "$rss" "$(wc -c <"$TMP/$name.svg")"
}

echo "input: $input, $bytes bytes, $(wc -l <"$input") stacks"
run flamesvg "$BIN/flamesvg" "$input"
if [ -n "${FLAMEGRAPH_DIR:-}" ] && [ -f "$FLAMEGRAPH_DIR/flamegraph.pl" ]; then
	run flamegraph.pl perl "$FLAMEGRAPH_DIR/flamegraph.pl" "$input"
fi
