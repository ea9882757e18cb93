#!/bin/sh
# t-bench-figures.sh - make bench's memory: scripts/bench-figures.awk on
# made-up figures (nothing is timed here; make bench is a benchmark, not a
# test).
#
# A run's figures are compared with accepted ones as ratios of CPU time to
# cat's and as peak RSS: within the margins nothing is said; past them,
# REGRESSION naming the input, the program and what grew; under them,
# "better"; a program with no accepted figure is new, an accepted one not
# measured is listed.  Accepting writes the ratios, and a run compared with
# what it wrote shows no change.
. "$(dirname "$0")/lib.sh"

FIG=$TOP/scripts/bench-figures.awk
tab=$(printf '\t')

# accepted: collapse 5x cat and 7 MB, flamesvg 20x and 40 MB, calltree.
cat >"$TMP/accepted" <<EOF
# made-up accepted figures
deep${tab}cat${tab}1.000${tab}1.7
deep${tab}collapse${tab}5.000${tab}7.0
deep${tab}calltree${tab}10.000${tab}100.0
folded${tab}flamesvg${tab}20.000${tab}40.0
EOF

# run NAME LINES: compare the raw figures LINES (INPUT PROGRAM CPU CAT KB,
# blank-separated) with the accepted ones into $TMP/NAME.
run() {
	printf '%s\n' "$2" | tr ' ' '\t' >"$TMP/$1.raw"
	awk -f "$FIG" "$TMP/accepted" "$TMP/$1.raw" >"$TMP/$1" 2>&1
}

# Within the margins: 10% slower, 1 MB more (under the 2 MB floor).
run same 'deep collapse 0.55 0.1 8192
deep calltree 1.05 0.1 102400
folded flamesvg 0.42 0.02 40960'
if ! grep -q REGRESSION "$TMP/same" && ! grep -q better "$TMP/same" &&
    grep -q '^bench: no regression against the accepted figures$' "$TMP/same" &&
    grep -q '^deep  *collapse  *5.500  *5.000  *+10.0%  *8.0  *7.0  *+14.3%$' "$TMP/same"; then
	pass "within the margins: no verdict, the changes shown"
else
	fail "within the margins" "$(head -n 6 "$TMP/same" | paste -s -d'|' -)"
fi

# flamesvg as in issue 28: 1.4 times the time, 6.7 times the memory.
run slower 'deep collapse 0.5 0.1 7168
deep calltree 1.0 0.1 102400
folded flamesvg 0.56 0.02 274432'
if grep -q '^folded  *flamesvg .*REGRESSION (time, memory)$' "$TMP/slower" &&
    [ "$(grep -c 'REGRESSION (' "$TMP/slower")" = 1 ] &&
    grep -q '^bench: REGRESSION in 1 figure(s): folded flamesvg time, memory$' "$TMP/slower"; then
	pass "time and memory past the margins: REGRESSION, named"
else
	fail "past the margins" "$(grep -i regression "$TMP/slower" | paste -s -d'|' -)"
fi

# Memory alone; the floor keeps a small program's few pages out.
run memory 'deep collapse 0.5 0.1 12288
deep calltree 1.0 0.1 131072
folded flamesvg 0.4 0.02 40960'
if grep -q '^deep  *collapse .*REGRESSION (memory)$' "$TMP/memory" &&
    grep -q '^deep  *calltree .*REGRESSION (memory)$' "$TMP/memory" &&
    ! grep -q 'flamesvg.*REGRESSION' "$TMP/memory"; then
	pass "memory past the margin and the floor: REGRESSION (memory)"
else
	fail "memory" "$(grep -i regression "$TMP/memory" | paste -s -d'|' -)"
fi

# Faster and smaller: better, with the way to keep it.
run faster 'deep collapse 0.3 0.1 7168
deep calltree 1.0 0.1 102400
folded flamesvg 0.4 0.02 10240'
if grep -q '^deep  *collapse .*  better$' "$TMP/faster" &&
    grep -q '^folded  *flamesvg .*  better$' "$TMP/faster" &&
    grep -q 'BENCH_ACCEPT=1' "$TMP/faster" && ! grep -q REGRESSION "$TMP/faster"; then
	pass "faster or smaller: better, and how to accept it"
else
	fail "better" "$(tail -n 3 "$TMP/faster" | paste -s -d'|' -)"
fi

# A new program, a program not measured, cat's own row never a time verdict.
run other 'deep collapse 0.5 0.1 7168
deep cat 0.2 0.1 1700
folded flamesvg 0.4 0.02 40960
folded diffstacks 0.3 0.02 5000'
if grep -q '^folded  *diffstacks .*  new$' "$TMP/other" &&
    grep -q '^deep  *calltree  *not measured in this run$' "$TMP/other" &&
    ! grep -q REGRESSION "$TMP/other"; then
	pass "new programs and programs not measured are listed, not judged"
else
	fail "new and not measured" "$(head -n 8 "$TMP/other" | paste -s -d'|' -)"
fi

# Accept, then compare the same run: every change 0.
awk -v mode=accept -f "$FIG" "$TMP/slower.raw" >"$TMP/accepted2"
if grep -q "^folded${tab}flamesvg${tab}28.000${tab}268.0$" "$TMP/accepted2" &&
    [ "$(grep -vc '^#' "$TMP/accepted2")" = 3 ]; then
	pass "accepting keeps ratio to cat and MB per program"
else
	fail "accepting" "$(paste -s -d'|' "$TMP/accepted2")"
fi
cp "$TMP/accepted2" "$TMP/accepted"
run again "$(tr '\t' ' ' <"$TMP/slower.raw")"
if ! grep -q REGRESSION "$TMP/again" && ! grep -q better "$TMP/again" &&
    [ "$(grep -c '  *+0.0%  *[0-9.]*  *[0-9.]*  *+0.0%' "$TMP/again")" = 3 ]; then
	pass "a run against its own accepted figures: no change"
else
	fail "a run against its own figures" "$(head -n 5 "$TMP/again" | paste -s -d'|' -)"
fi

# The accepted figures in the repository are well-formed.
kept=$TOP/scripts/bench-accepted.tsv
if [ -f "$kept" ] && awk -F'\t' '/^#/ { next }
    NF != 4 || $3 !~ /^[0-9.]+$/ || $4 !~ /^[0-9.]+$/ { bad++ }
    { n++ } END { exit bad > 0 || n < 10 }' "$kept"; then
	pass "scripts/bench-accepted.tsv: $(grep -vc '^#' "$kept") figures, well-formed"
else
	fail "scripts/bench-accepted.tsv" "missing or malformed"
fi
