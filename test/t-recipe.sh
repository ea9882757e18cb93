#!/bin/sh
# t-recipe.sh - the recipe for two builds of docs/benchmarks.md, run as
# written (the block after "<!-- t-recipe: two builds -->"), with one
# benchmark (richards) for the recipe's three, in a directory of its own whose
# programs, Makefile and sources are the clone's: one DATA, one OUT, three
# suites tagged with their builds (py311, py312, then py311 again as the
# noise floor), compared, and published into one directory.  What holds
# for any recording of the recipe:
#
# - every published data set's README, flat profile and meta.json agree
#   on its build (the Python version its build tag names) and its samples;
# - both suites, their definitions and the comparison of the suites are
#   published, and the index lists the data sets by build;
# - the comparison does not call the build tags an unfairness;
# - compare-suites on the published definitions, from a copy of the
#   directory elsewhere, gives the timing table the recording machine's
#   OUT has;
# - the comparison gives both speeds (wall, CPU) per benchmark and their
#   geometric means, and richards' change in CPU time per loop is the sum
#   of its functions' changes.
#
# SKIP without perf, pyenv's 3.11.7 and 3.12.1 or the wheels.
. "$(dirname "$0")/lib.sh"

PY311=$HOME/.pyenv/versions/3.11.7/bin/python3.11
PY312=$HOME/.pyenv/versions/3.12.1/bin/python3.12
why=
[ "$(id -u)" = 0 ] || why="needs root for perf"
command -v perf >/dev/null 2>&1 || why="${why:-perf is not installed}"
[ -x "$PY311" ] && [ -x "$PY312" ] || why="${why:-the recipe's Pythons are not here ($PY311, $PY312)}"
[ -d "$SHARED/vendor/wheels" ] || why="${why:-no wheels in $SHARED/vendor/wheels}"
if [ -n "$why" ]; then
	skip "the recipe for two builds" "$why"
	exit 0
fi

# The recipe, from its page.
awk '/^<!-- t-recipe: two builds -->$/ { on = 1; next }
    on && /^```shell$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' "$TOP/docs/benchmarks.md" >"$TMP/recipe.sh"
if ! grep -q '^make suite SUITE=s311 TAGS=py311 BENCHMARKS="nbody richards float"' "$TMP/recipe.sh" ||
    ! grep -q '^make publish DEST=published' "$TMP/recipe.sh"; then
	fail "the recipe for two builds" "not found in docs/benchmarks.md: $(head -n 2 "$TMP/recipe.sh" | paste -s -d'|' -)"
	exit 0
fi
sed 's/BENCHMARKS="nbody richards float"/BENCHMARKS=richards/' "$TMP/recipe.sh" >"$TMP/run.sh"

# A directory like a clone (its paths are relative to one), sharing the
# clone's built programs: data/, out/ and published/ are the recipe's.
W=$TMP/clone
mkdir -p "$W"
for f in Makefile datasets.mk common filters scripts share examples man test bin build; do
	ln -s "$TOP/$f" "$W/$f"
done
ln -s "$SHARED" "$TMP/shared"
unset DATA OUT DEST TAGS LOOPS BENCHMARKS PYTHON
# (SUITE, the recipe's make variable, names this script's results here.)
if ! (cd "$W" && unset SUITE && sh -e "$TMP/run.sh") >"$TMP/recipe.out" 2>"$TMP/recipe.err"; then
	fail "the recipe for two builds" "$(tail -n 3 "$TMP/recipe.err" | paste -s -d'|' -)"
	exit 0
fi
pass "the recipe for two builds runs as written (richards)"
P=$W/published

# Each published data set: README, flat profile and meta.json agree.
bad=
n=0
for meta in "$P"/bm_*-meta.json; do
	id=$(basename "$meta" -meta.json)
	total=$(sed -n 's/^ *"total": \([0-9]*\),*$/\1/p' "$meta")
	version=$(sed -n 's/^ *"version": "\([0-9.]*\) .*/\1/p' "$meta" | head -n 1)
	tag=$(echo "$id" | sed 's/.*-\(py[0-9][^-]*\).*/\1/')
	case $tag:$version in
	py311:3.11.* | py312:3.12.*) ;;
	*) bad="$bad $id: tag $tag, Python $version;" ;;
	esac
	grep -q "^# flatsort: total $total samples" "$P/$id-flat.txt" ||
	    bad="$bad $id: flat $(grep -m 1 total "$P/$id-flat.txt"), meta $total;"
	grep -q " $total samples in all\.$" "$P/$id-README.md" &&
	    grep -q "^Python: $version " "$P/$id-README.md" ||
	    bad="$bad $id: README not of $version, $total samples;"
	n=$((n + 1))
done
if [ $n = 3 ] && [ -z "$bad" ]; then
	pass "published: each data set's README, flat profile and meta.json agree on its build and samples"
else
	fail "published data sets" "$n data sets;$bad"
fi

missing=
for f in s311-README.md s311-suite.json s312-README.md s312-suite.json s311b-suite.json \
    s311-vs-s312-README.md s311-vs-s312-timing.csv \
    bm_richards-perf-freq999x3-py311-vs-bm_richards-perf-freq999x3-py312-README.md; do
	[ -s "$P/$f" ] || missing="$missing $f"
done
index=$P/README.md
if [ -z "$missing" ] && grep -q '^### Python 3\.11\.[0-9]*, tag py311$' "$index" &&
    grep -q '^### Python 3\.12\.[0-9]*, tag py312$' "$index"; then
	pass "published: the suites, their definitions and their comparison; the index lists the data sets by build"
else
	fail "published suites" "missing:$missing; $(grep '^###' "$index" | paste -s -d'|' -)"
fi

# A recorded again, after B: the noise floor beside the result.
if grep -q '^- \*\*Noise floor\*\* (A against suite s311b, ' "$W/out/s311-vs-s312-README.md" &&
    grep -q '^| benchmark | .* | floor: s311b / A (CPU) |' "$W/out/s311-vs-s312-README.md"; then
	pass "A, B, A': the noise floor, A' against A, beside the result"
else
	fail "the noise floor" "$(grep -c 'Noise floor' "$W/out/s311-vs-s312-README.md")"
fi
cmp_readme=$W/out/bm_richards-perf-freq999x3-py311-vs-bm_richards-perf-freq999x3-py312-README.md
if [ -s "$cmp_readme" ] && ! grep -q '^- \*\*Tags\*\*' "$cmp_readme" &&
    grep -q '^Alike in A and B: .*tags' "$cmp_readme"; then
	pass "the build tags are not an unfairness of the comparison"
else
	fail "the build tags in the comparison" "$(grep -i 'tags' "$cmp_readme" | head -n 2 | paste -s -d'|' -)"
fi

# From a copy of the published directory, elsewhere.
cp -r "$P" "$TMP/elsewhere"
mkdir -p "$TMP/again"
if (cd / && "$BIN/perfviews" compare-suites --no-pages --out "$TMP/again" \
    "$TMP/elsewhere/s311-suite.json" "$TMP/elsewhere/s312-suite.json") \
    >/dev/null 2>"$TMP/again.err" &&
    cmp -s "$W/out/s311-vs-s312-timing.csv" "$TMP/again/s311-vs-s312-timing.csv"; then
	pass "compare-suites on the published suites, elsewhere: the recording machine's timing table"
else
	fail "compare-suites on the published suites" "$(head -n 2 "$TMP/again.err") $(diff "$W/out/s311-vs-s312-timing.csv" "$TMP/again/s311-vs-s312-timing.csv" | head -n 4 | paste -s -d'|' -)"
fi

# Both speeds per benchmark and their geometric means; the CPU time's
# change is the sum of the functions' changes (the same samples): same
# sign, equal within the rounding of the rows.
T=$W/out/s311-vs-s312-timing.csv
cpu=$(awk -F, '$1 == "richards" && $7 != "" { printf "%.3f", ($7 - $6) * 1000 }' "$T")
"$BIN/flatdiff" --all "$W"/data/bm_richards-perf-freq999x3-py311-raw.txt.xz \
    "$W"/data/bm_richards-perf-freq999x3-py312-raw.txt.xz >"$TMP/all.txt" 2>/dev/null
sum=$(awk '!/^#/ && NF >= 12 { s += $3; n++ } END { printf "%.3f %d", s, n }' "$TMP/all.txt")
if [ -n "$cpu" ] && awk -v c="$cpu" -v s="${sum% *}" -v n="${sum#* }" 'BEGIN {
        d = c - s; if (d < 0) d = -d; exit !(c * s > 0 && d <= 0.0005 * n + 0.002) }' &&
    grep -q '^- \*\*Speed\*\* (the geometric mean .* B takes \*\*[0-9.]*×\*\* A.s wall time' "$W/out/s311-vs-s312-README.md" &&
    grep -q '^- \*\*CPU time\*\* (the geometric mean .* B takes \*\*[0-9.]*×\*\* A.s CPU time' "$W/out/s311-vs-s312-README.md" &&
    grep -q '^| richards | [0-9.]* [mu]*s | [0-9.]* [mu]*s | [0-9.]* | .* | \**[0-9.]*\** [^|]*| ' "$W/out/s311-vs-s312-README.md"; then
	pass "both speeds per benchmark and their geometric means; richards' CPU time changed by its functions' sum ($cpu ms per loop, functions ${sum% *})"
else
	fail "both speeds" "CPU change $cpu ms, functions' sum $sum; $(grep -E '^(- \*\*(Speed|CPU)|\| richards)' "$W/out/s311-vs-s312-README.md" | cut -c1-120 | paste -s -d'|' -)"
fi
