#!/bin/sh
# t-flatdiff.sh - does flatdiff tell changes from noise?
#
# 1. Noise: data sets of 20 runs whose functions' shares vary from run to
#    run by a known amount (test/gen-runs.awk: 20% relative, lognormal, on
#    top of the counting error of 1,000 samples a run) are split in halves
#    and the halves compared.  Nothing differs, so every
#    significant row is a false one.  Benjamini-Hochberg at 5% allows a
#    false row in at most 5% of such comparisons (when nothing differs,
#    the false discovery rate is the chance of any), and each function's
#    raw p-value is below 0.05 in about 5% of them (fewer: the counting
#    floor under the variance makes the test conservative).  Over 20
#    comparisons: at most 3 with a false row (P = 1.6% at exactly 5%), and
#    raw p < 0.05 for 1% to 8% of the functions tested.  A data set
#    against itself: no row at all.  Single runs (counting error only, no
#    run-to-run variation): the same bounds for the z-test.
# 2. A change: 3 points of all samples moved from f02 to f12 in every run
#    of B (10 runs a side, 10% variation): both found significant, with
#    the right sign, within 1.2 points of 3 (4 standard errors of the
#    difference), and at most one other row.
#    By category (f00-f09 one category, f10-f29 another): the same change
#    found between the categories, each side's shares those of bycategory,
#    and halves of 20 runs, 5 times: no category significant.
# 3. Real recordings of python3.11 and python3.12 on one workload, 6 runs
#    each: many significant rows, libpython of both versions one DSO; its
#    odd runs against its even runs, for one interpreter: at most 2 (odd
#    and even, not halves: a machine whose speed drifts while it records
#    makes the halves truly differ); the differential flame
#    graph (diffstacks | flamesvg) valid XML, and in headless Chromium each
#    frame coloured as diffstacks' test says, hover, zoom and search
#    working (test/browser/flamediff.mjs).  SKIP where perf cannot record
#    or the interpreters are missing.
. "$(dirname "$0")/lib.sh"

GEN=$TOP/test/gen-runs.awk
PY311=${PY311:-/root/.pyenv/versions/3.11.7/bin/python3.11}
PY312=${PY312:-/root/.pyenv/versions/3.12.1/bin/python3.12}

# halves FILE A B: the first and the second half of FILE's runs, each run
# with its "# perfviews run N/M" line.
halves() {
	awk -v a="$2" -v b="$3" '
	    FNR == NR { if (/^# perfviews run /) n++; next }
	    /^# perfviews run / { r++ }
	    { print > (r <= n / 2 ? a : b) }' "$1" "$1"
}

# odd_even FILE A B: FILE's odd runs and its even runs, each run with its
# "# perfviews run N/M" line.
odd_even() {
	awk -v a="$2" -v b="$3" '
	    /^# perfviews run / { r++ }
	    { print > (r % 2 ? a : b) }' "$1"
}

# csv_count FILE AWK-CONDITION: rows of flatdiff csv output matching it
# ($2 significant, $5 self_diff, $6 self_p, $15 symbol).
csv_count() {
	awk -F, "NR > 1 && ($2)" "$1" | wc -l | tr -d ' '
}

# noise LABEL COMPARISONS RUNS SAMPLES SD: halves of generated data sets.
noise() {
	label=$1 any=0 rows=0 tested=0 low=0 seed=1
	while [ "$seed" -le "$2" ]; do
		awk -v seed="$seed" -v runs="$3" -v samples="$4" -v sd="$5" \
		    -f "$GEN" >"$TMP/all.txt"
		halves "$TMP/all.txt" "$TMP/h1.txt" "$TMP/h2.txt"
		"$BIN/flatdiff" --all -f csv "$TMP/h1.txt" "$TMP/h2.txt" \
		    >"$TMP/noise.csv" || { fail "$label" "flatdiff failed"; return; }
		n=$(csv_count "$TMP/noise.csv" '$2 == "yes"')
		rows=$((rows + n))
		[ "$n" -gt 0 ] && any=$((any + 1))
		tested=$((tested + $(csv_count "$TMP/noise.csv" '$6 != ""')))
		low=$((low + $(csv_count "$TMP/noise.csv" '$6 != "" && $6 < 0.05')))
		seed=$((seed + 1))
	done
	echo "# $label: $any of $2 comparisons with a significant row ($rows rows); raw p < 0.05 for $low of $tested functions tested"
	if [ "$any" -le 3 ] && [ "$tested" -gt 0 ] &&
	    [ $((low * 100)) -ge "$tested" ] && [ $((low * 100)) -le $((tested * 8)) ]; then
		pass "$label"
	else
		fail "$label" "$any comparisons with false rows (at most 3), raw p < 0.05 for $low of $tested (want 1% to 8%)"
	fi
}

noise "halves of 20 runs: false rows as BH allows" 20 20 1000 0.2
noise "halves of 2 single runs: the counting-error test as calibrated" 20 2 5000 0

awk -v seed=7 -v runs=10 -f "$GEN" >"$TMP/same.txt"
"$BIN/flatdiff" --all -f csv "$TMP/same.txt" "$TMP/same.txt" >"$TMP/same.csv"
if [ "$(csv_count "$TMP/same.csv" '$2 == "yes" || $13 == "yes"')" = 0 ] &&
    [ "$(csv_count "$TMP/same.csv" '$6 != "" && $6 != 1')" = 0 ] &&
    [ "$(csv_count "$TMP/same.csv" 1)" -gt 20 ]; then
	pass "a data set against itself: no row significant, every p 1"
else
	fail "a data set against itself" "$(head -n 3 "$TMP/same.csv")"
fi

# 2. A change of known size.
for seed in 1 2 3; do
	awk -v seed="$seed" -v runs=10 -v sd=0.1 -f "$GEN" >"$TMP/a.txt"
	awk -v seed=$((seed + 50)) -v runs=10 -v sd=0.1 -v move=2:12:3 \
	    -f "$GEN" >"$TMP/b.txt"
	"$BIN/flatdiff" -f csv "$TMP/a.txt" "$TMP/b.txt" >"$TMP/change.csv"
	from=$(awk -F, '$15 == "f02" && $2 == "yes" && $5 < -1.8 && $5 > -4.2' "$TMP/change.csv" | wc -l)
	to=$(awk -F, '$15 == "f12" && $2 == "yes" && $5 > 1.8 && $5 < 4.2' "$TMP/change.csv" | wc -l)
	others=$(csv_count "$TMP/change.csv" '$2 == "yes" && $15 != "f02" && $15 != "f12"')
	got=$(awk -F, '$15 == "f02" || $15 == "f12" { printf "%s %s (q %s) ", $15, $5, $7 }' "$TMP/change.csv")
	if [ "$from" = 1 ] && [ "$to" = 1 ] && [ "$others" -le 1 ]; then
		pass "3 points moved from f02 to f12 found (seed $seed): $got"
	else
		fail "3 points moved from f02 to f12 (seed $seed)" "$got; $others other rows"
	fi
done

# 2b. The same by category: f00-f09 are "low", f10-f29 "high", so the 3
# points moved from f02 to f12 move from low to high; each side's shares
# are bycategory's; halves of one data set show no category significant.
printf 'low sym ^f0[0-9]$\nhigh sym ^f[12][0-9]$\n' >"$TMP/gen.rules"
for seed in 1 2 3; do
	awk -v seed="$seed" -v runs=10 -v sd=0.1 -f "$GEN" >"$TMP/a.txt"
	awk -v seed=$((seed + 50)) -v runs=10 -v sd=0.1 -v move=2:12:3 \
	    -f "$GEN" >"$TMP/b.txt"
	"$BIN/flatdiff" --by category --rules "$TMP/gen.rules" -f csv \
	    "$TMP/a.txt" "$TMP/b.txt" >"$TMP/cat.csv"
	low=$(csv_count "$TMP/cat.csv" '$14 == "low" && $2 == "yes" && $5 < -1.8 && $5 > -4.2')
	high=$(csv_count "$TMP/cat.csv" '$14 == "high" && $2 == "yes" && $5 > 1.8 && $5 < 4.2')
	got=$(awk -F, 'NR > 1 { printf "%s %s (q %s) ", $14, $5, $7 }' "$TMP/cat.csv")
	if [ "$low" = 1 ] && [ "$high" = 1 ] && [ "$(csv_count "$TMP/cat.csv" '$2 == "yes"')" = 2 ]; then
		pass "by category: 3 points moved from low to high found (seed $seed): $got"
	else
		fail "by category: 3 points moved from low to high (seed $seed)" "$got"
	fi
done
"$BIN/bycategory" --rules "$TMP/gen.rules" --each -f csv "$TMP/a.txt" "$TMP/b.txt" |
    awk -F, 'NR > 1 { printf "%s %.2f %.2f\n", $1, $3, $5 }' | sort >"$TMP/by.txt"
awk -F, 'NR > 1 { printf "%s %.2f %.2f\n", $14, $3, $4 }' "$TMP/cat.csv" | sort >"$TMP/diff.txt"
same "by category: each side's shares are bycategory's" "$TMP/by.txt" "$TMP/diff.txt"
bad=0
for seed in 1 2 3 4 5; do
	awk -v seed="$seed" -v runs=20 -f "$GEN" >"$TMP/all.txt"
	halves "$TMP/all.txt" "$TMP/h1.txt" "$TMP/h2.txt"
	"$BIN/flatdiff" --by category --rules "$TMP/gen.rules" -f csv \
	    "$TMP/h1.txt" "$TMP/h2.txt" >"$TMP/cat.csv"
	bad=$((bad + $(csv_count "$TMP/cat.csv" '$2 == "yes" || $13 == "yes"')))
done
if [ "$bad" = 0 ]; then
	pass "by category: halves of 20 runs, 5 times: no category significant"
else
	fail "by category: halves of 20 runs" "$bad significant rows"
fi

# 3. Two Pythons.
needs_perf "two Pythons"
if [ ! -x "$PY311" ] || [ ! -x "$PY312" ]; then
	skip "two Pythons" "$PY311 and $PY312 are needed"
	exit 0
fi
record() {
	: >"$2"
	for run in 1 2 3 4 5 6; do
		perf record -q -e cpu-clock -F 4000 -g -o "$TMP/run.data" -- \
		    "$1" -S "$TOP/test/workloads/hot.py" 40 >/dev/null 2>&1 || return 1
		echo "# perfviews run $run/6" >>"$2"
		perf script -i "$TMP/run.data" >>"$2" 2>/dev/null || return 1
	done
}
if ! record "$PY311" "$TMP/py311.txt" || ! record "$PY312" "$TMP/py312.txt"; then
	fail "two Pythons recorded" "perf record or perf script failed"
	exit 0
fi
"$BIN/flatdiff" "$TMP/py311.txt" "$TMP/py312.txt" >"$TMP/pythons.txt"
"$BIN/flatdiff" -f csv "$TMP/py311.txt" "$TMP/py312.txt" >"$TMP/pythons.csv"
sed -n '2,8p' "$TMP/pythons.txt"
significant=$(csv_count "$TMP/pythons.csv" '$2 == "yes"')
awk -F, 'NR > 1 && $2 == "yes" { printf "#   %-8s %7s -> %7s  %-22s %s\n", $1, $3, $4, $14, $15 }' "$TMP/pythons.csv" | head -n 12
if [ "$significant" -ge 5 ] &&
    grep -q '^# DSOs matched with their version numbers set aside: .*libpython3.11.so.1.0 = libpython3.12.so.1.0' "$TMP/pythons.txt" &&
    [ "$(csv_count "$TMP/pythons.csv" '$1 == "changed" && $14 == "libpython.so"')" -ge 5 ]; then
	pass "python3.11 against python3.12: $significant significant rows, libpython matched across versions"
else
	fail "python3.11 against python3.12" "$significant significant rows; $(sed -n 5p "$TMP/pythons.txt")"
fi
"$BIN/flatdiff" --exact-dso -f csv "$TMP/py311.txt" "$TMP/py312.txt" >"$TMP/exact.csv"
both=$(csv_count "$TMP/exact.csv" '$1 == "changed" && $14 ~ /^libpython/')
if [ "$both" = 0 ]; then
	pass "matched by exact DSO, no libpython function is in both"
else
	fail "matched by exact DSO" "$both libpython rows in both"
fi
odd_even "$TMP/py312.txt" "$TMP/h1.txt" "$TMP/h2.txt"
"$BIN/flatdiff" -f csv "$TMP/h1.txt" "$TMP/h2.txt" >"$TMP/halves.csv"
n=$(csv_count "$TMP/halves.csv" '$2 == "yes"')
if [ "$n" -le 2 ]; then
	pass "odd against even runs of python3.12: $n significant rows"
else
	fail "odd against even runs of python3.12" "$n significant rows"
fi

# The differential flame graph.
"$BIN/diffstacks" "$TMP/py311.txt" "$TMP/py312.txt" >"$TMP/pythons.diff"
"$BIN/flamesvg" "$TMP/pythons.diff" >"$TMP/pythons.svg"
if [ -n "$PYTHON" ] && "$PYTHON" -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
    "$TMP/pythons.svg" 2>"$TMP/xml.err"; then
	pass "differential SVG is valid XML"
else
	fail "differential SVG is valid XML" "$(head -n 1 "$TMP/xml.err")"
fi
if ! browser_works; then
	skip "differential graph in Chromium" "$BROWSER_WHY"
	exit 0
fi
(cd "$TOP/test" && node browser/flamediff.mjs "$TMP/pythons.diff" \
    "$TMP/pythons.svg" 2>&1) | report_node "differential graph: "
