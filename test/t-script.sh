#!/bin/sh
# t-script.sh - perfviews script running perf in time slices (--perf)
# against perf script, on recordings made here (the reader of perf.data,
# perfviews script's default, is t-perfdata.sh's).
#
# 1. Equivalence, on three recordings: a C program built -O2 -g whose hot
#    helpers are inlined (dwarf call graphs), CPython 3.12 (dwarf), and a
#    system-wide recording (-a -g).  Each sample is given a root of its own
#    and both texts are collapsed: at least 99.5% of the samples' stacks
#    must be identical, and every differing stack is listed (the texts are
#    compared byte for byte as well, and the count of differing lines
#    reported).
# 2. Slicing: with perf's own --no-inline (nothing added), 3 slices give
#    byte for byte the text of one `perf script --no-inline`; the default
#    gives the same text in 1 slice and in 2.
# 3. A slice that fails fails the command (exit 1) with perf's message
#    (a perf that fails only the last slice, through --perf).
# 4. Streaming: perfviews's own peak RSS (from -v) does not grow with the
#    text: the whole recording against its first fifth.
# 5. -v says what was done: inlined frames added here for dwarf call
#    graphs, nothing added for -g.
. "$(dirname "$0")/lib.sh"

needs_perf script
CC=${CC:-cc}
PV=$BIN/perfviews

# equivalent NAME DATA [perfviews script options]: perfviews script's
# text against perf script's, collapsed per sample.
equivalent() {
	name=$1 data=$2
	shift 2
	perf script -i "$data" >"$TMP/$name.perf" 2>/dev/null
	if ! "$PV" script -v "$@" "$data" >"$TMP/$name.ours" \
	    2>"$TMP/$name.err"; then
		fail "$name: perfviews script" "$(tail -n 1 "$TMP/$name.err")"
		return 1
	fi
	for who in perf ours; do
		per_sample "$TMP/$name.$who" | "$BIN/collapse" |
			sort >"$TMP/$name.$who.folded"
	done
	total=$(wc -l <"$TMP/$name.perf.folded")
	same=$(comm -12 "$TMP/$name.perf.folded" "$TMP/$name.ours.folded" |
		wc -l)
	lines=$(diff "$TMP/$name.perf" "$TMP/$name.ours" | grep -c '^[<>]')
	if [ "$total" -gt 0 ] && [ $((same * 1000)) -ge $((total * 995)) ]; then
		pass "$name: $same of $total stacks identical; $lines text lines differ"
	else
		fail "$name: $same of $total stacks identical, want 99.5%"
	fi
	# Every difference: perf's stack, then ours.
	comm -23 "$TMP/$name.perf.folded" "$TMP/$name.ours.folded" |
		sed 's/^/    perf: /' | head -n 10
	comm -13 "$TMP/$name.perf.folded" "$TMP/$name.ours.folded" |
		sed 's/^/    ours: /' | head -n 10
}

# The C program.
"$CC" -O2 -g -o "$TMP/symwork" "$TOP"/test/workloads/symbols/*.c \
    2>"$TMP/cc.err" || {
	fail "build the C workload" "$(head -n 1 "$TMP/cc.err")"
	exit 0
}
perf record -q -e cpu-clock -F 10000 --call-graph dwarf -o "$TMP/c.data" -- \
    "$TMP/symwork" 100 >/dev/null 2>"$TMP/record.err" || {
	fail "record the C workload" "$(head -n 1 "$TMP/record.err")"
	exit 0
}
equivalent "C -O2, dwarf" "$TMP/c.data" -j 2 --perf perf
if grep -q '(inlined)$' "$TMP/C -O2, dwarf.ours" &&
    grep -q 'inlined frames added here' "$TMP/C -O2, dwarf.err"; then
	pass "C -O2, dwarf: inlined frames added here (-v says so)"
else
	fail "C -O2, dwarf: inlined frames" "$(head -n 1 "$TMP/C -O2, dwarf.err")"
fi

# Slices: exactly once, in order.
perf script -i "$TMP/c.data" --no-inline >"$TMP/noinline.perf" 2>/dev/null
"$PV" script -v -j 3 "$TMP/c.data" --no-inline >"$TMP/noinline.ours" \
    2>"$TMP/noinline.err"
if grep -q ' 3 slices of ' "$TMP/noinline.err"; then
	same "3 slices of perf script --no-inline are one run's text" \
	    "$TMP/noinline.perf" "$TMP/noinline.ours"
else
	fail "3 slices" "$(grep slices "$TMP/noinline.err")"
fi
"$PV" script -j 1 --perf perf "$TMP/c.data" >"$TMP/one.ours" 2>/dev/null
same "1 slice and 2 give the same text" "$TMP/C -O2, dwarf.ours" \
    "$TMP/one.ours"

# A failing slice; a missing file.
cat >"$TMP/fakeperf" <<'EOF'
#!/bin/sh
# perf, but a slice that starts at a time (the last) fails.
for a in "$@"; do
	case $a in --time=[0-9]*) echo "fakeperf: this slice fails" >&2; exit 3 ;; esac
done
exec perf "$@"
EOF
chmod +x "$TMP/fakeperf"
"$PV" script -j 2 --perf "$TMP/fakeperf" "$TMP/c.data" >/dev/null \
    2>"$TMP/fail.err"
status=$?
if [ $status = 1 ] && grep -q 'slice 2 of 2) failed (exit 3)' "$TMP/fail.err" &&
    grep -q 'fakeperf: this slice fails' "$TMP/fail.err"; then
	pass "a failing slice fails the command with perf's message"
else
	fail "a failing slice" "exit $status: $(head -n 2 "$TMP/fail.err" | paste -s -d' ' -)"
fi
"$PV" script "$TMP/missing.data" >/dev/null 2>"$TMP/missing.err"
status=$?
if [ $status = 1 ] && grep -q 'perf script of .*missing.data failed' "$TMP/missing.err"; then
	pass "a missing perf.data: perf's message, exit 1"
else
	fail "a missing perf.data" "exit $status: $(head -n 2 "$TMP/missing.err" | paste -s -d' ' -)"
fi

# CPython with dwarf call graphs.
PY=
for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
	[ -x "$p" ] && PY=$p && break
done
if [ -n "$PY" ]; then
	perf record -q -e cpu-clock -F 10000 --call-graph dwarf \
	    -o "$TMP/py.data" -- "$PY" "$TOP/test/workloads/hot.py" 300 \
	    >/dev/null 2>"$TMP/record.err" &&
		equivalent "CPython, dwarf" "$TMP/py.data" -j 2 --perf perf ||
		fail "record CPython" "$(head -n 1 "$TMP/record.err")"
else
	skip "CPython, dwarf" "no pyenv Python 3.12 or later"
fi

# 4. Memory does not grow with the text: the first fifth of the samples
# against the first 95%, which run the same code (start-up, then the
# loop; not the interpreter's shutdown, whose code would add its own
# DWARF), so need the same symbols and DWARF (the fixed part, which grows
# with the code).  Cut by samples, not time: a late sample can stretch the
# time range.
rss() { sed -n 's/.*peak RSS of this process \([0-9]*\)\..*/\1/p' "$1"; }
# sample_times FRACTION...: the time of the sample that far into py.data,
# for each fraction (one perf script run: it reads the whole file).
sample_times() {
	perf script -i "$TMP/py.data" -F time --ns -G 2>/dev/null | sort -n |
	    awk -v f="$*" '{ t[NR] = $1 } END { n = split(f, fs, " ")
	    for (k = 1; k <= n; k++) { i = int(NR * fs[k]); if (i < 1) i = 1
	    x = t[i]; sub(/:$/, "", x); print x } }'
}
if [ -s "$TMP/CPython, dwarf.ours" ]; then
	set -- $(sample_times 0.2 0.95)
	for part in 0.2 0.95; do
		"$PV" script -v "$TMP/py.data" --time ",$1" \
		    >"$TMP/part-$part.ours" 2>"$TMP/part-$part.err" ||
			echo "    $part: $(tail -n 1 "$TMP/part-$part.err")"
		shift
	done
	small=$(rss "$TMP/part-0.2.err")
	large=$(rss "$TMP/part-0.95.err")
	small_mb=$(($(wc -c <"$TMP/part-0.2.ours") / 1048576))
	large_mb=$(($(wc -c <"$TMP/part-0.95.ours") / 1048576))
	# Text held in memory would add its size: only a gap well over the
	# 6 MB allowed can show it (a faster machine records less text).
	if [ -n "$small" ] && [ -n "$large" ] &&
	    [ $((large_mb - small_mb)) -lt 10 ]; then
		skip "streaming" "$large_mb MB of text against $small_mb MB: too close to tell"
	elif [ -n "$small" ] && [ -n "$large" ] && [ "$large" -le $((small + 6)) ]; then
		pass "streaming: $large MB for $large_mb MB of text, $small MB for $small_mb MB"
	else
		fail "streaming" "$large MB for $large_mb MB of text, $small MB for $small_mb MB"
	fi
fi

# System-wide, frame pointers: perf adds nothing, neither do we.
if perf record -q -a -g -e cpu-clock -F 999 -o "$TMP/sys.data" -- sleep 1 \
    >/dev/null 2>"$TMP/record.err"; then
	equivalent "system-wide, -g" "$TMP/sys.data" -j 2 --perf perf
	if grep -q 'no event with user stacks: nothing to add' \
	    "$TMP/system-wide, -g.err"; then
		pass "system-wide, -g: nothing added (-v says so)"
	else
		fail "system-wide, -g: -v" "$(head -n 1 "$TMP/system-wide, -g.err")"
	fi
else
	skip "system-wide" "perf record -a failed: $(head -n 1 "$TMP/record.err")"
fi
