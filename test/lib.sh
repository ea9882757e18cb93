# lib.sh - shared by the test scripts (sourced, POSIX sh).
#
# Each test reports one line: "PASS name", "FAIL name: why" or
# "SKIP name: why", and appends its verdict to $RESULTS, which run-all.sh
# tallies.  BIN is the directory of the programs under test.

: "${BIN:=bin}"
: "${RESULTS:=/dev/null}"
TOP=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$TOP/../shared}
CORPUS=$SHARED/corpus/flamegraph
TMP=$(mktemp -d "${TMPDIR:-/tmp}/perfviews-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
case $BIN in /*) ;; *) BIN=$TOP/$BIN ;; esac
SUITE=${SUITE:-$(basename "$0" .sh)}

pass() {
	echo "PASS $SUITE: $1"
	echo pass >>"$RESULTS"
}

fail() {
	echo "FAIL $SUITE: $1${2:+: $2}"
	echo fail >>"$RESULTS"
}

skip() {
	echo "SKIP $SUITE: $1: $2"
	echo skip >>"$RESULTS"
}

# same NAME EXPECTED_FILE ACTUAL_FILE: pass when the files are identical.
same() {
	if cmp -s "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "differs from $(basename "$2")"
		diff "$2" "$3" | head -n 10 | sed 's/^/    /'
	fi
}

# check NAME COMMAND...: pass when the command succeeds.
check() {
	name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name"; fi
}

# A python3 for helper scripts, or empty.
PYTHON=$(command -v python3 || true)

# Can perf record here?  Sets PERF_WHY when it cannot.
perf_works() {
	PERF_WHY=
	if ! command -v perf >/dev/null 2>&1; then
		PERF_WHY="perf is not installed"
		return 1
	fi
	if ! perf record -q -e cpu-clock -o "$TMP/probe.data" true \
	    >/dev/null 2>"$TMP/probe.err"; then
		PERF_WHY="perf cannot record: $(head -n 1 "$TMP/probe.err")"
		return 1
	fi
	return 0
}
