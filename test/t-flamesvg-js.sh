#!/bin/sh
# t-flamesvg-js.sh - the flame graph's script is valid JavaScript.
#
# common/flame/flame_script.js goes into every SVG as it is, so a syntax
# error there would only show in a browser.  node --check parses it without
# running it.  First the check itself is checked: a copy of the script with
# an unfinished statement added must be rejected, or a pass would mean
# nothing.
. "$(dirname "$0")/lib.sh"

SCRIPT=$TOP/common/flame/flame_script.js
if ! command -v node >/dev/null 2>&1; then
	skip syntax "node is not installed"
	exit 0
fi

{ cat "$SCRIPT"; echo 'if (ready'; } >"$TMP/broken.js"
if node --check "$TMP/broken.js" >"$TMP/broken.err" 2>&1; then
	fail "broken copy rejected" "node --check accepts an unfinished statement"
elif grep -q SyntaxError "$TMP/broken.err"; then
	pass "broken copy rejected"
else
	fail "broken copy rejected" "no SyntaxError: $(head -n 1 "$TMP/broken.err")"
fi

if node --check "$SCRIPT" >"$TMP/check.err" 2>&1; then
	pass "flame_script.js parses"
else
	fail "flame_script.js parses" "$(grep -m 1 SyntaxError "$TMP/check.err")"
	sed 's/^/    /' "$TMP/check.err" | head -n 8
fi
