#!/bin/sh
# run-all.sh - run every test of perfviews; `make check` calls this after
# building the release and sanitizer builds.
#
# Runs the Check unit tests and every test/t-*.sh script with the release
# programs; and the unit tests again, and the scripts that carry the line
# "# sanitize: yes", with the ASan+UBSan programs.  On a machine of two
# CPUs or more three lanes run side by side, a test at a time in each (the
# tests assume nothing of the machine's load, and use temporary
# directories of their own): the release pass from the first script, a
# second release lane from the last, and the ASan pass, which then takes
# the release scripts no lane began; each script runs once, and the other
# lanes' lines come when they have ended.
# Says how long each took, in wall time and in CPU time of its processes
# ("# took N s, N CPU-s: NAME"), ends with "N passed, N failed" and exits
# non-zero when anything failed.

cd "$(dirname "$0")/.." || exit 2
# Tests run make themselves; the make running this one is not theirs.
unset MAKEFLAGS MFLAGS MAKELEVEL
RESULTS=$(mktemp "${TMPDIR:-/tmp}/perfviews-results.XXXXXX")
export RESULTS
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/test/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

CPU_TIMES=$(mktemp "${TMPDIR:-/tmp}/perfviews-times.XXXXXX")
ASAN_LOG=$(mktemp "${TMPDIR:-/tmp}/perfviews-asan.XXXXXX")
EXTRA_LOG=$(mktemp "${TMPDIR:-/tmp}/perfviews-extra.XXXXXX")
pass=release
# cpu_now: the CPU seconds (user and system) of this shell's finished
# children so far, in $cpu.  times runs here, not in a subshell, whose
# children would be none; each pass has a file of its own.
cpu_now() {
	times >"$CPU_TIMES.$pass"
	cpu=$(awk 'NR == 2 { for (i = 1; i <= NF; i++) { split($i, p, "m")
	    sub(/s$/, "", p[2]); s += p[1] * 60 + p[2] } printf "%.0f", s }' \
	    "$CPU_TIMES.$pass")
}
# mark: now, for took.
mark() {
	cpu_now
	since=$(date +%s) since_cpu=$cpu
}
# took NAME: how long NAME took since mark, wall and CPU.
took() {
	cpu_now
	echo "# took $(($(date +%s) - since)) s, $((cpu - since_cpu)) CPU-s: $1"
}

# unit_tests BUILD: the Check unit tests of build/BUILD.  The ASan build's
# run in one process per program (CK_FORK=no): LeakSanitizer's check at
# the exit of every forked test took twice as long as the tests; a leak is
# still found at the program's exit, an error still ends it (no summary:
# FAIL, with its last lines), and test/unit/unit.h asks each test to
# leave the process as it found it.
unit_tests() {
	mark
	fork=yes
	[ "$1" = asan ] && fork=no
	for t in build/$1/unit/test_*; do
		[ -x "$t" ] || continue
		name="unit/$1/$(basename "$t")"
		out=$(CK_FORK=$fork "$t" 2>&1)
		status=$?
		# Check's summary: "100%: Checks: 12, Failures: 0, Errors: 0"
		summary=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks:' | tail -n 1)
		checks=$(printf '%s' "$summary" | sed -n 's/.*Checks: \([0-9]*\).*/\1/p')
		failures=$(printf '%s' "$summary" | sed -n 's/.*Failures: \([0-9]*\).*/\1/p')
		errors=$(printf '%s' "$summary" | sed -n 's/.*Errors: \([0-9]*\).*/\1/p')
		if [ -z "$checks" ]; then
			echo "FAIL $name: no Check summary (exit $status)"
			printf '%s\n' "$out" | tail -n 20 | sed 's/^/    /'
			echo fail >>"$RESULTS"
			continue
		fi
		bad=$((failures + errors))
		[ $status -ne 0 ] && [ $bad -eq 0 ] && bad=1
		good=$((checks - failures - errors))
		echo "$summary" | sed "s|^|$name: |"
		printf '%s\n' "$out" | grep -E ':[EF]:' | sed 's/^/    /'
		i=0; while [ $i -lt $good ]; do echo pass >>"$RESULTS"; i=$((i + 1)); done
		i=0; while [ $i -lt $bad ]; do echo fail >>"$RESULTS"; i=$((i + 1)); done
	done
	took "unit tests ($1)"
}

# run_script SCRIPT BIN [SUFFIX]: one test script with the programs of BIN, its
# suite named after it (and SUFFIX).
run_script() {
	name=$(basename "$1" .sh)$3
	mark
	SUITE=$name BIN=$2 sh "$1" ||
		{ echo "FAIL $name: exited $?"; echo fail >>"$RESULTS"; }
	took "$name"
}

# claim SCRIPT: true once per script over both lanes (mkdir is atomic), so
# that a lane done with its own work takes the other's scripts not begun.
CLAIMS=$(mktemp -d "${TMPDIR:-/tmp}/perfviews-claims.XXXXXX")
claim() {
	mkdir "$CLAIMS/$(basename "$1")" 2>/dev/null
}

# release_scripts ORDER: every script with the release programs, in
# order of name (ORDER "forward") or reversed, each that no lane began.
release_scripts() {
	for t in $(ls test/t-*.sh | if [ "$1" = forward ]; then cat; else sort -r; fi); do
		claim "$t" && run_script "$t" bin
	done
}

# asan_pass: the unit tests and the marked scripts, with ASan+UBSan; then
# the release scripts no lane began.
asan_pass() {
	pass=asan
	unit_tests asan
	for t in test/t-*.sh; do
		grep -q '^# sanitize: yes' "$t" && run_script "$t" build/asan/bin /asan
	done
	release_scripts forward
}

# extra_pass: release scripts from the last, beside the others: the tests
# that record wait for perf and pyperformance as much as they compute, so
# a third lane on two CPUs shortens the whole.
extra_pass() {
	pass=extra
	release_scripts reversed
}

mark
began=$since began_cpu=$since_cpu
asan_pid= extra_pid=
if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
	asan_pass >"$ASAN_LOG" 2>&1 &
	asan_pid=$!
	extra_pass >"$EXTRA_LOG" 2>&1 &
	extra_pid=$!
fi
unit_tests release
release_scripts forward
if [ -n "$asan_pid" ]; then
	wait "$extra_pid"
	cat "$EXTRA_LOG"
	wait "$asan_pid"
	cat "$ASAN_LOG"
else
	asan_pass
fi

passed=$(grep -c '^pass$' "$RESULTS")
failed=$(grep -c '^fail$' "$RESULTS")
skipped=$(grep -c '^skip$' "$RESULTS")
echo
since=$began since_cpu=$began_cpu
took "the tests"
rm -rf "$RESULTS" "$ASAN_LOG" "$EXTRA_LOG" "$CPU_TIMES" "$CPU_TIMES".* "$CLAIMS"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
