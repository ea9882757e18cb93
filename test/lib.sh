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

# Can the browser tests run here?  They need node, Chromium ($CHROMIUM,
# Debian's by default) and playwright-core under test/node_modules, which
# is installed with npm when missing.  Exports CHROMIUM when they can; sets
# BROWSER_WHY when they cannot.
browser_works() {
	BROWSER_WHY=
	CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
	if ! command -v node >/dev/null 2>&1; then
		BROWSER_WHY="node is not installed"
		return 1
	fi
	if [ ! -x "$CHROMIUM" ]; then
		BROWSER_WHY="$CHROMIUM is not installed"
		return 1
	fi
	if [ ! -d "$TOP/test/node_modules/playwright-core" ]; then
		(cd "$TOP/test" && npm install --no-save --no-audit --no-fund \
		    playwright-core >"$TMP/npm.log" 2>&1)
	fi
	if [ ! -d "$TOP/test/node_modules/playwright-core" ]; then
		BROWSER_WHY="cannot install playwright-core: $(tail -n 1 "$TMP/npm.log")"
		return 1
	fi
	export CHROMIUM
	return 0
}

# report_node [PREFIX]: the lines of a node test script ("ok NAME",
# "not ok NAME: why", anything else passed on) as PASS and FAIL lines,
# each name after PREFIX.
report_node() {
	while IFS= read -r line; do
		case $line in
		"ok "*) pass "$1${line#ok }" ;;
		"not ok "*)
			rest=${line#not ok }
			fail "$1${rest%%: *}" "${rest#*: }"
			;;
		*) echo "$line" ;;
		esac
	done
}

# per_sample TEXT: perf script text TEXT with each sample's comm made
# unique ("s7-" before it), so that collapse keeps one stack per sample.
per_sample() {
	awk '/^[^ \t#]/ { n++; $0 = "s" n "-" $0 } { print }' "$1"
}
