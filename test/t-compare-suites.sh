#!/bin/sh
# t-compare-suites.sh - two suites compared, benchmark by benchmark
# (issue 22): perfviews suite define, perfviews compare-suites, make
# compare-suites.
#
# 1. Generated runs (test/gen-runs.awk) with meta.json beside them, the
#    functions renamed into CPython's categories (eval loop, dict, memory,
#    int, gc).  Suite A has benchmarks alpha, beta and gamma, suite B alpha
#    and beta, each in a data directory of its own, every ID alike in both.
#    B's alpha moves 6 points of its samples from the dict function to the
#    int one (equal loops: time per loop moves alike); B's beta is A's
#    profile drawn anew (another seed).  The comparison finds dict down and
#    int up in alpha, significant, and nothing in beta or elsewhere; the
#    timing is pyperf's means of meta.json; gamma is listed as A's alone;
#    the csv files have their shapes; each benchmark's make compare files
#    are there and linked; the chart draws the planted changes significant
#    with their signs, and the json says what the csv files say.  The definitions read back (a bad one refused).
# 2. Real recordings: suites of nbody under Python 3.11, nbody and float
#    under 3.12 (pyenv's, 2 runs at 999 Hz), and 3.12 again with nbody
#    alone, made with make suite into a directory each (four recordings).
#    What holds for any recording: the suite's page names its Python and
#    has a row per benchmark by category; every benchmark is named, those
#    of both sides linked to their comparison, the csv files have their
#    shapes, the page's geometric mean is that of the csv's ratios, float
#    is listed as one side's alone, and 3.12 against itself has at most 2
#    significant category rows at a 1% false discovery rate.  SKIP without
#    perf, the Pythons or the wheels.
. "$(dirname "$0")/lib.sh"

GEN=$TOP/test/gen-runs.awk
D=$TMP/gen
OUT=$TMP/out
mkdir -p "$D/a" "$D/b" "$OUT"
TAIL=perf-freq1000x6

# gen DIR BENCHMARK SEED [MOVE]: a data set's raw file and meta.json, its
# functions f00..f04 named after functions of five categories, 2 loops a
# value and 3 values a run, pyperf's timing as given.
gen() {
	id=bm_$2-$TAIL
	awk -v seed="$3" -v runs=6 -v samples=1500 -v sd=0.1 -v move="$4" -f "$GEN" |
	    sed -e 's/ f00+/ _PyEval_EvalFrameDefault+/' -e 's/ f01+/ PyDict_GetItem+/' \
	        -e 's/ f02+/ _PyObject_Malloc+/' -e 's/ f03+/ long_add+/' \
	        -e 's/ f04+/ gc_collect_main+/' >"$1/$id-raw.txt"
	"$BIN/perfviews" meta --raw "$1/$id-raw.txt" --set tool.event=cpu-clock \
	    --set benchmark.loops=2 --set benchmark.values_per_run=3 \
	    --set benchmark.mean_seconds="$5" --set benchmark.stdev_seconds=0.0001 \
	    $id >"$1/$id-meta.json"
}
gen "$D/a" alpha 1 "" 0.0100
gen "$D/a" beta 2 "" 0.0200
gen "$D/a" gamma 3 "" 0.0300
gen "$D/b" alpha 4 1:3:6 0.0090
gen "$D/b" beta 5 "" 0.02001
"$BIN/perfviews" suite define --data "$D/a" sa bm_alpha-$TAIL bm_beta-$TAIL \
    bm_gamma-$TAIL >"$OUT/sa-suite.json"
"$BIN/perfviews" suite define --data "$D/b" sb bm_alpha-$TAIL bm_beta-$TAIL \
    bm_delta-$TAIL >"$OUT/sb-suite.json"

# The definition: the data sets, where they are, recorded or not.
if grep -q '^  "name": "sa",$' "$OUT/sa-suite.json" &&
    grep -q '^  "frequency": 1000,$' "$OUT/sa-suite.json" &&
    grep -q '^  "runs": 6,$' "$OUT/sa-suite.json" &&
    grep -q "{\"benchmark\": \"gamma\", \"id\": \"bm_gamma-$TAIL\", \"data\": \"$D/a\", \"recorded\": true}" "$OUT/sa-suite.json" &&
    grep -q '"benchmark": "delta", .*"recorded": false}' "$OUT/sb-suite.json"; then
	pass "suite define: name, setting, each data set and where it is"
else
	fail "suite define" "$(head -n 12 "$OUT/sb-suite.json" | paste -s -d'|' -)"
fi
echo '{"format": "perfviews suite 1", "name": "x"}' >"$TMP/bad-suite.json"
if "$BIN/perfviews" compare-suites --out "$OUT" "$TMP/bad-suite.json" sb \
    >/dev/null 2>"$TMP/bad.err"; then
	fail "a bad definition" "accepted"
elif grep -q "bad-suite.json: not a suite's definition" "$TMP/bad.err"; then
	pass "a bad definition: refused, naming the file"
else
	fail "a bad definition" "$(cat "$TMP/bad.err")"
fi
if "$BIN/perfviews" compare-suites --out "$OUT" sa nosuch >/dev/null 2>"$TMP/none.err"; then
	fail "a suite not defined" "accepted"
elif grep -q "nosuch-suite.json: .*make suite SUITE=NAME writes OUT/NAME-suite.json" "$TMP/none.err"; then
	pass "a suite not defined: refused, saying how to define it"
else
	fail "a suite not defined" "$(cat "$TMP/none.err")"
fi

"$BIN/perfviews" compare-suites --out "$OUT" sa sb >"$TMP/cmp.out" 2>"$TMP/cmp.err" ||
    fail "compare-suites on generated runs" "$(tail -n 3 "$TMP/cmp.err" | paste -s -d'|' -)"
R=$OUT/sa-vs-sb
CSV=$R-categories.csv
sig() { # sig BENCHMARK CATEGORY: its sign when significant, else "no"
	awk -F, -v b="$1" -v c="$2" '$1 == b && $2 == c {
		print $12 != "yes" ? "no" : $6 < 0 ? "down" : "up" }' "$CSV"
}
others=$(awk -F, 'NR > 1 && $12 == "yes" && !($1 == "alpha" && ($2 == "dict" || $2 == "int"))' "$CSV" | wc -l)
if [ "$(sig alpha dict)" = down ] && [ "$(sig alpha int)" = up ] && [ "$others" = 0 ]; then
	pass "planted: alpha's dict down and int up, significant; no other row"
else
	fail "planted shift" "dict $(sig alpha dict), int $(sig alpha int), $others others: $(awk -F, '$12 == "yes"' "$CSV" | paste -s -d'|' -)"
fi
if head -n 1 "$CSV" | grep -qx 'benchmark,category,unit,a,b,change,a_share,b_share,share_change,p,q,significant' &&
    [ "$(awk -F, 'NR > 1 && $3 != "ms per loop"' "$CSV" | wc -l)" = 0 ] &&
    [ "$(awk -F, 'NR > 1 && NF != 12' "$CSV" | wc -l)" = 0 ] &&
    [ "$(awk -F, 'NR > 1 {print $1}' "$CSV" | sort -u | paste -s -d' ' -)" = "alpha beta" ]; then
	pass "categories.csv: its columns, ms per loop, alpha and beta only"
else
	fail "categories.csv" "$(head -n 3 "$CSV" | paste -s -d'|' -)"
fi
if [ "$(cat "$R-timing.csv")" = "benchmark,a_seconds,b_seconds,ratio,significant,a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,disagree
alpha,0.01,0.009,0.9,yes,0.25,0.25,1,no,
beta,0.02,0.02001,1.0005,no,0.25,0.25,1,no," ]; then
	pass "timing.csv: pyperf's means, their ratio, beyond noise or not; the profile's CPU time per loop, its ratio and test"
else
	fail "timing.csv" "$(paste -s -d'|' "$R-timing.csv")"
fi
P=bm_alpha-$TAIL-a-vs-b
if grep -q '^# Suites compared: sb against sa$' "$R-README.md" &&
    grep -q "geometric mean of the ratios .* over 2 benchmarks): B takes \*\*0.949×\*\* A's wall time (1.05× faster)" "$R-README.md" &&
    grep -q "^- \*\*CPU time\*\* (the geometric mean .* over 2 benchmarks): B takes \*\*1.000×\*\* A's CPU time" "$R-README.md" &&
    grep -q "^| alpha | 10.0 ms | 9.00 ms | 0.900 | \*\*yes\*\* .* | 1.000 | \*\*dict -[0-9.]*\*\*, \*\*int +[0-9.]*\*\*.*(ms per loop) | .*\`PyDict_GetItem\` -[0-9.]*.* | no eval loop placed | \[README\]($P-README.md) · \[diff\]($P-diff.txt) · \[flame graph\]($P-diffgraph.svg) |$" "$R-README.md" &&
    grep -q '^| beta | ' "$R-README.md" &&
    grep -q "^- gamma (\`bm_gamma-$TAIL\`, in \`$D/a\`): only in A$" "$R-README.md" &&
    grep -q "^- delta (\`bm_delta-$TAIL\`, in \`$D/b\`): only in B$" "$R-README.md" &&
    [ -s "$OUT/$P-diff.txt" ] && [ -s "$OUT/$P-diffgraph.svg" ] && [ -s "$OUT/$P-README.md" ] &&
    [ -s "$OUT/bm_beta-$TAIL-a-vs-b-README.md" ]; then
	pass "README: the speed, a row per benchmark with its pages (no eval loop in generated runs: said), one side's alone"
else
	fail "README" "$(grep -E '^(- \*\*Speed|\| alpha|- gamma)' "$R-README.md" | paste -s -d'|' -)"
fi
if grep -q '^wrote .*/sa-vs-sb-README.md, -timing.csv, -categories.csv, -categories.svg and -comparison.json (2 benchmarks compared)$' "$TMP/cmp.out"; then
	pass "compare-suites says what it wrote"
else
	fail "compare-suites' message" "$(cat "$TMP/cmp.out")"
fi
# The chart: a bar per category that changed (at most 8 a benchmark), the
# two planted ones significant, with their signs; the json: what the csv
# files say.
if [ -z "$PYTHON" ]; then
	skip "categories.svg and comparison.json" "no python3"
elif "$PYTHON" - "$R-categories.svg" "$R-comparison.json" "$CSV" <<'PY' >"$TMP/py.out" 2>&1
import csv, json, sys, xml.etree.ElementTree as E
svg = E.parse(sys.argv[1]).getroot()
bars = [g for g in svg.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") == "seg"]
sig = sorted((g.get("data-category"), float(g.get("data-change")) > 0)
             for g in bars if g.get("data-significant") == "yes")
assert sig == [("dict", False), ("int", True)], sig
rows = [r for r in csv.DictReader(open(sys.argv[3])) if float(r["change"]) != 0]
assert len(bars) == len(rows), (len(bars), len(rows))
d = json.load(open(sys.argv[2]))
assert (d["a"], d["b"], d["only_in_a"], d["only_in_b"]) == ("sa", "sb", ["gamma"], ["delta"]), d
assert abs(d["geometric_mean_ratio"] - (0.9 * 1.0005) ** 0.5) < 1e-6
cats = {(b["benchmark"], c["category"]): c for b in d["benchmarks"] for c in b["categories"]}
for r in csv.DictReader(open(sys.argv[3])):
    c = cats[(r["benchmark"], r["category"])]
    assert c["significant"] == (r["significant"] == "yes"), r
    assert abs(c["change"] - float(r["change"])) <= 1e-5 * max(1, abs(c["change"])), r
print(len(bars))
PY
then
	pass "categories.svg: a bar per change, the planted two significant with their signs; the json agrees with the csv"
else
	fail "categories.svg and comparison.json" "$(tail -n 2 "$TMP/py.out" | paste -s -d'|' -)"
fi

# 2. Real recordings.
needs_perf "suites of 3.11 and 3.12"
if ! bench_pythons; then
	skip "suites of 3.11 and 3.12" "$BENCH_WHY"
	exit 0
fi
MAKE="make -C $TOP --no-print-directory"
R=$TMP/rec
O=$TMP/rout
# suite NAME PYTHON BENCHMARKS: make suite into a data directory of its own.
suite() {
	if ! $MAKE suite SUITE="$1" DATA="$R/$1" OUT="$O" BENCHMARKS="$3" FREQ=999 RUNS=2 \
	    PYTHON="$2" XZ="xz -1" >"$TMP/suite-$1.out" 2>"$TMP/suite-$1.err"; then
		fail "make suite $1" "$(tail -n 2 "$TMP/suite-$1.err" | paste -s -d'|' -)"
		exit 0
	fi
}
suite r311 "$PY311" "nbody"
suite r312 "$PY312" "nbody float"
suite r312b "$PY312" "nbody"
if grep -q "^wrote $O/r312-README.md, $O/r312-suite.json" "$TMP/suite-r312.out" &&
    grep -q "\"build\": \"CPython 3.12" "$O/r312-suite.json" &&
    grep -q "\"build\": \"CPython 3.11" "$O/r311-suite.json" &&
    grep -q "{\"benchmark\": \"float\", \"id\": \"bm_float-perf-freq999x2\", \"data\": \"$R/r312\", \"recorded\": true}" "$O/r312-suite.json"; then
	pass "make suite writes the suite's definition: its build and data sets"
else
	fail "make suite's definition" "$(grep -E 'build|float' "$O/r312-suite.json" | paste -s -d'|' -)"
fi
# The suite's page: its Python named, by category a table a row per
# benchmark, each row's shares summing to 100%.
if head -n 3 "$O/r311-README.md" | grep -q '; Python 3\.11\.[0-9]' &&
    head -n 3 "$O/r312-README.md" | grep -q '; Python 3\.12\.[0-9]' &&
    ! head -n 3 "$O/r311-README.md" | grep -q 'Python ?' &&
    sed -n '/^## By category/,/^## /p' "$O/r312-README.md" |
    awk -F'|' '/^\| (nbody|float) \|/ { n++; s = 0; for (i = 3; i < NF; i++) s += $i
	if (s < 99.5 || s > 100.5) bad++ } END { exit !(n == 2 && !bad) }'; then
	pass "the suite's page: its Python, by category a row per benchmark summing to 100%"
else
	fail "the suite's page" "$(sed -n '/^## By category/,$p' "$O/r312-README.md" | grep '^|' | paste -s -d'|' -)"
fi

# compared A B FDR: make compare-suites, and what holds for any recording.
compared() {
	if ! $MAKE compare-suites A="$1" B="$2" OUT="$O" FDR="$3" >"$TMP/cs.out" 2>"$TMP/cs.err"; then
		fail "make compare-suites A=$1 B=$2" "$(tail -n 2 "$TMP/cs.err" | paste -s -d'|' -)"
		return 1
	fi
	C=$O/$1-vs-$2
	geo=$(awk -F, 'NR > 1 && $4 != "" { s += log($4); n++ } END { if (n) printf "%.3f", exp(s / n) }' "$C-timing.csv")
	cgeo=$(awk -F, 'NR > 1 && $8 != "" { s += log($8); n++ } END { if (n) printf "%.3f", exp(s / n) }' "$C-timing.csv")
	rows=$(awk -F, 'NR > 1' "$C-timing.csv" | wc -l)
	if [ "$(head -n 1 "$C-timing.csv")" = "benchmark,a_seconds,b_seconds,ratio,significant,a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,disagree" ] &&
	    [ "$(head -n 1 "$C-categories.csv")" = "benchmark,category,unit,a,b,change,a_share,b_share,share_change,p,q,significant" ] &&
	    [ "$(awk -F, 'NR > 1 && (NF != 12 || $3 != "ms per loop")' "$C-categories.csv" | wc -l)" = 0 ] &&
	    [ -n "$geo" ] && [ -n "$cgeo" ] &&
	    grep -q "^| \*\*geometric mean\*\* ($rows) | | | \*\*$geo\*\* | | \*\*$cgeo\*\* |" "$C-README.md"; then
		pass "$1 against $2: csv shapes, the geometric means (wall, CPU) those of the csv's ratios ($geo, $cgeo)"
	else
		fail "$1 against $2: csv and geometric mean" "$geo over $rows: $(grep 'geometric mean\*\*' "$C-README.md")"
	fi
}
if compared r311 r312 5; then
	P=bm_nbody-perf-freq999x2-r311-vs-r312
	if grep -q "^| nbody | .* | \[README\]($P-README.md) · \[diff\]($P-diff.txt) · \[flame graph\]($P-diffgraph.svg) |$" "$C-README.md" &&
	    grep -q '^- float (`bm_float-perf-freq999x2`, in `.*/r312`): only in B$' "$C-README.md" &&
	    [ -s "$O/$P-diffgraph.svg" ] &&
	    grep -q '^Two Python builds: the build is the difference under test.$' "$C-README.md" &&
	    [ "$(awk -F, 'NR > 1 {print $1}' "$C-categories.csv" | sort -u | paste -s -d' ' -)" = "nbody" ]; then
		pass "3.11 against 3.12: every benchmark named, nbody's comparison linked, float B's alone, the builds under test"
	else
		fail "3.11 against 3.12" "$(grep -E '^\| (nbody|float) ' "$C-README.md" | cut -c1-200 | paste -s -d'|' -)"
	fi
	# pyenv's builds have the DWARF bytecode places samples by: the
	# families (or named parts) that changed most, each with its change.
	if grep -Eq '^\| nbody \| .* \| (\*\*)?`\[?[A-Za-z0-9_]+\]?` [+-][0-9.]+(\*\*)?(, (\*\*)?`\[?[A-Za-z0-9_]+\]?` [+-][0-9.]+(\*\*)?)* \| \[README\]' "$C-README.md"; then
		pass "3.11 against 3.12: nbody's eval loop families that changed most named"
	else
		fail "3.11 against 3.12: eval loop families" "$(grep -E '^\| nbody ' "$C-README.md" | cut -c1-400)"
	fi
fi
# The noise floor: 3.12 recorded twice beside 3.12 against 3.11.
if $MAKE compare-suites A=r312 B=r311 NULL=r312b OUT="$O" >"$TMP/nul.out" 2>"$TMP/nul.err"; then
	C=$O/r312-vs-r311
	if grep -q '^- \*\*Noise floor\*\* (A against suite r312b, A.s build recorded again: differences with no cause): wall time [0-9.]*× ([01] of 1 beyond noise), CPU time [0-9.]*× ([01] of 1); categories: [0-9]* of [0-9]* rows significant' "$C-README.md" &&
	    grep -q '^| benchmark | A | B | B / A | beyond noise | CPU B / A | floor: r312b / A (CPU) |' "$C-README.md" &&
	    grep -q '^| nbody | .* | [0-9.]* ([0-9.]*) | .*' "$C-README.md" &&
	    grep -q 'noise floor: r312-vs-r312b' "$TMP/nul.out"; then
		pass "NULL=r312b: the noise floor beside the result, overall and for nbody"
	else
		fail "NULL=r312b" "$(grep -E '^(- \*\*Noise|\| benchmark|\| nbody)' "$C-README.md" | cut -c1-160 | paste -s -d'|' -) $(head -n 1 "$TMP/nul.err")"
	fi
fi
if ! $MAKE compare-suites A=r312 B=r311 NULL=r311 OUT="$O" >/dev/null 2>"$TMP/nul2.err" &&
    grep -q 'the null suite r311 is of another build than r312 (CPython 3.11.*, CPython 3.12.*): the noise floor is A.s build recorded again' "$TMP/nul2.err"; then
	pass "NULL of another build: refused, naming both builds"
else
	fail "NULL of another build" "$(head -n 1 "$TMP/nul2.err")"
fi
if compared r312 r312b 1; then
	n=$(awk -F, 'NR > 1 && $12 == "yes"' "$C-categories.csv" | wc -l)
	if [ "$n" -le 2 ] && grep -q '^- float (`bm_float-perf-freq999x2`, in `.*/r312`): only in A$' "$C-README.md"; then
		pass "3.12 against itself: $n significant category rows at a 1% FDR (at most 2); float in A alone"
	else
		fail "3.12 against itself" "$n significant: $(awk -F, '$12 == "yes"' "$C-categories.csv" | paste -s -d'|' -)"
	fi
fi
