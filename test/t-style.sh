#!/bin/sh
# t-style.sh - the sources are as `make format` leaves them and compile
# without a warning.
#
# Every C file `make format` formats is compared with what clang-format
# makes of it under the committed .clang-format (SKIP without
# clang-format); every C file the build compiles, and the fuzz targets,
# are compiled again with the build's flags and -Werror, at -O2, where
# GCC's flow warnings (-Wmaybe-uninitialized) are on.
. "$(dirname "$0")/lib.sh"

cd "$TOP" || exit 2
# The files of make format's recipe, as the Makefile names them.
globs=$(sed -n 's/^\tclang-format -i //p' Makefile)
if [ -z "$globs" ]; then
	fail "make format's files" "no clang-format -i line in the Makefile"
	exit 0
fi
# shellcheck disable=SC2086 # the globs expand here
set -- $globs
if command -v clang-format >/dev/null 2>&1; then
	# One process for all: --dry-run names each file it would change.
	clang-format --style=file --dry-run "$@" >"$TMP/format" 2>&1
	bad=$(grep -o '^[^:]*\.[ch]:[0-9]*:[0-9]*: ' "$TMP/format" | cut -d: -f1 | sort -u | paste -s -d' ' -)
	if [ "$#" -gt 100 ] && [ -z "$bad" ] && ! grep -q . "$TMP/format"; then
		pass "$# files as make format leaves them ($(clang-format --version | grep -o 'version [0-9.]*'))"
	else
		fail "formatting" "${bad:-$# files: $(head -n 1 "$TMP/format")} (make format)"
	fi
else
	skip "formatting" "no clang-format"
fi

flags="-std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -Icommon -Itest/unit \
$(pkg-config --cflags libpcre2-8 check 2>/dev/null)"
printf '%s\n' common/*/*.c filters/*.c test/unit/*.c test/fuzz/*.c >"$TMP/files"
# shellcheck disable=SC2016 # $0 (the flags) and $1 (a file) are sh -c's
xargs -P 2 -n 1 sh -c '${CC:-cc} $0 -c -o /dev/null "$1" 2>&1 || echo "FAILED $1"' \
    "$flags" <"$TMP/files" >"$TMP/warnings" 2>&1
n=$(wc -l <"$TMP/files")
if [ "$n" -gt 100 ] && ! grep -q . "$TMP/warnings"; then
	pass "$n C files compile with -Wall -Wextra -Werror at -O2"
else
	fail "warnings" "$(grep -m 3 -e 'error:' -e FAILED "$TMP/warnings" | paste -s -d'|' -)"
fi
