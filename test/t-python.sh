#!/bin/sh
# t-python.sh - Python-level views of -X perf profiles: pyprofile (the
# Python functions, their own time by category, callers and callees, and
# --folded for the Python flame graph), one function whatever worker ran
# it, the harness set apart, and make views/record of xperf data sets.
#
# 1. Hand-written perf script text of known answers: two workers (two perf
#    maps) running the same functions; fp-like stacks of four Python
#    frames; leaves in the interpreter, float and libc.  Exact text, CSV
#    and folded output; calltree and bycategory --python agree.
# 2. The same stacks cut at the innermost Python frame (dwarf on a Python
#    without frame pointers): the view says so; no Python frame at all:
#    says so too.
# 3. Real recordings (perf, pyperformance's wheels): bm_nbody with
#    CALLGRAPH=fp on a CPython built with frame pointers (fp_python: built
#    once into a cache outside the clone, else SKIP with the reason) gives
#    whole Python stacks, advance first in ID-python.txt with its category
#    split; CALLGRAPH=dwarf on a pyenv Python (no frame pointers) renders
#    and says what it cannot show; make record warns when CALLGRAPH does
#    not suit the Python's build.
# sanitize: yes
. "$(dirname "$0")/lib.sh"

LIB=/opt/py/lib/libpython3.13.so.1.0
BENCH=/v/lib/python3.13/site-packages/pyperformance/data-files/benchmarks/bm_nbody/run_benchmark.py
PYPERF=/v/lib/python3.13/site-packages/pyperf/_runner.py
JSON=/opt/py/lib/python3.13/json/decoder.py

# sample PID LEAF LEAF_DSO PYFUNC:FILE... (innermost first): one sample,
# each Python frame with interpreter glue below it, as fp stacks have them.
sample() {
	pid=$1 leaf=$2 dso=$3
	shift 3
	printf 'python %s 1.000001:    1001001 cpu-clock: \n' "$pid"
	printf '\t           10000 %s+0x10 (%s)\n' "$leaf" "$dso"
	for f in "$@"; do
		printf '\t    7f0000001000 py::%s+0x6 (/tmp/perf-%s.map)\n' "$f" "$pid"
		printf '\t           f5938 PyObject_Vectorcall+0x58 (%s)\n' "$LIB"
		printf '\t           8d88e _PyEval_EvalFrameDefault+0x1f9e (%s)\n' "$LIB"
	done
	printf '\t           2724a __libc_start_call_main+0x7a (/usr/lib/x86_64-linux-gnu/libc.so.6)\n\n'
}

EVAL="_PyEval_EvalFrameDefault $LIB"
FULL="advance:$BENCH bench_nbody:$BENCH Runner._main:$PYPERF <module>:$BENCH"
{
	for i in 1 2 3; do sample 100 $EVAL $FULL; done
	for i in 1 2; do sample 100 PyFloat_FromDouble $LIB $FULL; done
	sample 200 $EVAL $FULL
	sample 200 $EVAL "Runner._main:$PYPERF" "<module>:$BENCH"
	sample 200 malloc /usr/lib/x86_64-linux-gnu/libc.so.6 \
	    "JSONDecoder.decode:$JSON" "bench_nbody:$BENCH" \
	    "Runner._main:$PYPERF" "<module>:$BENCH"
} >"$TMP/fp.txt"

# 1. Known answers.  advance: self 6 (interpreter 4, float 2) over both
# workers; JSONDecoder.decode (stdlib) self 1 in libc; Runner._main is the
# harness, listed last, self 1.  One sample has two Python frames, the
# others three or more.
if "$BIN/pyprofile" "$TMP/fp.txt" >"$TMP/fp.out" 2>"$TMP/fp.err"; then
	pass "pyprofile reads hand-written fp stacks"
else
	fail "pyprofile reads hand-written fp stacks" "$(head -n 2 "$TMP/fp.err")"
fi
sed -n "/^#   self%/,/^$/p" "$TMP/fp.out" | sed -e "s/ *$//" -e "/^$/d" >"$TMP/fp.table"
cat >"$TMP/fp.expected" <<EOF
#   self%  self  total% total kind    function (file)                         self by category
   75.00%     6  75.00%     6 program advance (bm_nbody/run_benchmark.py)     interpreter 66.7%, float 33.3%
   12.50%     1  12.50%     1 stdlib  JSONDecoder.decode (json/decoder.py)    libc 100.0%
    0.00%     0 100.00%     8 program <module> (bm_nbody/run_benchmark.py)
    0.00%     0  87.50%     7 program bench_nbody (bm_nbody/run_benchmark.py)
# the harness (pyperf, pyperformance):
   12.50%     1 100.00%     8 harness Runner._main (pyperf/_runner.py)        interpreter 100.0%
EOF
same "the table: one row per function over both workers, the harness last" \
    "$TMP/fp.expected" "$TMP/fp.table"
if grep -q '^# 8 samples (100.00%) have a Python frame, 8 (100.00%) two or more, 7 (87.50%) three or more$' "$TMP/fp.out" &&
    ! grep -q 'stop at the innermost' "$TMP/fp.out"; then
	pass "the header counts samples by Python depth"
else
	fail "the header counts samples by Python depth" "$(sed -n 2p "$TMP/fp.out")"
fi
sed -n '/^## advance/,/^$/p' "$TMP/fp.out" >"$TMP/sandwich"
cat >"$TMP/sandwich.expected" <<EOF
## advance (bm_nbody/run_benchmark.py): self 75.00%, total 75.00%
# advance:$BENCH
callers:
    75.00% 6  bench_nbody (bm_nbody/run_benchmark.py)
callees:
    75.00% 6  [self] interpreter 66.7%, float 33.3%

EOF
same "the sandwich of advance: its caller, its own time" \
    "$TMP/sandwich.expected" "$TMP/sandwich"
if grep -q '^callees:$' "$TMP/fp.out" &&
    sed -n '/^## bench_nbody/,/^$/p' "$TMP/fp.out" |
    grep -q '^    75.00% 6  advance (bm_nbody/run_benchmark.py)$' &&
    sed -n '/^## bench_nbody/,/^$/p' "$TMP/fp.out" |
    grep -q '^    12.50% 1  JSONDecoder.decode (json/decoder.py)$'; then
	pass "bench_nbody's callees: advance and JSONDecoder.decode"
else
	fail "bench_nbody's callees: advance and JSONDecoder.decode"
fi

"$BIN/pyprofile" --format csv "$TMP/fp.txt" >"$TMP/fp.csv"
if sed -n 2p "$TMP/fp.csv" | grep -qxF "75.00,6,75.00,6,program,advance,bm_nbody/run_benchmark.py,$BENCH,\"interpreter 4, float 2\",bench_nbody (bm_nbody/run_benchmark.py) 6,\"\"" &&
    [ "$(wc -l <"$TMP/fp.csv")" = 6 ]; then
	pass "csv: full path, counts by category, callers"
else
	fail "csv: full path, counts by category, callers" "$(sed -n 2p "$TMP/fp.csv")"
fi
if [ -n "$PYTHON" ] && "$BIN/pyprofile" --format json "$TMP/fp.txt" |
    "$PYTHON" -c '
import json, sys
d = json.load(sys.stdin)
r = d["rows"]
assert d["total"] == 8 and "three or more" in d["notes"], d
assert [x["function"] for x in r] == ["advance", "JSONDecoder.decode",
    "<module>", "bench_nbody", "Runner._main"], r
assert r[4]["kind"] == "harness" and r[3]["callees"].startswith("advance")
'; then
	pass "json: rows and notes"
else
	fail "json: rows and notes"
fi

"$BIN/pyprofile" --folded "$TMP/fp.txt" >"$TMP/fp.folded"
M="python;py::<module>:$BENCH;py::Runner._main:$PYPERF"
cat >"$TMP/folded.expected" <<EOF
$M;[interpreter] 1
$M;py::bench_nbody:$BENCH;py::JSONDecoder.decode:$JSON;[libc] 1
$M;py::bench_nbody:$BENCH;py::advance:$BENCH;[float] 2
$M;py::bench_nbody:$BENCH;py::advance:$BENCH;[interpreter] 4
EOF
same "--folded: Python frames only, a leaf per category" \
    "$TMP/folded.expected" "$TMP/fp.folded"
if "$BIN/flamesvg" "$TMP/fp.folded" >"$TMP/fp.svg" &&
    grep -q '<g data-label="advance (bm_nbody/run_benchmark.py)"><title>py::advance:/v/lib/python3.13/site-packages/pyperformance/data-files/benchmarks/bm_nbody/run_benchmark.py (6 samples, 75.00%)</title>' "$TMP/fp.svg" &&
    grep -q '<text [^>]*>advance (bm_nbody/run_benchmark.py)</text>' "$TMP/fp.svg"; then
	pass "flamesvg labels Python frames short, their full name in the title"
else
	fail "flamesvg labels Python frames short, their full name in the title"
fi

# One function, one node, whatever worker ran it: the perf maps of both
# workers are one DSO in every view of a profile.
n=$("$BIN/calltree" "$TMP/fp.txt" | grep -c 'py::advance:')
if [ "$n" = 1 ] && "$BIN/flatsort" "$TMP/fp.txt" |
    grep -q '^    0.00%     0  75.00%     6 perf.map  *py::advance:'; then
	pass "calltree and flatsort: advance is one node over two perf maps"
else
	fail "calltree and flatsort: advance is one node over two perf maps" \
	    "$n nodes; $("$BIN/flatsort" "$TMP/fp.txt" | grep advance)"
fi
"$BIN/bycategory" --python --format csv "$TMP/fp.txt" >"$TMP/bycat.csv"
if grep -q '^program,6,' "$TMP/bycat.csv" && grep -q '^stdlib,1,' "$TMP/bycat.csv" &&
    grep -q '^harness,1,' "$TMP/bycat.csv"; then
	pass "bycategory --python: the benchmark is program, pyperf harness"
else
	fail "bycategory --python: the benchmark is program, pyperf harness" \
	    "$(tr '\n' '|' <"$TMP/bycat.csv")"
fi

# 2. Stacks cut at the innermost Python frame (dwarf through the
# trampolines): the same answers for self, and a note that says so.
{
	for i in 1 2 3; do sample 100 $EVAL "advance:$BENCH"; done
	sample 200 PyFloat_FromDouble $LIB "advance:$BENCH"
} >"$TMP/cut.txt"
"$BIN/pyprofile" "$TMP/cut.txt" >"$TMP/cut.out"
if grep -q '^# the stacks stop at the innermost Python frame' "$TMP/cut.out" &&
    grep -q '^  100.00%     4 100.00%     4 program advance (bm_nbody/run_benchmark.py) *interpreter 75.0%, float 25.0%$' "$TMP/cut.out" &&
    grep -q '^  (none seen)$' "$TMP/cut.out"; then
	pass "cut stacks: self by category, and what cannot be shown"
else
	fail "cut stacks: self by category, and what cannot be shown"
	sed 's/^/    /' "$TMP/cut.out" | head -n 12
fi
grep -v 'py::' "$TMP/cut.txt" >"$TMP/native.txt"
if "$BIN/pyprofile" "$TMP/native.txt" >"$TMP/native.out" &&
    grep -q '^# no Python frames: record with -X perf' "$TMP/native.out" &&
    [ "$("$BIN/pyprofile" --folded "$TMP/native.txt")" = "python;[interpreter] 3
python;[float] 1" ] || [ "$("$BIN/pyprofile" --folded "$TMP/native.txt")" = "python;[float] 1
python;[interpreter] 3" ]; then
	pass "no Python frame: says so; the folded stacks are categories"
else
	fail "no Python frame: says so; the folded stacks are categories"
fi

# 2b. make views of raw text alone, whatever its ID's tags: the Python
# views for text with Python frames, none for text without.
mkdir -p "$TMP/raw"
cp "$TMP/fp.txt" "$TMP/raw/hand-perf-freq999-raw.txt"
cp "$TMP/native.txt" "$TMP/raw/native-perf-freq999-raw.txt"
for id in hand-perf-freq999 native-perf-freq999; do
	make -C "$TOP" --no-print-directory views ID=$id DATA="$TMP/raw" \
	    OUT="$TMP/rawout" >/dev/null 2>"$TMP/views-$id.err" ||
		fail "make views $id" "$(tail -n 2 "$TMP/views-$id.err")"
done
V=$TMP/rawout/hand-perf-freq999
if [ -s "$V-python.txt" ] && [ -s "$V-python-flamegraph.svg" ] &&
    [ -s "$V-python.json" ] && grep -q '^## Top Python functions' "$V-README.md" &&
    grep -q '"python": 8' "$V-meta.json" &&
    ! ls "$TMP/rawout"/native-perf-freq999-python* >/dev/null 2>&1 &&
    ! grep -q 'Python functions' "$TMP/rawout/native-perf-freq999-README.md"; then
	pass "make views of raw text: Python views where it has Python frames"
else
	fail "make views of raw text: Python views where it has Python frames" \
	    "$(ls "$TMP/rawout" | tr '\n' ' ')"
fi

# 3. Real recordings of bm_nbody, two workers at 999 Hz: once, with the
# release programs (the sanitizer run has checked them on the inputs
# above); pyperformance's environments are kept beside the fp build.
case $BIN in
*/build/asan/bin)
	skip "real recordings" "run by the release programs' pass"
	exit 0
	;;
esac
WHEELS=$SHARED/vendor/wheels
VENVS=${PERFVIEWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfviews}/pyperformance
MAKE="make -C $TOP --no-print-directory"
ID=bm_nbody-perf-freq999x2-xperf
needs_perf "real recordings"
if ! ls "$WHEELS"/pyperformance-*.whl >/dev/null 2>&1; then
	skip "real recordings" "no pyperformance wheel in $WHEELS"
	exit 0
fi
export PIP_NO_INDEX=1 PIP_FIND_LINKS="$WHEELS"

# share_of FILE: the share of the raw file's samples with three or more
# py:: frames, and with advance among them, in percent: "THREE ADVANCE".
depth_shares() {
	xz -dc "$1" | awk '
		/^[^\t#].* cpu-clock:/ { if (n) done(); n = 1; py = 0; adv = 0; next }
		/^\t.* py::/ { py++; if ($0 ~ / py::advance:/) adv = 1 }
		END { if (n) done(); printf "%d %d\n", 100 * three / all, 100 * deep / all }
		function done() { all++; if (py >= 3) three++; if (py >= 3 && adv) deep++ }'
}

# 3a. A CPython built with frame pointers, CALLGRAPH=fp: whole stacks.
if ! fp_python 3.13; then
	skip "fp CPython 3.13, CALLGRAPH=fp" "$FP_PYTHON_WHY"
elif ! $MAKE record ID=$ID CALLGRAPH=fp PYTHON="$FP_PYTHON" DATA="$TMP/fp" \
    OUT="$TMP/fpout" BENCH_CACHE="$VENVS" XZ="xz -1" \
    >"$TMP/rec-fp.out" 2>"$TMP/rec-fp.err"; then
	fail "fp CPython 3.13, CALLGRAPH=fp: make record" "$(tail -n 3 "$TMP/rec-fp.err")"
else
	set -- $(depth_shares "$TMP/fp/$ID-raw.txt.xz")
	if [ "$1" -ge 90 ] && [ "$2" -ge 90 ]; then
		pass "fp: $1% of the samples have 3+ py:: frames, $2% down to advance"
	else
		fail "fp: whole Python stacks" "$1% with 3+ py:: frames, $2% down to advance"
	fi
	V=$TMP/fpout/$ID
	first=$(grep -v '^#' "$V-python.txt" | head -n 1)
	case $first in
	*" program advance (bm_nbody/run_benchmark.py) "*interpreter*%,*)
		pass "fp: advance first in ID-python.txt, with its category split" ;;
	*) fail "fp: advance first in ID-python.txt" "$first" ;;
	esac
	if grep -q '^# the harness (pyperf, pyperformance):$' "$V-python.txt" &&
	    grep -q 'harness Runner._main (pyperf/_runner.py)' "$V-python.txt" &&
	    sed -n '/^## advance/,/^$/p' "$V-python.txt" |
	    grep -q '  bench_nbody (bm_nbody/run_benchmark.py)$'; then
		pass "fp: the harness set apart; advance called by bench_nbody"
	else
		fail "fp: the harness set apart; advance called by bench_nbody"
	fi
	if grep -q 'py::bench_nbody:[^;]*/bm_nbody/run_benchmark.py;py::advance:[^;]*/bm_nbody/run_benchmark.py;\[interpreter\] [0-9]' "$V-python-folded.txt" &&
	    grep -q 'advance (bm_nbody/run_benchmark.py)' "$V-python-flamegraph.svg" &&
	    [ -s "$V-python.csv" ] && [ -s "$V-python.json" ]; then
		pass "fp: the Python flame graph, csv and json"
	else
		fail "fp: the Python flame graph, csv and json"
	fi
	if grep -q '^## Top Python functions' "$V-README.md" &&
	    grep -q 'program advance (bm_nbody/run_benchmark.py)' "$V-README.md" &&
	    grep -q '^Call graphs by frame pointers, through a Python built with them' "$V-README.md" &&
	    grep -q "\[$ID-python-flamegraph.svg\]" "$V-README.md"; then
		pass "fp: the README names the hottest Python functions and the call graphs"
	else
		fail "fp: the README names the hottest Python functions and the call graphs"
	fi
	n=$(grep -c 'py::advance:' "$V-calltree.txt")
	if [ "$n" = 1 ]; then
		pass "fp: advance is one node of the call tree over both workers"
	else
		fail "fp: advance is one node of the call tree" "$n nodes"
	fi
	# The reverse mismatch: dwarf asked of a Python with frame pointers.
	$MAKE record ID=pass-perf-freq99 CALLGRAPH=dwarf PYTHON="$FP_PYTHON" \
	    DATA="$TMP/warn" OUT="$TMP/warnout" XZ="xz -1" >/dev/null 2>"$TMP/warn.err"
	if grep -q "CALLGRAPH=dwarf, but $FP_PYTHON has frame pointers" "$TMP/warn.err"; then
		pass "make record warns: dwarf asked of a Python with frame pointers"
	else
		fail "make record warns: dwarf asked of a Python with frame pointers" \
		    "$(head -n 2 "$TMP/warn.err")"
	fi
fi

# 3b. A Python without frame pointers (pyenv's), CALLGRAPH=dwarf.
PY=
for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
	[ -x "$p" ] && ! python_has_frame_pointers "$p" && PY=$p
done
if [ -z "$PY" ]; then
	skip "dwarf on a Python without frame pointers" "no pyenv Python 3.12 or later without frame pointers"
	exit 0
fi
if ! $MAKE record ID=$ID CALLGRAPH=dwarf PYTHON="$PY" DATA="$TMP/dw" \
    OUT="$TMP/dwout" BENCH_CACHE="$VENVS" XZ="xz -1" \
    >"$TMP/rec-dw.out" 2>"$TMP/rec-dw.err"; then
	fail "dwarf: make record" "$(tail -n 3 "$TMP/rec-dw.err")"
	exit 0
fi
V=$TMP/dwout/$ID
first=$(grep -v '^#' "$V-python.txt" | head -n 1)
if grep -q '^# the stacks stop at the innermost Python frame' "$V-python.txt"; then
	pass "dwarf: ID-python.txt says the stacks stop at the innermost Python frame"
else
	fail "dwarf: ID-python.txt says what it cannot show" "$(sed -n 2,3p "$V-python.txt")"
fi
case $first in
*" program advance (bm_nbody/run_benchmark.py) "*interpreter*)
	pass "dwarf: advance first, with its category split" ;;
*) fail "dwarf: advance first" "$first" ;;
esac
if grep -q 'Python stacks are cut at the innermost Python frame' "$V-README.md" &&
    [ -s "$V-python-flamegraph.svg" ]; then
	pass "dwarf: the README says so; the Python flame graph renders"
else
	fail "dwarf: the README says so; the Python flame graph renders"
fi
$MAKE record ID=pass-perf-freq99 CALLGRAPH=fp PYTHON="$PY" \
    DATA="$TMP/warn2" OUT="$TMP/warnout2" XZ="xz -1" >/dev/null 2>"$TMP/warn2.err"
if grep -q "CALLGRAPH=fp, but $PY was built without frame pointers" "$TMP/warn2.err"; then
	pass "make record warns: fp asked of a Python without frame pointers"
else
	fail "make record warns: fp asked of a Python without frame pointers" \
	    "$(head -n 2 "$TMP/warn2.err")"
fi
