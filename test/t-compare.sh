#!/bin/sh
# t-compare.sh - make compare A=ID1 B=ID2: two data sets compared from their
# raw files alone.
#
# 1. Two data sets made here (test/gen-runs.awk, 10 runs each, 3 points
#    moved from f02 to f12 in B): A's raw file plain text with a hand-made
#    meta.json of Python 3.11, B's xz-compressed of Python 3.12.  make
#    compare writes the diff, the differential flame graph and the README
#    into OUT; the diff is flatdiff's output on the same files and finds
#    the change; the SVG is diffstacks | flamesvg's output, XML with the
#    title; under strace, make compare starts at most 4 processes and opens
#    each raw file once (one process writes the three files from one
#    reading); the README names both IDs,
#    lists the Python versions as unfair with both values and what is
#    alike, quotes the diff and names its test.  A second make makes
#    nothing and says where the README is.
# 2. A data set without meta.json: its side of the README is unknown.
# 3. Mistakes: without B, one line; a bad ID or a missing data set is an
#    error naming it that leaves no file in OUT and no temporary directory.
# 4. A data set recorded with make record (python3.11 if there is one)
#    against the shipped example (in examples/, not DATA): the README lists
#    the differences the metadata show.  SKIP where perf cannot record.
# 5. The same Python recorded again into another DATA, compared with the
#    first: one build on both sides, not "not fully known".
# Runs the programs of bin/ (make's default BIN), not $BIN.
. "$(dirname "$0")/lib.sh"

MAKE="make -C $TOP --no-print-directory"
DATA=$TMP/data
OUT=$TMP/out
GEN=$TOP/test/gen-runs.awk
A=gen311-perf-freq4000x10
B=gen312-perf-freq4000x10
C=$OUT/$A-vs-$B
mkdir -p "$DATA" "$TMP/tmp"
export TMPDIR=$TMP/tmp

awk -v seed=1 -v runs=10 -v sd=0.1 -v version=11 -f "$GEN" >"$DATA/$A-raw.txt"
awk -v seed=2 -v runs=10 -v sd=0.1 -v move=2:12:3 -f "$GEN" >"$TMP/b.txt"
xz -1 -c "$TMP/b.txt" >"$DATA/$B-raw.txt.xz"
meta() { # meta ID RAW PYTHON-VERSION
	"$TOP/bin/perfviews" meta --raw "$2" --set tool.event=cpu-clock \
	    --set tool.call_graph=fp --set host.hostname=box \
	    --set host.kernel=6.1 --set "python.version=$3" \
	    --set 'workload.command=python -c work' "$1" >"$DATA/$1-meta.json"
}
$MAKE bin/perfviews >/dev/null 2>&1
meta $A "$DATA/$A-raw.txt" '3.11.7 (main)'
meta $B "$TMP/b.txt" '3.12.1 (main)'

# 1. Two data sets.
if $MAKE compare A=$A B=$B DATA="$DATA" OUT="$OUT" >"$TMP/make.out" 2>"$TMP/make.err" &&
    [ -s "$C-diff.txt" ] && [ -s "$C-diffgraph.svg" ] && [ -s "$C-README.md" ]; then
	pass "make compare wrote the diff, the diffgraph and the README"
else
	fail "make compare" "$(tail -n 2 "$TMP/make.err" | paste -s -d' ' -)"
	exit 0
fi
"$TOP/bin/flatdiff" "$DATA/$A-raw.txt" "$DATA/$B-raw.txt.xz" >"$TMP/diff.txt"
same "the diff is flatdiff's output" "$TMP/diff.txt" "$C-diff.txt"
"$TOP/bin/diffstacks" "$DATA/$A-raw.txt" "$DATA/$B-raw.txt.xz" |
    "$TOP/bin/flamesvg" --title "$B against $A" >"$TMP/diffgraph.svg"
same "the diffgraph is diffstacks | flamesvg's output" "$TMP/diffgraph.svg" "$C-diffgraph.svg"
# One process reads each raw file once for all three files.
if ! command -v strace >/dev/null 2>&1 ||
    ! strace -f -qq -o /dev/null true 2>/dev/null; then
	skip "make compare's processes and reads" "strace cannot trace here"
else
	strace -f -qq -o "$TMP/strace.txt" -e trace=openat,execve \
	    $MAKE compare A=$A B=$B DATA="$DATA" OUT="$TMP/traced" >/dev/null 2>&1
	started=$(grep -c 'execve(.*) = 0' "$TMP/strace.txt")
	opened=$(grep 'openat(' "$TMP/strace.txt" | grep -v ENOENT | grep -c -e "$A-raw.txt\"" -e "$B-raw.txt.xz\"")
	if [ "$started" -le 4 ] && [ "$opened" = 2 ] && cmp -s "$TMP/traced/$A-vs-$B-diffgraph.svg" "$C-diffgraph.svg"; then
		pass "make compare: each raw file opened once, $started processes"
	else
		fail "make compare's processes and reads" "$started processes, raw files opened $opened times"
	fi
fi
if grep -q '^ .* yes .*libpython.so  *f02$' "$C-diff.txt" &&
    grep -q '^ .* yes .*libpython.so  *f12$' "$C-diff.txt"; then
	pass "the diff finds the change, f02 and f12 one function across versions"
else
	fail "the diff finds the change" "$(grep -E 'f02|f12' "$C-diff.txt" | head -n 2 | paste -s -d' ' -)"
fi
if [ -n "$PYTHON" ] && "$PYTHON" -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
    "$C-diffgraph.svg" 2>"$TMP/xml.err" &&
    grep -q "<text id=\"title\"[^>]*>$B against $A</text>" "$C-diffgraph.svg"; then
	pass "the diffgraph is XML, titled B against A"
else
	fail "the diffgraph is XML" "$(head -n 1 "$TMP/xml.err")"
fi
R=$C-README.md
why=
grep -q "^# Comparison: $B against $A$" "$R" || why="$why title;"
grep -q "^- A: \[\`$A\`\]($A-README.md), \`$A-raw.txt\`: python -c work | " "$R" || why="$why A's line;"
grep -q "^- B: \[\`$B\`\]($B-README.md), \`$B-raw.txt.xz\`: python -c work | " "$R" || why="$why B's line;"
grep -q '^Two Python builds: the build is the difference under test\.$' "$R" || why="$why builds;"
grep -q '^- A: Python 3.11.7 (main)$' "$R" || why="$why A's build;"
grep -q '^- \*\*Where the time changed most\*\* (self: .*; ms per run):$' "$R" || why="$why top changes;"
grep -q '^| \*\*`f02`\*\* | libpython.so | [0-9.]* | [0-9.]* | \*\*-[0-9.]*\*\* | yes |$' "$R" || why="$why f02 down;"
grep -q '^Alike in A and B: workload, event, sampling, call graphs, runs, tags, unit\.$' "$R" || why="$why alike;"
grep -q '^Unknown, so not checked: `host.cpu_model` (A and B),' "$R" || why="$why unknown;"
[ "$(sed -n '/^## What makes this/,/^## Files/p' "$R" | grep -c '^- \*\*')" = 0 ] || why="$why other differences;"
grep -q "^Here the test is Welch's t-test on per-run times (10 and 10 runs); significant (q <= 5%): [0-9]* by self" "$R" || why="$why test;"
grep -q '^| \*\*python.version\*\* | `3.11.7 (main)` | `3.12.1 (main)` |$' "$R" || why="$why table;"
grep -q "^| \[$A-vs-$B-diffgraph.svg\]($A-vs-$B-diffgraph.svg) |" "$R" || why="$why files;"
grep -q "red where the stack that ends there grew from A to B, blue" "$R" || why="$why colours;"
sed -n '/^The top of/,/^```$/p' "$R" | sed '1,2d;$d' >"$TMP/quoted.txt"
head -n "$(wc -l <"$TMP/quoted.txt")" "$C-diff.txt" | cmp -s - "$TMP/quoted.txt" || why="$why quote;"
if [ -z "$why" ]; then
	pass "the README: both IDs, the builds as what is compared, the largest time changes, what is alike, the test, the quote, the table"
else
	fail "the README" "wrong:$why"
fi
ls -l --time-style=full-iso "$C"-* >"$TMP/before.txt"
$MAKE compare A=$A B=$B DATA="$DATA" OUT="$OUT" >"$TMP/again.txt" 2>&1
ls -l --time-style=full-iso "$C"-* >"$TMP/after.txt"
if [ "$(cat "$TMP/again.txt")" = "up to date: $C-README.md, -diff.txt and -diffgraph.svg" ] &&
    cmp -s "$TMP/before.txt" "$TMP/after.txt"; then
	pass "a second make compare makes nothing and says where the README is"
else
	fail "a second make compare" "$(head -n 2 "$TMP/again.txt" | paste -s -d' ' -)"
fi
if [ "$(cat "$TMP/make.out")" = "wrote $C-README.md, -diff.txt and -diffgraph.svg" ]; then
	pass "the first make compare says what it wrote, once"
else
	fail "the first make compare" "$(paste -s -d' ' "$TMP/make.out")"
fi

# 2. No meta.json for A.
rm "$DATA/$A-meta.json"
R=$TMP/out2/$A-vs-$B-README.md
if $MAKE compare A=$A B=$B DATA="$DATA" OUT="$TMP/out2" >/dev/null 2>"$TMP/make.err" &&
    grep -q '^- \*\*A has no meta.json\*\* beside its raw file' "$R" &&
    grep -q "^- A: \[\`$A\`\]($A-README.md), \`$A-raw.txt\`: no meta.json: how it was recorded is unknown.$" "$R" &&
    grep -q "^| field | A: $A (no meta.json) | B: $B |$" "$R" &&
    grep -q '^| \*\*python.version\*\* | unknown | `3.12.1 (main)` |$' "$R" &&
    ! grep -q '^Alike in A and B' "$R" &&
    [ "$(sed -n '/^## What makes this/,/^## Files/p' "$R" | grep -c '^- \*\*')" = 1 ] &&
    grep -q '^The Python builds are not fully known (A: unknown; B: Python 3.12.1 (main))' "$R"; then
	pass "A without meta.json: its side unknown, nothing called alike or different"
else
	fail "A without meta.json" "$(tail -n 1 "$TMP/make.err") $(grep -c unknown "$R") unknowns"
fi

# 3. Mistakes.
$MAKE compare A=$A DATA="$DATA" OUT="$OUT" >"$TMP/out.txt" 2>"$TMP/err.txt"
status=$?
if [ $status -ne 0 ] && [ "$(wc -l <"$TMP/err.txt")" = 1 ] &&
    grep -q 'make compare: give the data sets to compare, A=ID1 B=ID2' "$TMP/err.txt"; then
	pass "make compare without B: one line"
else
	fail "make compare without B" "exit $status: $(paste -s -d' ' "$TMP/err.txt")"
fi
for b in absent-perf-freq1 bad; do
	rm -rf "$OUT"
	$MAKE compare A=$A B=$b DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err.txt"
	status=$?
	case $b in
	bad) want="perfviews: bad ID 'bad'" ;;
	*) want="make compare: no $b-raw.txt.xz or $b-raw.txt in $DATA/ or examples/" ;;
	esac
	if [ $status -ne 0 ] && grep -qF "$want" "$TMP/err.txt" &&
	    [ -z "$(ls -A "$OUT" 2>/dev/null)" ] && [ -z "$(ls -A "$TMP/tmp")" ]; then
		pass "make compare B=$b: an error naming it, no file left"
	else
		fail "make compare B=$b" "exit $status, $(ls -A "$OUT" "$TMP/tmp" 2>/dev/null | paste -s -d' ' -): $(head -n 1 "$TMP/err.txt")"
	fi
done
# A failure half way (flatdiff refuses B of another event): no file left.
sed 's/ cpu-clock: / task-clock: /' "$TMP/b.txt" >"$DATA/other-perf-freq4000x10-raw.txt"
if $MAKE compare A=$A B=other-perf-freq4000x10 DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err.txt"; then
	fail "make compare of two events" "succeeded"
elif grep -q 'different events (--force compares them anyway)' "$TMP/err.txt" &&
    [ -z "$(ls -A "$OUT" 2>/dev/null)" ] && [ -z "$(ls -A "$TMP/tmp")" ]; then
	pass "make compare of two events: flatdiff's refusal, no file left"
else
	fail "make compare of two events" "$(ls -A "$OUT" "$TMP/tmp" 2>/dev/null | paste -s -d' ' -): $(head -n 1 "$TMP/err.txt")"
fi
if $MAKE compare A=$A B=other-perf-freq4000x10 FORCE=1 DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err.txt" &&
    grep -q "^# B: $DATA/other-perf-freq4000x10-raw.txt: 10 runs, .* samples of task-clock" "$OUT/$A-vs-other-perf-freq4000x10-diff.txt"; then
	pass "make compare FORCE=1 compares two events"
else
	fail "make compare FORCE=1" "$(head -n 1 "$TMP/err.txt")"
fi

# 4. A recording against the shipped example.
needs_perf "a recording against the example"
PY=
for p in "$HOME"/.pyenv/versions/3.11*/bin/python3 "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 "$PYTHON"; do
	[ -x "$p" ] && PY=$p && break
done
EX=pass-perf-freq50000-nosite
ID=pass-perf-freq2000x2-nosite
if ! timeout 120 $MAKE record ID=$ID PYTHON="$PY" DATA="$DATA" OUT="$OUT" RECORD_TIMEOUT=30 \
    XZ="xz -1" >"$TMP/record.out" 2>&1; then
	fail "make record" "$(tail -n 2 "$TMP/record.out" | paste -s -d' ' -)"
	exit 0
fi
R=$OUT/$EX-vs-$ID-README.md
version=$("$PY" -c 'import sys; print(sys.version.split()[0])')
if $MAKE compare A=$EX B=$ID DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err.txt" &&
    grep -q '^- \*\*Sampling\*\*: `tool.frequency` A `50000`, B `2000`\.' "$R" &&
    grep -q '^- \*\*Runs\*\*: `tool.runs` A `1`, B `2`\.' "$R" &&
    grep -q '^- \*\*A is one run\*\*' "$R" &&
    grep -q "^- B: \[\`$ID\`\]($ID-README.md), \`$ID-raw.txt.xz\`: .* | Python $version | " "$R" &&
    { [ "$version" = 3.12.1 ] || grep -q '^Two Python builds: the build is the difference under test' "$R"; }; then
	pass "python $version recorded against the example: frequency, runs listed, the build named as what is compared"
else
	fail "a recording against the example" "$(head -n 1 "$TMP/err.txt") $(grep '^- \*\*' "$R" | cut -c1-60 | paste -s -d' ' -)"
fi

# 5. The same build recorded twice, each in a DATA of its own: one build,
# though meta.json leaves some of its fields null on both sides.
R=
if timeout 120 $MAKE record ID=$ID PYTHON="$PY" DATA="$TMP/again" OUT="$TMP/out-again" \
    RECORD_TIMEOUT=30 XZ="xz -1" >"$TMP/record.out" 2>&1 &&
    $MAKE compare A="$DATA/$ID" B="$TMP/again/$ID" OUT="$TMP/out-again" >/dev/null 2>"$TMP/err.txt" &&
    R=$TMP/out-again/$ID-data-vs-again-README.md &&
    grep -q "^One Python build on both sides (C\?Python $version .* at /.*): the same interpreter" "$R" &&
    ! grep -q 'not fully known' "$R"; then
	pass "python $version recorded twice: one build on both sides"
else
	fail "python $version recorded twice" "$(tail -n 1 "$TMP/record.out") $(head -n 1 "$TMP/err.txt") $(grep -h 'Python build' "$R" 2>/dev/null | cut -c1-120)"
fi
