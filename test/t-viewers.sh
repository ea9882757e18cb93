#!/bin/sh
# t-viewers.sh - a data set's files open in the viewers people use.
#
# 1. Firefox Profiler (not on npm, so its rule, not the program): it takes
#    a text for `perf script` output only when the text starts with perf's
#    header line "# ========", or, not starting with "{", when its first
#    line is a sample's first line (a name, [pid/]tid, [cpu], a timestamp
#    and a colon): isPerfScriptFormat in its importer
#    (src/profile-logic/import/linux-perf).  Every raw file perfviews writes
#    and ships passes it; the controls (the old first line "# perfviews
#    run 1/1", folded stacks, JSON) do not.
# 2. speedscope 1.25.0, from npm (installed once into a cache outside the
#    clone, PERFVIEWS_CACHE), run in headless Chromium from its release
#    folder: given a raw file and its folded view through its file input,
#    it shows a profile per thread of each run, each spanning its samples'
#    time, and one profile of every sample of the folded file
#    (test/browser/speedscope.mjs).  The data set is the shipped example,
#    its run copied to three threads; t-dataset.sh checks the first lines
#    of a raw file make record writes.
# 3. The flame graph and the category bars as a page that shows SVGs as
#    images sees them (GitHub: no script): drawn and labelled, without
#    Search, ic or a hint to hover (test/browser/static.mjs).
# SKIP, with the reason, where node, Chromium or npm's packages are missing.
. "$(dirname "$0")/lib.sh"

SPEEDSCOPE_VERSION=1.25.0

# Does Firefox Profiler take the file FILE for perf script text?
firefox_takes() {
	first=$(head -n 1 "$1")
	[ "$first" = "# ========" ] && return 0
	case $first in "{"*) return 1 ;; esac
	printf '%s\n' "$first" | grep -Eq \
	    '^[^[:space:]].*[[:space:]]+([0-9]+/)?[0-9]+[[:space:]]+(\[[0-9]+\][[:space:]]+)?[0-9.]+:'
}

# 1. The rule, on controls, then on every shipped raw file.
printf '# perfviews run 1/1\npython 1 1.0: 1 cpu-clock:\n' >"$TMP/old.txt"
printf 'python;main;f 3\n' >"$TMP/folded.txt"
printf '{"meta": {}}\n' >"$TMP/json.txt"
printf 'python 16465  2723.289407:      20000 cpu-clock: \n' >"$TMP/bare.txt"
printf 'V8 Worker 24636/25607 [000] 94564.109216: cycles:\n' >"$TMP/pidtid.txt"
if ! firefox_takes "$TMP/old.txt" && ! firefox_takes "$TMP/folded.txt" &&
    ! firefox_takes "$TMP/json.txt" && firefox_takes "$TMP/bare.txt" &&
    firefox_takes "$TMP/pidtid.txt"; then
	pass "Firefox Profiler's rule: a sample's first line or perf's header, nothing else"
else
	fail "Firefox Profiler's rule, as written here, is wrong on its controls"
fi
bad=
for raw in "$TOP"/examples/*-raw.txt.xz; do
	xz -dc "$raw" | head -n 6 >"$TMP/head.txt"
	firefox_takes "$TMP/head.txt" || bad="$bad $(basename "$raw")"
done
if [ -z "$bad" ]; then
	pass "every shipped raw file starts as Firefox Profiler wants perf script text"
else
	fail "shipped raw files Firefox Profiler would not take" "$bad"
fi

# The data set: the shipped example, its run copied to three threads (as
# three runs of a recording are three processes); its header kept.
ex=$TOP/examples/pass-perf-freq50000-nosite-raw.txt.xz
{
	xz -dc "$ex" | sed -n '1,/^# perfviews run 1\/1$/p' | sed '$d'
	for r in 1 2 3; do
		echo "# perfviews run $r/3"
		xz -dc "$ex" | sed '1,/^# perfviews run 1\/1$/d' |
		    awk -v r=$r '/^[^ \t#]/ { sub(/ 16465 /, " " 16465 + r " ") } { print }'
	done
} >"$TMP/raw.txt"
"$BIN/collapse" "$TMP/raw.txt" >"$TMP/raw.folded"
if firefox_takes "$TMP/raw.txt" && [ "$(grep -c '^# perfviews run' "$TMP/raw.txt")" = 3 ]; then
	pass "the test's raw file: 3 runs, taken for perf script text"
else
	fail "the test's raw file" "$(head -n 1 "$TMP/raw.txt")"
fi

# 2. speedscope in Chromium.
if ! browser_works; then
	skip speedscope "$BROWSER_WHY"
	exit 0
fi
# Where SVGs are shown as images (GitHub), no script runs: the flame graph
# and the category bars must read without it, and offer nothing that does
# nothing.
if "$BIN/flamesvg" "$TMP/raw.folded" >"$TMP/flame.svg" &&
    "$BIN/bycategory" --format svg "$TMP/raw.txt" >"$TMP/categories.svg"; then
	(cd "$TOP/test" && node browser/static.mjs "$TMP/flame.svg" \
	    "$TMP/categories.svg" 2>&1) | report_node
else
	fail "SVGs without script" "flamesvg or bycategory failed"
fi

cache=${PERFVIEWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfviews}
dir=$cache/speedscope-$SPEEDSCOPE_VERSION
index=$dir/node_modules/speedscope/dist/release/index.html
if [ ! -f "$index" ]; then
	# Into a directory of its own first, so that a failed install leaves
	# nothing that looks installed.
	mkdir -p "$cache" && rm -rf "$dir.new" && mkdir "$dir.new" &&
	    (cd "$dir.new" && npm install --no-save --no-audit --no-fund \
	    --prefix . "speedscope@$SPEEDSCOPE_VERSION") >"$TMP/npm.log" 2>&1 &&
	    [ -f "$dir.new/node_modules/speedscope/dist/release/index.html" ] &&
	    rm -rf "$dir" && mv "$dir.new" "$dir"
	rm -rf "$dir.new"
fi
if [ ! -f "$index" ]; then
	skip speedscope "cannot install speedscope@$SPEEDSCOPE_VERSION with npm: $(grep -m 1 "^npm error" "$TMP/npm.log" 2>/dev/null || tail -n 1 "$TMP/npm.log")"
	exit 0
fi
(cd "$TOP/test" && node browser/speedscope.mjs "$index" "$TMP/raw.txt" \
    "$TMP/raw.folded" 2>&1) | report_node "speedscope $SPEEDSCOPE_VERSION: "
