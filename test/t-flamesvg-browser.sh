#!/bin/sh
# t-flamesvg-browser.sh - flamesvg's SVGs in a real browser.
#
# Opens the graphs in headless Chromium (Debian's chromium, driven by
# playwright-core from node) from a file URL and checks hover, zoom, Reset
# Zoom, search and Matched %, case toggle, the URL state and the console
# (test/browser/flamesvg.mjs).  A generated Python-like profile 76 frames
# deep, taller than the 900-pixel window it is opened in, must open with
# its root in view (flame and icicle), keep Search, ic and the details line
# in view when scrolled, and label the root with the total.  Then times
# first paint, zoom and search on a generated profile of 120,000 stacks,
# printed, not asserted.  A long subtitle (a differential graph's, and
# one 600 pixels wide) wraps inside the picture, each line centred.
. "$(dirname "$0")/lib.sh"

if ! browser_works; then
	skip browser "$BROWSER_WHY"
	exit 0
fi

small=$TOP/test/golden/inputs/flamesvg-small.folded
if "$BIN/flamesvg" "$small" >"$TMP/small.svg"; then
	(cd "$TOP/test" && node browser/flamesvg.mjs check "$small" \
	    "$TMP/small.svg" 2>&1) | report_node
else
	fail "small graph" "flamesvg failed"
fi

# A subtitle that wraps: a differential graph of two shipped examples (its
# subtitle warns of the stacks only in A), and one drawn 600 pixels wide.
cmp=$TMP/cmp/pass-perf-freq100000-nosite-vs-pass-perf-freq1000-nosite-faults
if make -C "$TOP" -s --no-print-directory compare A=pass-perf-freq100000-nosite \
    B=examples/pass-perf-freq1000-nosite-faults FORCE=1 DATA="$TMP/nodata" \
    OUT="$TMP/cmp" >/dev/null 2>"$TMP/cmp.err" &&
    "$BIN/flamesvg" --width 600 --subtitle "$(sed -n 's/.*<text id="subtitle[-0-9]*"[^>]*>\([^<]*\)<.*/\1/p' \
    "$cmp-diffgraph.svg" | paste -s -d' ' -)" "$small" >"$TMP/narrow.svg"; then
	for svg in "$cmp-diffgraph.svg" "$TMP/narrow.svg"; do
		(cd "$TOP/test" && node browser/flamesvg.mjs subtitle "$svg" 2>&1) |
		    report_node "$(basename "$svg" .svg): "
	done
else
	fail "graphs with a long subtitle" "$(head -n 1 "$TMP/cmp.err")"
fi

# Taller than the window: stacks up to 76 frames deep.
awk -v seed=3 -v stacks=200 -v maxdepth=76 -f "$TOP/test/browser/gen-profile.awk" |
    LC_ALL=C sort >"$TMP/tall.folded"
if "$BIN/flamesvg" "$TMP/tall.folded" >"$TMP/tall.svg" &&
    "$BIN/flamesvg" --inverted "$TMP/tall.folded" >"$TMP/tall-icicle.svg"; then
	(cd "$TOP/test" && node browser/flamesvg.mjs view "$TMP/tall.folded" \
	    "$TMP/tall.svg" "$TMP/tall-icicle.svg" 2>&1) | report_node
else
	fail "tall graph" "flamesvg failed"
fi

# The big profile: at least 100,000 distinct stacks, from a fixed seed.
awk -v seed=7 -v stacks=120000 -f "$TOP/test/browser/gen-profile.awk" |
    LC_ALL=C sort >"$TMP/big.folded"
distinct=$(cut -d ' ' -f 1 "$TMP/big.folded" | uniq | wc -l)
echo "# big profile: $distinct distinct stacks, $(wc -c <"$TMP/big.folded") bytes"
for minwidth in 0.1 0.02; do
	if "$BIN/flamesvg" --minwidth "$minwidth" "$TMP/big.folded" \
	    >"$TMP/big-$minwidth.svg"; then
		echo "# --minwidth $minwidth: SVG of $(wc -c <"$TMP/big-$minwidth.svg") bytes"
		(cd "$TOP/test" && node browser/flamesvg.mjs time \
		    "$TMP/big-$minwidth.svg" 'handler_1[0-9]' 2>&1) | report_node
	else
		fail "big graph (--minwidth $minwidth)" "flamesvg failed"
	fi
done
