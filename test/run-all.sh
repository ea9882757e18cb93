#!/bin/sh
# run-all.sh - run every test of perfviews; `make check` calls this after
# building the release and sanitizer builds.
#
# Runs the Check unit tests of both builds, then every test/t-*.sh script
# with the release programs; scripts that carry the line "# sanitize: yes"
# run again with the ASan+UBSan programs.  Says how long each took ("# took
# N s: NAME"), ends with "N passed, N failed" and exits non-zero when
# anything failed.

cd "$(dirname "$0")/.." || exit 2
# Tests run make themselves; the make running this one is not theirs.
unset MAKEFLAGS MFLAGS MAKELEVEL
RESULTS=$(mktemp "${TMPDIR:-/tmp}/perfviews-results.XXXXXX")
export RESULTS
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/test/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

began=$(date +%s)
# took NAME SINCE: how long NAME took, in seconds since SINCE.
took() {
	echo "# took $(($(date +%s) - $2)) s: $1"
}

for build in release asan; do
	since=$(date +%s)
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
	took "unit tests ($build)" "$since"
done

for t in test/t-*.sh; do
	since=$(date +%s)
	SUITE=$(basename "$t" .sh) BIN=bin sh "$t" ||
		{ echo "FAIL $t: exited $?"; echo fail >>"$RESULTS"; }
	took "$(basename "$t" .sh)" "$since"
	if grep -q '^# sanitize: yes' "$t"; then
		since=$(date +%s)
		SUITE=$(basename "$t" .sh)/asan BIN=build/asan/bin sh "$t" ||
			{ echo "FAIL $t (asan): exited $?"; echo fail >>"$RESULTS"; }
		took "$(basename "$t" .sh)/asan" "$since"
	fi
done

passed=$(grep -c '^pass$' "$RESULTS")
failed=$(grep -c '^fail$' "$RESULTS")
skipped=$(grep -c '^skip$' "$RESULTS")
rm -f "$RESULTS"
echo
took "the tests" "$began"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
