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
# Commands run at exit before $TMP goes (slurm_start adds slurm_stop).
AT_EXIT=
trap 'eval "$AT_EXIT"; rm -rf "$TMP"' EXIT
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

# A python3 for helper scripts, or empty: the interpreter itself, not a
# launcher (a pyenv shim is a bash script that costs a second a call, and
# the tests call python hundreds of times).
PYTHON=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null || true)

# pyenv_python VERSION: the path of pyenv's CPython VERSION (3.12: the
# first 3.12.x), or nothing.
pyenv_python() {
	for p in "$HOME"/.pyenv/versions/$1.*/bin/python$1; do
		[ -x "$p" ] && echo "$p" && return 0
	done
	return 0
}

# Can pyperformance's benchmarks be recorded with pyenv's Python 3.11 and
# 3.12, offline?  Sets PY311 and PY312 and exports pip's settings for the
# wheels of ../shared/vendor/wheels; sets BENCH_WHY when they cannot.
bench_pythons() {
	BENCH_WHY=
	WHEELS=$SHARED/vendor/wheels
	PY311=$(pyenv_python 3.11)
	PY312=$(pyenv_python 3.12)
	if [ -z "$PY311" ] || [ -z "$PY312" ] || ! ls "$WHEELS"/pyperformance-*.whl >/dev/null 2>&1; then
		BENCH_WHY="no pyenv 3.11 and 3.12, or no pyperformance wheel in $WHEELS"
		return 1
	fi
	export PIP_NO_INDEX=1 PIP_FIND_LINKS="$WHEELS"
}

# Can pyperformance's benchmarks be recorded here with a Python 3.12 or
# later (for -X perf), offline?  Sets PY to pyenv's first such Python and
# exports pip's settings for the wheels of ../shared/vendor/wheels; sets
# BENCH_WHY when they cannot (perf cannot record, no wheel, no Python).
bench_python() {
	BENCH_WHY= PY=
	WHEELS=$SHARED/vendor/wheels
	if ! perf_works; then
		BENCH_WHY=$PERF_WHY
		return 1
	fi
	if ! ls "$WHEELS"/pyperformance-*.whl >/dev/null 2>&1; then
		BENCH_WHY="no pyperformance wheel in $WHEELS"
		return 1
	fi
	for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
		[ -x "$p" ] && PY=$p && break
	done
	if [ -z "$PY" ]; then
		BENCH_WHY="no Python 3.12 or later (for -X perf) to benchmark"
		return 1
	fi
	export PIP_NO_INDEX=1 PIP_FIND_LINKS="$WHEELS"
}

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

# needs_perf NAME: when perf cannot record here, NAME skipped and the
# script ended.
needs_perf() {
	perf_works && return 0
	skip "$1" "$PERF_WHY"
	exit 0
}

# needs_python NAME WHAT: without python3, NAME skipped ("python3 is
# needed WHAT") and the script ended.
needs_python() {
	[ -n "$PYTHON" ] && return 0
	skip "$1" "python3 is needed $2"
	exit 0
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

# python_has_frame_pointers PYTHON: PYTHON's C code was compiled with frame
# pointers, as its sysconfig CFLAGS say (the last -f[no-]omit-frame-pointer
# there wins, as it does for the compiler).  Without them, perf's fp call
# graphs are broken at every interpreter frame.
python_has_frame_pointers() {
	"$1" -c "import sysconfig; print(sysconfig.get_config_var('CFLAGS') or '')" \
	    2>/dev/null | tr ' ' '\n' | grep -E '^-f(no-)?omit-frame-pointer$' |
		tail -n 1 | grep -qx -- -fno-omit-frame-pointer
}

# fp_python [VERSION]: a CPython VERSION (3.13 by default) built with frame
# pointers by scripts/build-python.sh, built once into a cache outside the
# clone (PERFVIEWS_CACHE, by default ${XDG_CACHE_HOME:-~/.cache}/perfviews)
# and reused: the first call takes minutes (15 on 2 busy cores).  A lock
# keeps two test scripts from building at once; a build is used only when
# build-python.sh wrote its stamp, so a half-built one is made again
# (remove the directory to rebuild after build-python.sh changes).
# FP_PYTHON, when set to a Python with frame pointers, is used as it is.
# Sets FP_PYTHON to the interpreter, or FP_PYTHON_WHY to why there is none
# (the caller says SKIP).
fp_python() {
	FP_PYTHON_WHY=
	fp_version=${1:-3.13}
	if [ -n "${FP_PYTHON:-}" ] && python_has_frame_pointers "$FP_PYTHON"; then
		return 0
	fi
	fp_cache=${PERFVIEWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfviews}
	fp_dest=$fp_cache/python-$fp_version-fp
	FP_PYTHON=
	if ! mkdir -p "$fp_cache" 2>/dev/null; then
		FP_PYTHON_WHY="cannot make the cache $fp_cache"
		return 1
	fi
	if ! command -v flock >/dev/null 2>&1; then
		FP_PYTHON_WHY="flock is not installed (util-linux)"
		return 1
	fi
	# Under the lock: whoever comes second finds the stamp and builds nothing.
	if [ ! -f "$fp_dest/.perfviews-python" ] &&
	    ! flock -n "$fp_dest.lock" true; then
		echo "waiting for the build of $fp_dest that another test started" >&2
	fi
	flock "$fp_dest.lock" sh -c '
		[ -f "$1/.perfviews-python" ] && exit 0
		echo "building a frame-pointer Python $2 into $1 (once; minutes; log: $1.log)" >&2
		rm -rf "$1"
		sh "$3/scripts/build-python.sh" "$2" "$1" </dev/null >"$1.log" 2>&1
	' sh "$fp_dest" "$fp_version" "$TOP"
	if [ ! -f "$fp_dest/.perfviews-python" ]; then
		fp_error=$(grep 'build-python: error' "$fp_dest.log" 2>/dev/null | tail -n 1)
		[ -n "$fp_error" ] || fp_error=$(tail -n 1 "$fp_dest.log" 2>/dev/null)
		FP_PYTHON_WHY="cannot build Python $fp_version with frame pointers: $fp_error (log: $fp_dest.log)"
		return 1
	fi
	if ! python_has_frame_pointers "$fp_dest/bin/python$fp_version"; then
		FP_PYTHON_WHY="$fp_dest/bin/python$fp_version has no frame pointers in its CFLAGS"
		return 1
	fi
	FP_PYTHON=$fp_dest/bin/python$fp_version
	return 0
}
