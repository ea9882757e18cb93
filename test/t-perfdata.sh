#!/bin/sh
# t-perfdata.sh - perfviews script reading perf.data itself (the perfdata
# group: its default), against perf script, on recordings made here.
#
# 1. Text: on each recording -- a C program built -O2 -g whose hot helpers
#    are inlined (frame pointers; dwarf call graphs; two events; no call
#    graph), a system-wide -a -g recording, CPython -X perf with frame
#    pointers, CPython with dwarf call graphs, the pipe format from a file
#    and from standard input, a program rebuilt since its recording (read
#    from perf's build-id cache) -- perfviews script reads the file
#    itself (-v says so) and writes perf script's text byte for byte.  Where it
#    does not, it passes only when at least 99.5% of the samples' stacks
#    are identical and every line that differs has a cause the README
#    names: an inlined frame (libbfd names an aliased symbol after
#    whichever alias its cache holds, which depends on the addresses
#    looked up before, in perf's addr2line as here), or a PLT entry perf
#    gives to the zero-size _init before it (its symbol tree's shape
#    decides) or, in a stripped program, leaves [unknown]; the
#    differences are listed.
# 2. The views (collapse, flatsort, calltree, bydso, bycategory,
#    flatdiff) given a perf.data file write what they write for the text
#    perfviews script makes of it; one on standard input says to give its
#    path.
# 2b. perfviews views --perf-data: every view from one read of the
#    file, each byte for byte what its program writes given the file
#    (the commands perfviews(1) lists; with --event, each given it), the
#    Python views exactly when the stacks have Python frames, and no
#    other file.
# 3. What the reader refuses goes to perf: an option it does not take
#    (--no-inline), and --perf; -v says so, and the text is perf's.
# 4. Bad input: a file cut inside its data, a file that starts as
#    perf.data and is not (exit 1 with a message naming the file and
#    what is wrong, no crash: perfviews script, collapse); random bytes
#    and an empty file, which are not perf.data, are perf's to report.
# 5. Memory does not grow with the file: the peak RSS of reading a
#    CPython recording five times as long as another is within 20 MB of
#    it (the DSOs' symbols and DWARF are most of it).
. "$(dirname "$0")/lib.sh"

needs_perf perfdata
CC=${CC:-cc}
PV=$BIN/perfviews

# equal NAME DATA [perf script options]: perfviews script reads DATA
# itself and writes perf script's text.  With OTHERS=yes (a system-wide
# recording: other programs' samples, which this test does not choose),
# lines that differ without a known cause pass when they are at most
# 0.5% of the samples, listed (README: seen once, cause unknown), and
# stacks that differ by known causes pass however many (another program's
# labels inside functions can be most of its stacks).
equal() {
	name=$1 data=$2
	shift 2
	perf script -i "$data" "$@" >"$TMP/$name.perf" 2>/dev/null
	if ! "$PV" script -v "$data" "$@" >"$TMP/$name.ours" \
	    2>"$TMP/$name.err"; then
		fail "$name: perfviews script" "$(tail -n 1 "$TMP/$name.err")"
		return
	fi
	if ! grep -q ' here: ' "$TMP/$name.err"; then
		fail "$name: not read here" "$(grep 'not read here' "$TMP/$name.err")"
		return
	fi
	samples=$(awk '!/^\t/ && NF { n++ } END { print n + 0 }' \
	    "$TMP/$name.perf")
	if [ "$samples" -eq 0 ]; then
		fail "$name: no samples in perf script's text"
		return
	fi
	if cmp -s "$TMP/$name.perf" "$TMP/$name.ours"; then
		pass "$name: perf script's text, byte for byte ($samples samples)"
		return
	fi
	for who in perf ours; do
		per_sample "$TMP/$name.$who" | "$BIN/collapse" 2>/dev/null |
			sort >"$TMP/$name.$who.folded"
	done
	total=$(wc -l <"$TMP/$name.perf.folded")
	same=$(comm -12 "$TMP/$name.perf.folded" "$TMP/$name.ours.folded" |
		wc -l)
	diff "$TMP/$name.perf" "$TMP/$name.ours" | grep '^[<>]' \
	    >"$TMP/$name.diff"
	lines=$(wc -l <"$TMP/$name.diff")
	# Explained (README): inlined frames; a PLT entry perf leaves unnamed
	# or gives to the zero-size _init before it, a pair of lines each; a
	# label (a symbol of no size) inside a function, which perf's tree of
	# symbols may give the function's name where the reader gives the
	# label's: one address of one DSO, ours the smaller offset.
	unexplained=$(awk '
	    function hex(o) { sub(/^0x/, "", o)
	        return substr("0000000000000000", length(o) + 1) o }
	    / \(inlined\)$/ { next }
	    /^< \t *[0-9a-f]+ (_init\+0x[0-9a-f]+|\[unknown\]) \(/ { init[$2]++; next }
	    /^> \t *[0-9a-f]+ [^ ]+@plt\+0x[0-9a-f]+ \(/ { plt[$2]++; next }
	    /^[<>] \t *[0-9a-f]+ [^ ]+\+0x[0-9a-f]+ \(/ {
	        off = $3; sub(/.*\+/, "", off); key = $2 " " $4
	        if ($1 == "<") { perf[key] = hex(off); np[key]++ }
	        else { ours[key] = hex(off); no[key]++ }
	        next }
	    { n++ }
	    END { for (k in init) if (init[k] != plt[k]) n += init[k]
	          for (k in plt) if (init[k] != plt[k]) n += plt[k]
	          for (k in np) if (!(k in no) || no[k] != np[k] ||
	              !(ours[k] < perf[k])) n += np[k]
	          for (k in no) if (!(k in np) || no[k] != np[k] ||
	              !(ours[k] < perf[k])) n += no[k]
	          print n + 0 }' "$TMP/$name.diff")
	if [ $((same * 1000)) -ge $((total * 995)) ] &&
	    [ "$unexplained" -eq 0 ]; then
		pass "$name: $same of $total stacks identical; $lines lines differ, all explained (inlined frames, PLT entries, labels inside functions)"
	elif [ "${OTHERS:-}" = yes ] &&
	    [ $((unexplained * 1000)) -le $((samples * 5)) ]; then
		pass "$name: $same of $total stacks identical; $lines lines differ, $unexplained without a known cause (other programs', at most 0.5% of $samples samples)"
	else
		fail "$name: $same of $total stacks identical, $lines lines differ ($unexplained unexplained)"
	fi
	head -n 10 "$TMP/$name.diff" | sed 's/^/    /'
}

# The C program: fp, dwarf, two events, no call graph.
"$CC" -O2 -g -o "$TMP/symwork" "$TOP"/test/workloads/symbols/*.c \
    2>"$TMP/cc.err" || {
	fail "build the C workload" "$(head -n 1 "$TMP/cc.err")"
	exit 0
}
record() {
	out=$1
	shift
	perf record -q -o "$TMP/$out" "$@" >/dev/null 2>"$TMP/record.err" ||
		{
			fail "record $out" "$(head -n 1 "$TMP/record.err")"
			return 1
		}
}
record c-fp.data -e cpu-clock -F 2000 -g -- "$TMP/symwork" 30 &&
	equal "C -O2, -g" "$TMP/c-fp.data"
record c-dwarf.data -e cpu-clock -F 2000 --call-graph dwarf -- \
    "$TMP/symwork" 30 && equal "C -O2, dwarf" "$TMP/c-dwarf.data"
if [ -s "$TMP/C -O2, dwarf.ours" ] && grep -q '(inlined)$' "$TMP/C -O2, dwarf.ours"; then
	pass "C -O2, dwarf: inlined frames written"
else
	fail "C -O2, dwarf: no inlined frame written"
fi
record c-two.data -e cpu-clock,page-faults -F 2000 -g -- "$TMP/symwork" 10 &&
	equal "C, two events" "$TMP/c-two.data"
record c-nocg.data -e cpu-clock -F 2000 -- "$TMP/symwork" 10 &&
	equal "C, no call graph" "$TMP/c-nocg.data"
equal "C -O2, dwarf, --ns" "$TMP/c-dwarf.data" --ns
# The program rebuilt since (another build id): its bytes and symbols
# from perf's build-id cache, as perf reads them, or none.
if [ -s "$TMP/c-dwarf.data" ] && "$CC" -O0 -g -o "$TMP/symwork" \
    "$TOP"/test/workloads/symbols/*.c 2>"$TMP/cc.err"; then
	equal "C -O2, dwarf, the program rebuilt -O0 since" "$TMP/c-dwarf.data"
fi

# The pipe format: from a file, and from standard input.
if perf record -q -e cpu-clock -F 2000 --call-graph dwarf -o - -- \
    "$TMP/symwork" 10 >"$TMP/pipe.data" 2>"$TMP/record.err"; then
	equal "pipe format" "$TMP/pipe.data"
	"$PV" script - <"$TMP/pipe.data" >"$TMP/stdin.ours" 2>"$TMP/stdin.err"
	same "pipe format, from standard input" "$TMP/pipe format.perf" \
	    "$TMP/stdin.ours"
else
	fail "record the pipe format" "$(head -n 1 "$TMP/record.err")"
fi

# System-wide, frame pointers.
if perf record -q -a -g -e cpu-clock -F 499 -o "$TMP/sys.data" -- sleep 1 \
    >/dev/null 2>"$TMP/record.err"; then
	OTHERS=yes
	equal "system-wide, -a -g" "$TMP/sys.data"
	OTHERS=
else
	skip "system-wide" "perf record -a failed: $(head -n 1 "$TMP/record.err")"
fi

# CPython: -X perf (frame pointers and perf maps), and dwarf.
PY=
for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
	[ -x "$p" ] && PY=$p && break
done
if [ -n "$PY" ]; then
	record py-xperf.data -e cpu-clock -F 10000 -g -- "$PY" -X perf \
	    "$TOP/test/workloads/hot.py" 20 &&
		equal "CPython -X perf, -g" "$TMP/py-xperf.data"
	# Python's frames are in the perf map; an fp chain reaches them
	# only through libpython's frame pointers, which it may not keep
	# (about 6 frames in 2,900 samples here).
	if ! grep -q '(/tmp/perf-[0-9]*\.map)$' "$TMP/CPython -X perf, -g.perf"; then
		skip "CPython -X perf: perf map frames" "no sample of perf script's reached one"
	elif grep -q '(/tmp/perf-[0-9]*\.map)$' "$TMP/CPython -X perf, -g.ours"; then
		pass "CPython -X perf: perf map frames written"
	else
		fail "CPython -X perf: no perf map frame"
	fi
	record py-short.data -e cpu-clock -F 5000 --call-graph dwarf -- \
	    "$PY" "$TOP/test/workloads/hot.py" 20 &&
		equal "CPython, dwarf" "$TMP/py-short.data"
else
	skip "CPython" "no pyenv Python 3.12 or later"
fi

# 2. The views read perf.data as they read its text: the same output.
views_equal() {
	name=$1 data=$2 text=$3
	for v in collapse flatsort calltree bydso bycategory; do
		"$BIN/$v" "$text" >"$TMP/view-text" 2>/dev/null
		if ! "$BIN/$v" "$data" >"$TMP/view-data" 2>"$TMP/view.err"; then
			fail "$name: $v of perf.data" "$(tail -n 1 "$TMP/view.err")"
		elif [ -s "$TMP/view-text" ] &&
		    cmp -s "$TMP/view-text" "$TMP/view-data"; then
			pass "$name: $v of perf.data is $v of its text"
		else
			fail "$name: $v of perf.data differs from $v of its text"
			diff "$TMP/view-text" "$TMP/view-data" | head -n 6 |
				sed 's/^/    /'
		fi
	done
}
views_equal "C -O2, dwarf" "$TMP/c-dwarf.data" "$TMP/C -O2, dwarf.ours"
[ -s "$TMP/CPython, dwarf.ours" ] &&
	views_equal "CPython, dwarf" "$TMP/py-short.data" "$TMP/CPython, dwarf.ours"
"$BIN/flatdiff" "$TMP/c-fp.data" "$TMP/c-dwarf.data" >"$TMP/diff-data" \
    2>/dev/null
"$BIN/flatdiff" "$TMP/C -O2, -g.ours" "$TMP/C -O2, dwarf.ours" \
    >"$TMP/diff-text" 2>/dev/null
# The inputs' names are in the header; the rest must be the same.
sed -i '/^# [AB]: /d' "$TMP/diff-text" "$TMP/diff-data"
if [ -s "$TMP/diff-text" ]; then
	same "flatdiff of two perf.data files is flatdiff of their texts" \
	    "$TMP/diff-text" "$TMP/diff-data"
else
	fail "flatdiff of two perf.data files: no output"
fi
"$BIN/collapse" - <"$TMP/c-fp.data" >/dev/null 2>"$TMP/stdin-view.err"
if grep -q 'a perf.data file: give its path' "$TMP/stdin-view.err"; then
	pass "perf.data on standard input: a message saying what to do"
else
	fail "perf.data on standard input" "$(head -n 1 "$TMP/stdin-view.err")"
fi

# 2b. Every view in one pass: each file what its program writes.
# onepass_equal NAME DATA [--event EVENT]
onepass_equal() {
	name=$1 data=$2
	shift 2
	exp=$TMP/onepass-expected got=$TMP/onepass-got
	rm -rf "$exp" "$got"
	mkdir -p "$exp"
	if ! "$PV" views --perf-data "$data" --out "$got" --name n "$@" \
	    >"$TMP/onepass.out" 2>"$TMP/onepass.err"; then
		fail "$name: views --perf-data" "$(tail -n 1 "$TMP/onepass.err")"
		return
	fi
	"$BIN/collapse" "$@" "$data" >"$exp/n-folded.txt" 2>/dev/null
	"$BIN/flamesvg" --title n "$exp/n-folded.txt" >"$exp/n-flamegraph.svg"
	"$BIN/flatsort" "$@" "$data" >"$exp/n-flat.txt" 2>/dev/null
	"$BIN/calltree" "$@" "$data" >"$exp/n-calltree.txt" 2>/dev/null
	"$BIN/bydso" "$@" "$data" >"$exp/n-bydso.txt" 2>/dev/null
	"$BIN/bycategory" "$@" "$data" >"$exp/n-categories.txt" 2>/dev/null
	"$BIN/bycategory" "$@" --format=svg --label n "$data" \
	    >"$exp/n-categories.svg" 2>/dev/null
	if grep -q 'py::' "$exp/n-folded.txt"; then
		"$BIN/pyprofile" "$@" "$data" >"$exp/n-python.txt" 2>/dev/null
		"$BIN/pyprofile" "$@" --format=csv "$data" >"$exp/n-python.csv" \
		    2>/dev/null
		"$BIN/pyprofile" "$@" --format=json "$data" >"$exp/n-python.json" \
		    2>/dev/null
		"$BIN/pyprofile" "$@" --folded "$data" \
		    >"$exp/n-python-folded.txt" 2>/dev/null
		"$BIN/flamesvg" --title n "$exp/n-python-folded.txt" \
		    >"$exp/n-python-flamegraph.svg"
	fi
	if grep -q '_PyEval_EvalFrameDefault' "$exp/n-folded.txt"; then
		"$BIN/bytecode" "$@" "$data" >"$exp/n-bytecode.txt" 2>/dev/null
		"$BIN/bytecode" "$@" --format=csv "$data" \
		    >"$exp/n-bytecode.csv" 2>/dev/null
	fi
	differ=
	for f in "$exp"/*; do
		f=${f##*/}
		[ -s "$exp/$f" ] && cmp -s "$exp/$f" "$got/$f" ||
			differ="$differ $f"
	done
	extra=$(cd "$got" && for f in *; do [ -e "$exp/$f" ] || echo "$f"; done)
	n=$(ls "$exp" | wc -l)
	if [ -z "$differ" ] && [ -z "$extra" ] &&
	    grep -q "^wrote $n views of " "$TMP/onepass.out"; then
		pass "$name: views --perf-data: its $n files are its programs' output"
	else
		fail "$name: views --perf-data" "differ:${differ:- none};\
 extra: ${extra:-none}; $(cat "$TMP/onepass.out")"
	fi
}
onepass_equal "C -O2, dwarf" "$TMP/c-dwarf.data"
if [ -s "$TMP/c-two.data" ]; then
	onepass_equal "C, two events, --event page-faults" "$TMP/c-two.data" \
	    --event page-faults
	if head -n 1 "$TMP/onepass-got/n-flat.txt" | grep -q 'event page-faults$'; then
		pass "views --perf-data --event page-faults: the views show it"
	else
		fail "views --perf-data --event" \
		    "$(head -n 1 "$TMP/onepass-got/n-flat.txt")"
	fi
fi
[ -s "$TMP/sys.data" ] && onepass_equal "system-wide, -a -g" "$TMP/sys.data"
[ -s "$TMP/py-xperf.data" ] &&
	onepass_equal "CPython -X perf, -g" "$TMP/py-xperf.data"
[ -s "$TMP/py-short.data" ] &&
	onepass_equal "CPython, dwarf" "$TMP/py-short.data"
"$PV" views --perf-data "$TMP/C -O2, dwarf.ours" --out "$TMP/onepass-text" \
    >/dev/null 2>"$TMP/onepass-text.err"
if [ $? -eq 1 ] && grep -q 'not a perf.data file' "$TMP/onepass-text.err" &&
    [ ! -e "$TMP/onepass-text" ]; then
	pass "views --perf-data of perf script text: exit 1, saying so"
else
	fail "views --perf-data of text" "$(head -n 1 "$TMP/onepass-text.err")"
fi

# 3. Refused: to perf.
"$PV" script -v "$TMP/c-dwarf.data" --no-inline >"$TMP/noinline.ours" \
    2>"$TMP/noinline.err"
perf script -i "$TMP/c-dwarf.data" --no-inline >"$TMP/noinline.perf" \
    2>/dev/null
if grep -q 'option --no-inline: not read here' "$TMP/noinline.err"; then
	same "an option the reader does not take: perf's text" \
	    "$TMP/noinline.perf" "$TMP/noinline.ours"
else
	fail "--no-inline: -v" "$(head -n 1 "$TMP/noinline.err")"
fi
"$PV" script -v --perf perf "$TMP/c-fp.data" >"$TMP/withperf.ours" \
    2>"$TMP/withperf.err"
if grep -q 'slice' "$TMP/withperf.err" && ! grep -q ' here: ' "$TMP/withperf.err"; then
	same "--perf: perf script in slices" "$TMP/C -O2, -g.perf" \
	    "$TMP/withperf.ours"
else
	fail "--perf: -v" "$(head -n 1 "$TMP/withperf.err")"
fi

# 4. Bad input.
bad() {
	name=$1 file=$2 want=$3
	"$PV" script "$file" >/dev/null 2>"$TMP/bad.err"
	status=$?
	if [ $status = 1 ] && grep -q "$want" "$TMP/bad.err" &&
	    ! grep -qi 'sanitizer\|core dumped' "$TMP/bad.err"; then
		pass "$name: exit 1, \"$(head -n 1 "$TMP/bad.err" | cut -c 1-70)\""
	else
		fail "$name" "exit $status: $(head -n 2 "$TMP/bad.err" | paste -s -d' ' -)"
	fi
}
size=$(wc -c <"$TMP/c-dwarf.data")
head -c $((size / 2 + 3)) "$TMP/c-dwarf.data" >"$TMP/cut.data"
bad "a file cut inside its data" "$TMP/cut.data" 'cut.data: .*cut short'
printf 'PERFILE2 is not all it takes' >"$TMP/garbage.data"
bad "a file that is not perf.data" "$TMP/garbage.data" 'garbage.data'
head -c 4096 /dev/urandom >"$TMP/random.data"
bad "random bytes (perf's to say)" "$TMP/random.data" \
    'perf script of .*random.data failed'
: >"$TMP/empty.data"
bad "an empty file (perf's to say)" "$TMP/empty.data" \
    'perf script of .*empty.data failed'
head -c 4096 /dev/urandom >"$TMP/random.data"
"$BIN/collapse" "$TMP/cut.data" >/dev/null 2>"$TMP/bad.err"
status=$?
if [ $status = 1 ] && grep -q 'cut.data: .*cut short' "$TMP/bad.err"; then
	pass "collapse of a cut perf.data: exit 1, \"$(head -n 1 "$TMP/bad.err" | cut -c 1-60)\""
else
	fail "collapse of a cut perf.data" "exit $status: $(head -n 1 "$TMP/bad.err")"
fi

# 5. Memory: a recording five times as long, within 20 MB.
if [ -n "$PY" ] && [ -s "$TMP/py-short.data" ] &&
    record py-long.data -e cpu-clock -F 5000 --call-graph dwarf -- \
        "$PY" "$TOP/test/workloads/hot.py" 100; then
	rss() {
		"$PV" script -v "$1" 2>&1 >/dev/null |
			sed -n 's/.*peak RSS of this process \([0-9]*\)\..*/\1/p'
	}
	short=$(rss "$TMP/py-short.data")
	long=$(rss "$TMP/py-long.data")
	short_mb=$(($(wc -c <"$TMP/py-short.data") / 1048576))
	long_mb=$(($(wc -c <"$TMP/py-long.data") / 1048576))
	if [ -n "$short" ] && [ -n "$long" ] &&
	    [ "$long" -le $((short + 20)) ]; then
		pass "memory: $long MB for a $long_mb MB perf.data, $short MB for $short_mb MB"
	else
		fail "memory" "$long MB for a $long_mb MB perf.data, $short MB for $short_mb MB"
	fi
fi
