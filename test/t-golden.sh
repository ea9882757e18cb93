#!/bin/sh
# t-golden.sh - every filter's golden tests.
# sanitize: yes
#
# A case is test/golden/FILTER/CASE.cmd, a shell command run in
# test/golden/inputs with $BIN set; its stdout must equal CASE.out, its
# stderr CASE.err when that file exists, and its exit status the number in
# CASE.status (default 0).  UPDATE=1 rewrites the expected files from the
# current programs, for review with git diff before committing.
. "$(dirname "$0")/lib.sh"

for cmd in "$TOP"/test/golden/*/*.cmd; do
	[ -f "$cmd" ] || continue
	base=${cmd%.cmd}
	name=$(basename "$(dirname "$cmd")")/$(basename "$base")
	want_status=0
	[ -f "$base.status" ] && want_status=$(cat "$base.status")
	(cd "$TOP/test/golden/inputs" && BIN=$BIN sh "$cmd") \
	    >"$TMP/out" 2>"$TMP/err"
	status=$?
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$TMP/out" "$base.out"
		if [ -s "$TMP/err" ]; then cp "$TMP/err" "$base.err"; else rm -f "$base.err"; fi
		if [ $status -ne 0 ]; then echo $status >"$base.status"; else rm -f "$base.status"; fi
		echo "UPDATED $name"
		continue
	fi
	why=
	cmp -s "$base.out" "$TMP/out" || why="stdout differs"
	if [ -f "$base.err" ]; then
		cmp -s "$base.err" "$TMP/err" || why="${why:+$why, }stderr differs"
	fi
	[ "$status" = "$want_status" ] ||
		why="${why:+$why, }exit $status, want $want_status"
	if [ -z "$why" ]; then
		pass "$name"
	else
		fail "$name" "$why"
		diff "$base.out" "$TMP/out" | head -n 8 | sed 's/^/    /'
		[ -f "$base.err" ] && diff "$base.err" "$TMP/err" | head -n 4 | sed 's/^/    /'
	fi
done
