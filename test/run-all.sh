#!/bin/sh
# run-all.sh - run every test of perfviews; `make check` calls this after
# building the release and sanitizer builds.
#
# Runs the Check unit tests of both builds, then every test/t-*.sh script
# with the release programs; scripts that carry the line "# sanitize: yes"
# run again with the ASan+UBSan programs.  Says how long each took, in
# wall time and in CPU time of its processes ("# took N s, N CPU-s:
# NAME"), ends with "N passed, N failed" and exits non-zero when anything
# failed.

cd "$(dirname "$0")/.." || exit 2
# Tests run make themselves; the make running this one is not theirs.
unset MAKEFLAGS MFLAGS MAKELEVEL
RESULTS=$(mktemp "${TMPDIR:-/tmp}/perfviews-results.XXXXXX")
export RESULTS
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/test/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

CPU_TIMES=$(mktemp "${TMPDIR:-/tmp}/perfviews-times.XXXXXX")
# cpu_now: the CPU seconds (user and system) of this shell's finished
# children so far, in $cpu.  times runs here, not in a subshell, whose
# children would be none.
cpu_now() {
	times >"$CPU_TIMES"
	cpu=$(awk 'NR == 2 { for (i = 1; i <= NF; i++) { split($i, p, "m")
	    sub(/s$/, "", p[2]); s += p[1] * 60 + p[2] } printf "%.0f", s }' \
	    "$CPU_TIMES")
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
mark
began=$since began_cpu=$since_cpu

for build in release asan; do
	mark
	for t in build/$build/unit/test_*; do
		[ -x "$t" ] || continue
		name="unit/$build/$(basename "$t")"
		out=$("$t" 2>&1)
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
	took "unit tests ($build)"
done

for t in test/t-*.sh; do
	mark
	SUITE=$(basename "$t" .sh) BIN=bin sh "$t" ||
		{ echo "FAIL $t: exited $?"; echo fail >>"$RESULTS"; }
	took "$(basename "$t" .sh)"
	if grep -q '^# sanitize: yes' "$t"; then
		mark
		SUITE=$(basename "$t" .sh)/asan BIN=build/asan/bin sh "$t" ||
			{ echo "FAIL $t (asan): exited $?"; echo fail >>"$RESULTS"; }
		took "$(basename "$t" .sh)/asan"
	fi
done

passed=$(grep -c '^pass$' "$RESULTS")
failed=$(grep -c '^fail$' "$RESULTS")
skipped=$(grep -c '^skip$' "$RESULTS")
rm -f "$RESULTS"
echo
since=$began since_cpu=$began_cpu
took "the tests"
rm -f "$CPU_TIMES"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
