#!/bin/sh
# t-strip-swapper.sh - strip-swapper keeps records byte for byte.
# sanitize: yes
#
# On every corpus input: with nothing to drop, the output is the input; by
# default, the folded stacks of the output are those of the input without
# the idle task's.
. "$(dirname "$0")/lib.sh"

if [ ! -d "$CORPUS/test" ]; then
	skip corpus "no $CORPUS (../shared is not beside the checkout)"
	exit 0
fi
for in in "$CORPUS"/test/*.txt; do
	name=$(basename "$in" .txt)
	"$BIN/strip-swapper" --keep-idle --comm '' "$in" >"$TMP/out" 2>/dev/null
	same "$name: nothing dropped, input unchanged" "$in" "$TMP/out"

	"$BIN/strip-swapper" "$in" >"$TMP/stripped" 2>/dev/null
	"$BIN/collapse" --period "$TMP/stripped" >"$TMP/got" 2>/dev/null
	"$BIN/collapse" --period "$in" 2>/dev/null |
		grep -v -E '^swapper(/[0-9]+)?;' >"$TMP/want"
	same "$name: idle task dropped, all else kept" "$TMP/want" "$TMP/got"
done
