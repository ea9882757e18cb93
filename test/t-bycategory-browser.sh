#!/bin/sh
# t-bycategory-browser.sh - bycategory's SVG charts in a real browser.
#
# Opens a one-bar chart and a chart of a bar per input in headless
# Chromium (Debian's chromium, driven by playwright-core from node) from
# file URLs and checks, with test/browser/bycategory.mjs: hovering each
# segment shows its share in the details line, the segments fill each bar,
# the legend has every category in its colour, colours agree between the
# charts, and the console stays free of errors.
. "$(dirname "$0")/lib.sh"

if ! browser_works; then
	skip browser "$BROWSER_WHY"
	exit 0
fi

inputs=$TOP/test/golden/inputs
xz -dc "$TOP/examples/pass-perf-freq50000-nosite-raw.txt.xz" \
    >"$TMP/pass-perf-freq50000-nosite-raw.txt"
if ! "$BIN/bycategory" -f svg "$TMP/pass-perf-freq50000-nosite-raw.txt" \
    >"$TMP/example.svg" 2>"$TMP/err" ||
    ! "$BIN/bycategory" --each -f svg --label 'a <&> label' \
    "$inputs/bycategory-py312.txt" "$inputs/bycategory-py311-raw.txt" \
    "$TMP/pass-perf-freq50000-nosite-raw.txt" >"$TMP/each.svg" 2>>"$TMP/err"; then
	fail "charts" "bycategory failed: $(head -n 1 "$TMP/err")"
	exit 0
fi
(cd "$TOP/test" && node browser/bycategory.mjs "$TMP/example.svg" \
    "$TMP/each.svg" 2>&1) |
	report_node
