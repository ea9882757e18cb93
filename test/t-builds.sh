#!/bin/sh
# t-builds.sh - comparing two CPython builds honestly (issue 21).
#
# 1. Generated runs (test/gen-runs.awk) with meta.json beside them: B is A's
#    profile with twice the loops per run, so every function takes half the
#    time per loop.  flatdiff's default unit is then ms per loop: the
#    large functions are significantly down, none up; by share (--unit
#    share) nothing changed; the csv names its unit and keeps significant.
#    Two halves of one profile at equal loops: no significant time change.
# 2. flamesvg: a frame on one side only is drawn new or gone (its own
#    colour and hover text), not as grown; a long subtitle wraps, uncut.
# 3. Real recordings of pyperformance's richards under Python 3.11 and 3.12
#    (pyenv's; a directory per build, 3 runs at 1000 Hz each, and 3.12
#    twice): make compare A=DIR1/ID B=DIR2/ID names the build as what is
#    compared, opens with pyperf's ratio, and the functions whose time per
#    loop changed; what holds for any recording of richards: the functions'
#    CPU time per loop sums to at most pyperf's (wall) mean per loop, and
#    to more than a tenth of it; two recordings of one build show no
#    significant change (at a 1% false discovery rate); no frame of the differential flame graph is
#    coloured against its function's change.  Stacks line up: for
#    richards, and nbody and float (2 runs each), 3.11 against 3.12 leaves
#    no more samples unmatched (on paths the other side lacks though it
#    has their functions, as diffstacks' summary says, and at least what
#    the written stacks show) than two recordings of 3.12 do, within 5
#    points (the noise seen), and diffstacks warns of neither; no function
#    that flatdiff finds on both sides is drawn new or gone.  Which build is
#    faster is not asserted: it depends on how each was built (pyenv's 3.11
#    and 3.12 ran richards alike on one machine here, 1.58x apart on another).
#    SKIP without perf, the Pythons or the wheels.
. "$(dirname "$0")/lib.sh"

GEN=$TOP/test/gen-runs.awk
D=$TMP/gen
mkdir -p "$D"

# meta ID RAW LOOPS: a data set's meta.json, 1000 Hz of cpu-clock, LOOPS
# loops per value and 3 values per run.
meta() {
	"$BIN/perfviews" meta --raw "$2" --set tool.event=cpu-clock \
	    --set benchmark.loops="$3" --set benchmark.values_per_run=3 \
	    "$1" >"$(dirname "$2")/$1-meta.json"
}
A=gen_a-perf-freq1000x10
B=gen_b-perf-freq1000x10
C=gen_c-perf-freq1000x10
awk -v seed=1 -v runs=10 -v sd=0.1 -v version=11 -f "$GEN" >"$D/$A-raw.txt"
awk -v seed=2 -v runs=10 -v sd=0.1 -v version=12 -f "$GEN" >"$D/$B-raw.txt"
awk -v seed=3 -v runs=10 -v sd=0.1 -v version=12 -f "$GEN" >"$D/$C-raw.txt"
meta $A "$D/$A-raw.txt" 2
meta $B "$D/$B-raw.txt" 4
meta $C "$D/$C-raw.txt" 4

# 1. Time per loop.
"$BIN/flatdiff" --all "$D/$A-raw.txt" "$D/$B-raw.txt" >"$TMP/time.txt"
down=$(awk '!/^#/ && $6 == "yes" && $3 < 0' "$TMP/time.txt" | wc -l)
up=$(awk '!/^#/ && $6 == "yes" && $3 > 0' "$TMP/time.txt" | wc -l)
if grep -q '^# flatdiff: B against A, a row per function (symbol and DSO), in ms per loop$' "$TMP/time.txt" &&
    grep -q '^# values: ms per loop (samples / frequency / loops, each run; A 1000 Hz, 6 loops a run, B 1000 Hz, 12 loops a run' "$TMP/time.txt" &&
    [ "$down" -ge 10 ] && [ "$up" = 0 ]; then
	pass "twice the loops: $down functions significantly down in ms per loop, none up"
else
	fail "twice the loops" "$down down, $up up: $(head -n 1 "$TMP/time.txt")"
fi
"$BIN/flatdiff" --unit share "$D/$A-raw.txt" "$D/$B-raw.txt" >"$TMP/share.txt"
if grep -q ', in percent$' "$TMP/share.txt" &&
    grep -q '^# significant .*: 0 by self, 0 by total$' "$TMP/share.txt"; then
	pass "twice the loops, by share: nothing changed"
else
	fail "twice the loops, by share" "$(grep '^# significant' "$TMP/share.txt")"
fi
"$BIN/flatdiff" "$D/$B-raw.txt" "$D/$C-raw.txt" >"$TMP/same.txt"
if grep -q '^# significant .*: 0 by self, 0 by total$' "$TMP/same.txt"; then
	pass "one profile, equal loops: no significant time change"
else
	fail "one profile, equal loops" "$(grep '^# significant' "$TMP/same.txt")"
fi
"$BIN/flatdiff" --format csv "$D/$A-raw.txt" "$D/$B-raw.txt" >"$TMP/time.csv"
if head -n 1 "$TMP/time.csv" | grep -q '^status,significant,self_a,.*,symbol,unit$' &&
    sed -n 2p "$TMP/time.csv" | grep -q '^changed,yes,.*,ms per loop$'; then
	pass "csv: significant kept, the unit named"
else
	fail "csv" "$(head -n 2 "$TMP/time.csv" | paste -s -d'|' -)"
fi
cp "$D/$C-raw.txt" "$TMP/alone.txt"
if "$BIN/flatdiff" --unit time "$D/$A-raw.txt" "$TMP/alone.txt" >/dev/null 2>"$TMP/err.txt"; then
	fail "--unit time without meta.json" "succeeded"
else
	grep -q 'no meta.json beside it' "$TMP/err.txt" &&
	    pass "--unit time without meta.json: refused, saying why" ||
	    fail "--unit time without meta.json" "$(cat "$TMP/err.txt")"
fi

# Recording over a data set is refused before anything runs (no perf
# needed): the message names its date and build, and the ways out.
"$BIN/perfviews" meta --raw "$D/$A-raw.txt" --set timestamp=2026-01-02T03:04:05Z \
    --set 'python.version=3.11.7 (main, Jan 1 2026, 00:00:00) [GCC 12.2.0]' \
    --set python.implementation=cpython --set python.build.options='pgo lto' \
    --set python.executable=/opt/py311/bin/python3.11 $A >"$D/$A-meta.json"
if "$BIN/perfviews" record --data "$D" --cmd true --perf "$TMP/no-perf" $A >"$TMP/rec.out" 2>"$TMP/rec.err"; then
	fail "recording over a data set" "succeeded"
elif grep -q "^perfviews: $D/$A is there already: a data set recorded 2026-01-02T03:04:05Z with CPython 3.11.7 (main, Jan 1 2026, 00:00:00) \[pgo lto\] at /opt/py311/bin/python3.11$" "$TMP/rec.err" &&
    grep -q 'FORCE=1 (perfviews record --force) replaces it; DATA=DIR records into another directory' "$TMP/rec.err" &&
    [ "$(wc -l <"$TMP/rec.err")" = 2 ] && ! [ -s "$TMP/rec.out" ]; then
	pass "recording over a data set: refused, naming its date and build, and FORCE=1"
else
	fail "recording over a data set" "$(paste -s -d'|' "$TMP/rec.err")"
fi
if "$BIN/perfviews" record --force --data "$D" --cmd true --perf "$TMP/no-perf" $A >/dev/null 2>"$TMP/rec.err"; then
	fail "recording over a data set with --force" "succeeded without perf"
elif ! grep -q 'is there already' "$TMP/rec.err" && grep -q 'could not start' "$TMP/rec.err" &&
    grep -q '2026-01-02T03:04:05Z' "$D/$A-meta.json"; then
	pass "--force: past the refusal (then stopped by the missing perf, the data set intact)"
else
	fail "recording over a data set with --force" "$(head -n 2 "$TMP/rec.err" | paste -s -d'|' -)"
fi

# 2. New and gone frames; a long subtitle.
printf 'main;old 10 0\nmain;both 10 12\nmain;new 0 9\n' >"$TMP/ng.folded"
"$BIN/flamesvg" "$TMP/ng.folded" >"$TMP/ng.svg"
if grep -q '<title>new (9 samples, [0-9.]*%; +[0-9.]*%; new: only in B)</title><rect [^>]*fill="#be6ee6"' "$TMP/ng.svg" &&
    ! grep -q '<title>both[^<]*only in' "$TMP/ng.svg"; then
	pass "a frame only in B: drawn new, in its own colour"
else
	fail "a frame only in B" "$(grep -o '<title>new[^<]*</title><rect[^>]*' "$TMP/ng.svg")"
fi
# New or gone is the function's: a path of B only, of a function A has
# elsewhere, is a change (red); a function of A that glue left out of A's
# stacks ("# in both:") is not new.
printf '# in both: hidden\nmain;old 10 0\nmain;both 10 12\nmain;x;both 0 5\nmain;hidden 0 4\n' >"$TMP/path.folded"
"$BIN/flamesvg" "$TMP/path.folded" >"$TMP/path.svg"
if grep -q '<title>both (5 samples, [^<]*; this path only in B, the function in both)</title><rect [^>]*fill="#ff' "$TMP/path.svg" &&
    grep -q '<title>x ([^<]*new: only in B)</title>' "$TMP/path.svg" &&
    ! grep -q '<title>hidden[^<]*\(new\|gone\): only in' "$TMP/path.svg"; then
	pass "a path only in B of a function in both: drawn as grown, not new; '# in both:' is not new"
else
	fail "a path only in B" "$(grep -o '<title>\(both\|hidden\)[^<]*</title><rect[^>]*' "$TMP/path.svg" | paste -s -d'|' -)"
fi
long=$(printf 'word%.0s ' $(seq 1 120))
"$BIN/flamesvg" --width 600 --subtitle "$long end" "$TMP/ng.folded" >"$TMP/long.svg"
lines=$(grep -c '<text id="subtitle[-0-9]*"' "$TMP/long.svg")
if [ "$lines" -ge 5 ] && grep -q '<text id="subtitle-[0-9]*"[^>]*>.* end</text>' "$TMP/long.svg"; then
	pass "a long subtitle wraps onto $lines lines, its end kept"
else
	fail "a long subtitle" "$lines lines"
fi

# 3. Real recordings (in pyperformance's cache of every test: its
# environments made once per machine, not once per run of this test).
needs_perf "richards 3.11 against 3.12"
if ! bench_pythons; then
	skip "richards 3.11 against 3.12" "$BENCH_WHY"
	exit 0
fi
ID=bm_richards-perf-freq1000x3
# nbody and float for the stacks' alignment alone: 2 runs each, to keep
# the recordings short.
ALIGN_IDS="bm_nbody-perf-freq1000x2 bm_float-perf-freq1000x2"
R=$TMP/rec
for spec in 311:$PY311 312:$PY312 312b:$PY312; do
	d=${spec%%:*}
	for id in $ID $ALIGN_IDS; do
		if ! "$BIN/perfviews" record --data "$R/$d" --python "${spec#*:}" \
		    --xz 'xz -1' --views '' $id >"$TMP/rec-$d.out" 2>"$TMP/rec-$d.err"; then
			fail "recording $id ($d)" "$(tail -n 2 "$TMP/rec-$d.err" | paste -s -d'|' -)"
			exit 0
		fi
	done
done
MAKE="make -C $TOP --no-print-directory"
$MAKE compare A="$R/311/$ID" B="$R/312/$ID" OUT="$TMP/out" >/dev/null 2>"$TMP/cmp.err"
C=$TMP/out/$ID-311-vs-312
if [ -s "$C-README.md" ] && [ -s "$C-diffgraph.svg" ] &&
    grep -A2 '^- \*\*Speed, wall time\*\* (pyperf' "$C-README.md" | sed -n 1p | grep -q ': B takes \*\*[0-9]*\.[0-9]*×\*\* A.s time' &&
    grep -A2 '^- \*\*Speed, wall time\*\* (pyperf' "$C-README.md" | sed -n 2p | grep -q '^- \*\*Speed, CPU time\*\* (the profile.*: B takes \*\*[0-9]*\.[0-9]*×\*\* A.s CPU time' &&
    grep -A2 '^- \*\*Speed, wall time\*\* (pyperf' "$C-README.md" | sed -n 3p | grep -q '^- \*\*Where the time changed most\*\* (self.*ms per loop' &&
    grep -q '^Two Python builds: the build is the difference under test' "$C-README.md" &&
    grep -q "^- B: \`$R/312/$ID\`, \`$ID-raw.txt.xz\`: " "$C-README.md" &&
    grep -q "^Both have the ID \`$ID\`: the views of each are made into an OUT of its own" "$C-README.md" &&
    ! grep -q "($ID-README.md)" "$C-README.md" &&
    ! sed -n '/^## What makes this/,/^## Files/p' "$C-README.md" | grep -q 'Python build\|Workload'; then
	pass "make compare A=DIR1/ID B=DIR2/ID: speed first, then time per loop, the build named as what is compared, neither README linked (one ID)"
else
	fail "make compare of two builds" "$(head -n 1 "$TMP/cmp.err") $(sed -n 5,6p "$C-README.md" 2>/dev/null | cut -c1-80 | paste -s -d'|' -)"
fi
"$BIN/flatdiff" --all "$R/311/$ID-raw.txt.xz" "$R/312/$ID-raw.txt.xz" >"$TMP/real.txt"
# Time per loop is CPU time (samples / frequency / loops) and pyperf's is
# wall time: summed over the functions, the profile's is at most pyperf's
# (15% for sampling error), near it on an idle machine, and a fraction of it
# on a busy one (a quarter, seen under make check beside other work; a
# tenth is the floor here).  Loops counted wrong (per value, values per
# run, 12 here) put it above or far below.
per_loop() {
	"$BIN/flatdiff" --all "$1" "$2" | awk '!/^#/ && NF >= 12 { a += $1; b += $2 }
	    END { printf "%.3f %.3f\n", a, b }'
}
pyperf_ms() {
	"$PYTHON" -c 'import json, sys
print("%.3f" % (1000 * json.load(open(sys.argv[1]))["benchmark"]["mean_seconds"]))' "$1"
}
set -- $(per_loop "$R/311/$ID-raw.txt.xz" "$R/312/$ID-raw.txt.xz")
prof_a=$1 prof_b=$2
ms_a=$(pyperf_ms "$R/311/$ID-meta.json")
ms_b=$(pyperf_ms "$R/312/$ID-meta.json")
if awk -v a="$prof_a" -v b="$prof_b" -v pa="$ms_a" -v pb="$ms_b" 'BEGIN {
    ra = a / pa; rb = b / pb
    exit !(ra >= 0.1 && ra <= 1.15 && rb >= 0.1 && rb <= 1.15) }'; then
	pass "ms per loop of every function, summed: 3.11 $prof_a (pyperf $ms_a), 3.12 $prof_b (pyperf $ms_b)"
else
	fail "ms per loop summed against pyperf's mean" "3.11 $prof_a against $ms_a, 3.12 $prof_b against $ms_b"
fi
"$BIN/flatdiff" --fdr 1 "$R/312/$ID-raw.txt.xz" "$R/312b/$ID-raw.txt.xz" >"$TMP/same-real.txt"
if grep -q '^# significant .*: 0 by self, 0 by total$' "$TMP/same-real.txt"; then
	pass "two recordings of 3.12: no significant time change"
else
	fail "two recordings of 3.12" "$(grep '^# significant' "$TMP/same-real.txt")"
fi
# No frame drawn red (grew) whose function's time per loop fell
# significantly, nor blue whose rose.
"$BIN/flatdiff" --all --format csv "$R/311/$ID-raw.txt.xz" "$R/312/$ID-raw.txt.xz" >"$TMP/real.csv"
"$BIN/diffstacks" "$R/311/$ID-raw.txt.xz" "$R/312/$ID-raw.txt.xz" | "$BIN/flamesvg" >"$TMP/real.svg"
wrong=$("$PYTHON" - "$TMP/real.csv" "$TMP/real.svg" <<'PY'
import csv, re, sys
change = {r["symbol"]: float(r["self_diff"]) for r in csv.DictReader(open(sys.argv[1]))
          if r["significant"] == "yes"}
frame = re.compile(r'<title>(\S+) \([^<]*\)</title><rect [^>]*fill="#(..)(..)(..)"')
wrong = set()
for m in frame.finditer(open(sys.argv[2]).read()):
    r, g, b = (int(x, 16) for x in m.groups()[1:])
    grew, shrank = r == 255 and g < 255, b == 255 and r < 255
    d = change.get(m.group(1), 0)
    if (grew and d < 0) or (shrank and d > 0):
        wrong.add(m.group(1))
print(" ".join(sorted(wrong)))
PY
)
if [ -z "$wrong" ] && grep -q 'fill="#0000ff"\|fill="#[0-9a-f]\{4\}ff"' "$TMP/real.svg"; then
	pass "diffgraph 3.11 against 3.12: no frame coloured against its function's time per loop"
else
	fail "diffgraph 3.11 against 3.12: colours" "against flatdiff: $wrong"
fi
# Samples on paths the other side lacks, functions one side lacks set
# apart: diffstacks' summary says "X% of A and Y% of B unmatched"; the
# larger of the two.
unmatched() {
	head -n 1 "$1" | grep -o '[0-9.]*% of A and [0-9.]*% of B unmatched' |
	    awk '{ a = $1 + 0; b = $5 + 0; printf("%.1f\n", a > b ? a : b) }'
}
# The same from the stacks as written, by a reader of their own: a stack
# of one side only, whose frames are all in some stack of the other.  The
# tool knows the functions of the profiles, some of which glue leaves out
# of the stacks, so it finds at least as much.
unmatched_written() {
	"$PYTHON" -c '
import sys
st = {}
for l in open(sys.argv[1]):
    if l.startswith("#") or not l.strip():
        continue
    s, a, b = l.rsplit(" ", 2)
    st[s] = (float(a), float(b))
worst = 0
for me in 0, 1:
    other = set()
    for s, v in st.items():
        if v[1 - me] > 0:
            other.update(s.split(";"))
    total = sum(v[me] for v in st.values())
    lost = sum(v[me] for s, v in st.items() if v[1 - me] == 0 and
               all(f in other for f in s.split(";")))
    worst = max(worst, 100 * lost / total)
print("%.1f" % worst)' "$1"
}
# Functions both sides have (flatdiff's csv) drawn new or gone.
one_sided() {
	"$PYTHON" - "$1" "$2" <<'PY'
import csv, re, sys
a, b = set(), set()
for r in csv.DictReader(open(sys.argv[1])):
    if float(r["total_a"]) > 0: a.add(r["symbol"])
    if float(r["total_b"]) > 0: b.add(r["symbol"])
drawn = re.finditer(r'<title>(\S+) \([^<]*(?:new: only in B|gone: only in A)\)</title>',
                    open(sys.argv[2]).read())
print(" ".join(sorted({m.group(1) for m in drawn} & a & b)))
PY
}
# 3 runs at 1000 Hz are noisy: seen on this test's recordings of richards,
# one build 2.7-5.0%, 3.11 against 3.12 3.5-8.0% (8.0 against 4.5 once,
# in a make check; 5.7 and 4.8 against 3.0 and 3.7 on the same machine
# right after); at 999 Hz, 3 runs of nbody, float and richards, 3.11
# against 3.12 1.0-2.0, 9.7-12.4 and 4.0-6.0% where two recordings of
# 3.12 left 0.4-1.3, 11.1-11.2 and 3.5-5.0%.  The margin is that noise:
# 5 points.  Without the glue of 3.11's re-entries nbody was 90% against
# 1.3%, float 21% against 11%: far beyond it.  Above 20% diffstacks warns
# that the stacks do not line up; neither pair may.
for id in $ID $ALIGN_IDS; do
	name=${id%%-*}
	for p in 311:312 312:312b; do
		a=${p%%:*} b=${p#*:}
		"$BIN/diffstacks" "$R/$a/$id-raw.txt.xz" "$R/$b/$id-raw.txt.xz" >"$TMP/$name-$a-$b.diff"
	done
	builds=$(unmatched "$TMP/$name-311-312.diff")
	same=$(unmatched "$TMP/$name-312-312b.diff")
	written=$(unmatched_written "$TMP/$name-311-312.diff")
	if [ -n "$builds" ] && [ -n "$same" ] &&
	    awk -v b="$builds" -v s="$same" -v w="$written" 'BEGIN { exit !(b <= s + 5 && b >= w) }' &&
	    ! grep -q '^# perfviews-diff:.*WARNING' "$TMP/$name-311-312.diff" "$TMP/$name-312-312b.diff"; then
		pass "$name: 3.11 against 3.12 leaves $builds% unmatched (as the stacks read: $written%), two of 3.12 $same%; no warning"
	else
		fail "$name: stacks of 3.11 and 3.12 line up" "$builds% unmatched (as the stacks read: $written%) against $same% for one build; $(head -n 1 "$TMP/$name-311-312.diff" | grep -o 'WARNING[^:]*')"
	fi
	"$BIN/flatdiff" --all --format csv "$R/311/$id-raw.txt.xz" "$R/312/$id-raw.txt.xz" >"$TMP/$name.csv"
	"$BIN/flamesvg" "$TMP/$name-311-312.diff" >"$TMP/$name.svg"
	wrong=$(one_sided "$TMP/$name.csv" "$TMP/$name.svg")
	if [ -z "$wrong" ] && grep -q 'new: only in B' "$TMP/$name.svg"; then
		pass "$name: no function of both 3.11 and 3.12 drawn new or gone"
	else
		fail "$name: functions of both drawn new or gone" "${wrong:-no frame drawn new at all}"
	fi
done
