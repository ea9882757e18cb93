#!/bin/sh
# t-fuzz.sh - the libFuzzer targets: every committed crash reproducer
# (test/fuzz/crashes/TARGET/*) runs again without a finding, and every
# target fuzzes for a short budget (FUZZ_CHECK_SECONDS, default 3) from its
# seed corpus without one.  It builds the targets first when clang is
# there (here, not before make check's tests: the build then fills the
# CPU time the other lanes leave, about 40 s less in all); SKIP otherwise.
# `make fuzz` is the long campaign.
. "$(dirname "$0")/lib.sh"

cd "$TOP" || exit 2
if command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1 &&
    ! make --no-print-directory -j2 fuzz-build >"$TMP/build.log" 2>&1; then
	fail "make fuzz-build" "$(grep -m 1 -E 'error|Error' "$TMP/build.log")"
	exit 0
fi
targets=$(ls test/fuzz/fuzz_*.c 2>/dev/null | sed 's|.*/||; s|\.c$||')
for t in $targets; do
	if [ ! -x "build/fuzz/$t" ]; then
		skip "$t" "not built (make fuzz-build needs clang with libFuzzer)"
		continue
	fi
	set -- test/fuzz/crashes/$t/*
	if [ -e "$1" ]; then
		if "build/fuzz/$t" -timeout=10 -rss_limit_mb=2048 \
		    -close_fd_mask=3 "$@" >"$TMP/$t.log" 2>&1; then
			pass "$t: $# crash reproducer(s) run clean"
		else
			fail "$t" "a crash reproducer fails again"
			grep -E 'ERROR|SUMMARY|Running' "$TMP/$t.log" | head -n 4 |
			    sed 's/^/    /'
		fi
	fi
	if out=$(FUZZ_WORK=$TMP/work sh test/fuzz/run.sh \
	    "${FUZZ_CHECK_SECONDS:-3}" "$t"); then
		pass "$(echo "$out" | head -n 1 | tr -s ' ')"
	else
		fail "$t" "$(echo "$out" | head -n 1 | tr -s ' ')"
		echo "$out" | tail -n +2
		mkdir -p build/fuzz/crashes
		cp "$TMP"/work/crashes/* build/fuzz/crashes/ 2>/dev/null &&
		    echo "    (inputs kept in build/fuzz/crashes)"
	fi
done
