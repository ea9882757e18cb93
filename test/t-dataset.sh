#!/bin/sh
# t-dataset.sh - the data-set workflow end to end: make record, views,
# stability and publish (perfviews(5)), on a tiny workload recorded here.
#
# 1. Bad IDs are refused with a message that says what is wrong; make
#    record of a bad ID says only that, at once; a misspelt tag is refused
#    by make record, views and suite, which make nothing; make views of a
#    data set without a raw file says so in one line.
# 2. make record of 3 runs: the raw file holds 3 runs, meta.json parses as
#    JSON and has every field of perfviews(5) with consistent sample counts, and
#    the recording's timings are printed and kept.
# 3. make record rendered the views, and its views command runs again as
#    it printed it; make views renders every view, every
#    view agrees on the sample total; of the raw file cut to 60%, the
#    README and the flame graph say how much is missing, and every make
#    views says it again,
#    a second make views does nothing, and make -j renders the same files.
# 4. make stability and make publish work on the data set: stability uses
#    every distinct split once when there are few, publish writes an index
#    that explains itself, takes the stability report, and the shipped
#    example only with EXAMPLE=1.
# 5. A failed run shows perf's message and the end of the workload's
#    stderr; SIGINT and SIGTERM stop a recording at once, leaving nothing
#    behind (no further run, no temporary directory, no child, the sysctl
#    restored).
# Runs the programs of bin/ (make's default BIN), not $BIN: the Makefile
# builds what it runs.
. "$(dirname "$0")/lib.sh"

MAKE="make -C $TOP --no-print-directory"
DATA=$TMP/data
OUT=$TMP/out

# 1. IDs.
if $MAKE views ID=foo >"$TMP/out.txt" 2>"$TMP/err.txt"; then
	fail "make views ID=foo" "succeeded"
elif grep -q "bad ID 'foo': missing tool and frequency" "$TMP/err.txt"; then
	pass "make views ID=foo: missing tool and frequency"
else
	fail "make views ID=foo" "message: $(head -n 1 "$TMP/err.txt")"
fi
if $MAKE record ID=pass-perf-freq0 DATA="$DATA" >/dev/null 2>"$TMP/err.txt"; then
	fail "make record with HZ 0" "succeeded"
elif grep -q "not a frequency" "$TMP/err.txt"; then
	pass "make record with HZ 0: not a frequency"
else
	fail "make record with HZ 0" "message: $(head -n 1 "$TMP/err.txt")"
fi
if $MAKE record ID=mystery-perf-freq100 DATA="$DATA" >/dev/null 2>"$TMP/err.txt"; then
	fail "make record of an unknown workload without CMD" "succeeded"
elif grep -q "no default command: give CMD" "$TMP/err.txt"; then
	pass "make record of an unknown workload without CMD: asks for CMD"
else
	fail "make record of an unknown workload" "message: $(head -n 1 "$TMP/err.txt")"
fi
# A bad ID stops make record at once: its message, and make's own line.
$MAKE record ID=bad DATA="$DATA" >"$TMP/out.txt" 2>"$TMP/err.txt"
status=$?
others=$(grep -v '^make: \*\*\*' "$TMP/err.txt" | grep -vc "^perfviews: bad ID 'bad': missing tool and frequency")
if [ $status -ne 0 ] && [ ! -s "$TMP/out.txt" ] && [ "$others" = 0 ] &&
    grep -q "^perfviews: bad ID 'bad'" "$TMP/err.txt" && [ ! -e "$DATA" ]; then
	pass "make record ID=bad: the bad ID message alone, nothing done"
else
	fail "make record ID=bad" "exit $status, $others other line(s): $(head -n 2 "$TMP/err.txt" | paste -s -d' ' -)"
fi
# A misspelt tag would record something else: refused by every target
# that takes an ID, naming the tags there are, before anything is made.
for goal in "record ID=pass-perf-freq99-nosit" "views ID=pass-perf-freq99-nosite-xpref" \
    "suite SUITE=t BENCHMARKS=nbody FREQ=99 RUNS=1 TAGS=nosit"; do
	tag=$(echo "$goal" | grep -o 'nosit$\|xpref')
	# shellcheck disable=SC2086 # goal's words are make's arguments
	if $MAKE $goal DATA="$DATA" OUT="$TMP/tag-out" >/dev/null 2>"$TMP/err.txt"; then
		fail "make $goal" "succeeded"
	elif grep -q "unknown tag '$tag' (the tags are nosite, xperf, faults, files; a build's, 'py' and a digit: 'py312'; a tag of your own, .* starts with '_': '_$tag')" "$TMP/err.txt" &&
	    [ ! -e "$DATA" ] && [ ! -e "$TMP/tag-out" ]; then
		pass "make $goal: the unknown tag refused with the known ones, nothing made"
	else
		fail "make $goal" "$(ls -A "$DATA" "$TMP/tag-out" 2>/dev/null | paste -s -d' ' -): $(head -n 1 "$TMP/err.txt")"
	fi
done
# Several tags: one tail, each a tag of the suite's IDs (they were words
# apart, the second taken for an option).
ids=$($MAKE -s suite-todo SUITE=t TAGS="nosite  _two" BENCHMARKS="nbody float" FREQ=99 \
    RUNS=2 DATA="$TMP/none" 2>"$TMP/err.txt" | paste -s -d' ' -)
if [ "$ids" = "bm_nbody-perf-freq99x2-nosite-_two bm_float-perf-freq99x2-nosite-_two" ]; then
	pass "make suite with two TAGS: each ID carries both"
else
	fail "make suite with two TAGS" "$ids $(head -n 1 "$TMP/err.txt")"
fi
if $MAKE record DATA="$DATA" >/dev/null 2>"$TMP/err.txt"; then
	fail "make record without ID" "succeeded"
elif grep -q "no ID (make record ID=X)" "$TMP/err.txt"; then
	pass "make record without ID: asks for one"
else
	fail "make record without ID" "message: $(head -n 1 "$TMP/err.txt")"
fi
if $MAKE views ID=absent-perf-freq1 DATA="$DATA" >/dev/null 2>"$TMP/err.txt"; then
	fail "make views of a missing data set" "succeeded"
elif grep -q "^make views: no absent-perf-freq1-raw.txt.xz or absent-perf-freq1-raw.txt in $DATA/ or examples/" "$TMP/err.txt" &&
    [ "$(grep -vc '^make: \*\*\* ' "$TMP/err.txt")" = 1 ]; then
	pass "make views of a missing data set: one line, the raw file missing in DATA"
else
	fail "make views of a missing data set" "message: $(grep -v '^make: \*\*\* ' "$TMP/err.txt" | paste -s -d'|' -)"
fi

# The design card's ID renders from a fresh clone: the shipped example.
if $MAKE views ID=pass-perf-freq100000-nosite DATA="$TMP/nodata" OUT="$TMP/card" \
    >/dev/null 2>"$TMP/err.txt" &&
    [ -s "$TMP/card/pass-perf-freq100000-nosite-flamegraph.svg" ] &&
    grep -q '^# Profile data set pass-perf-freq100000-nosite' "$TMP/card/pass-perf-freq100000-nosite-README.md" &&
    grep -q 'at 100000 Hz' "$TMP/card/pass-perf-freq100000-nosite-README.md"; then
	pass "make views ID=pass-perf-freq100000-nosite renders the shipped example"
else
	fail "make views ID=pass-perf-freq100000-nosite" "$(head -n 1 "$TMP/err.txt")"
fi
# A missing data set of a workload make record knows: how to record it.
if $MAKE views ID=bm_nbody-perf-freq1000x10 DATA="$TMP/nodata" >/dev/null 2>"$TMP/err.txt"; then
	fail "make views of an unrecorded benchmark" "succeeded"
elif grep -q "record pyperformance's benchmark nbody first: make record ID=bm_nbody-perf-freq1000x10 DATA=$TMP/nodata PYTHON=" "$TMP/err.txt"; then
	pass "make views of an unrecorded benchmark says how to record it, into its DATA"
else
	fail "make views of an unrecorded benchmark" "$(head -n 1 "$TMP/err.txt")"
fi

needs_perf record
PY=
for p in "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 "$PYTHON"; do
	[ -x "$p" ] && PY=$p && break
done
if [ -z "$PY" ]; then
	skip record "no python3 to record"
	exit 0
fi

# 2. Record 3 runs of python -S -c pass.
ID=pass-perf-freq2000x3-nosite
if ! timeout 120 $MAKE record ID=$ID PYTHON="$PY" DATA="$DATA" OUT="$OUT" \
    RECORD_TIMEOUT=30 XZ="xz -1" >"$TMP/record.out" 2>"$TMP/record.err"; then
	fail "make record" "$(tail -n 2 "$TMP/record.err")"
	exit 0
fi
RAW=$DATA/$ID-raw.txt.xz
META=$DATA/$ID-meta.json
if [ -f "$RAW" ] && [ -f "$META" ]; then
	pass "make record wrote raw and meta"
else
	fail "make record" "no $ID-raw.txt.xz or $ID-meta.json"
	exit 0
fi
runs=$(xz -dc "$RAW" | grep -c '^# perfviews run [0-9]*/3 (an end line follows)$')
ends=$(xz -dc "$RAW" | grep -c '^# perfviews end of run [0-9]*/3: [0-9]* samples$')
if [ "$runs" = 3 ] && [ "$ends" = 3 ]; then
	pass "raw file holds 3 runs, each with its end line"
else
	fail "raw runs" "$runs starts and $ends ends, want 3"
fi
# Its header, in perf's form: the first line perf's own (Firefox Profiler
# takes the file for perf script text by it, t-viewers.sh), then what the
# file is, then run 1.
xz -dc "$RAW" | head -n 6 >"$TMP/raw.head"
if [ "$(sed -n 1p "$TMP/raw.head")" = "# ========" ] &&
    sed -n 2p "$TMP/raw.head" | grep -qx "# perfviews raw file of data set $ID: the \`perf script\` text of 3 runs," &&
    [ "$(sed -n 4p "$TMP/raw.head")" = "# ========" ] &&
    [ "$(sed -n 6p "$TMP/raw.head")" = "# perfviews run 1/3 (an end line follows)" ]; then
	pass "the raw file starts with a header in perf's form, saying what it is"
else
	fail "the raw file's header" "$(paste -s -d'|' "$TMP/raw.head")"
fi

if "$PYTHON" -m json.tool "$META" >/dev/null 2>"$TMP/json.err"; then
	pass "meta.json is valid JSON"
else
	fail "meta.json is valid JSON" "$(head -n 1 "$TMP/json.err")"
fi
# Every field of perfviews(5), and counts that agree with each other.
"$PYTHON" - "$META" "$ID" >"$TMP/meta.check" 2>&1 <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
want = {"id": None, "workload": ["name", "version", "command"],
        "tool": ["name", "version", "event", "frequency", "call_graph",
                 "runs", "record_command"],
        "tags": None, "timestamp": None,
        "host": ["hostname", "kernel", "cpu_model", "cpu_count"],
        "python": ["executable", "version", "build"],
        "samples": ["total", "per_run"]}
for k, sub in want.items():
    assert k in m, "missing " + k
    for s in sub or []:
        assert s in m[k], "missing %s.%s" % (k, s)
for s in ["git_remote", "git_branch", "git_revision", "configure_args", "cflags"]:
    assert s in m["python"]["build"], "missing python.build." + s
assert m["id"] == sys.argv[2]
assert m["tool"]["frequency"] == 2000 and m["tool"]["runs"] == 3
assert m["tags"] == ["nosite"]
assert len(m["samples"]["per_run"]) == 3
assert sum(m["samples"]["per_run"]) == m["samples"]["total"] > 0
assert m["python"]["version"] and m["python"]["executable"]
assert m["workload"]["command"].endswith("-S -c pass")
assert m["timestamp"].endswith("Z")
t = m["timing"]
for k in ["record_seconds", "script_seconds", "compress_seconds", "other_seconds"]:
    assert isinstance(t[k], (int, float)) and t[k] >= 0, "timing." + k
assert t["record_seconds"] > 0 and t["script_seconds"] > 0
# Written once, before the views: their time is make record's to print.
assert t.get("views_seconds") is None, "timing.views_seconds"
print(m["samples"]["total"])
EOF
if [ $? -eq 0 ]; then
	TOTAL=$(cat "$TMP/meta.check")
	pass "meta.json has every field ($TOTAL samples in 3 runs)"
else
	fail "meta.json fields" "$(tail -n 1 "$TMP/meta.check")"
	TOTAL=
fi

if grep -q '^took [0-9.]* s: perf record [0-9.]* s, perfviews script [0-9.]* s, compression [0-9.]* s, views [0-9.]* s, the rest [0-9.]* s$' "$TMP/record.out" &&
    grep -q '^run 3/3: perf record -e cpu-clock -F 2000 --call-graph dwarf' "$TMP/record.out"; then
	pass "make record prints each run and how long each step took"
else
	fail "make record output" "$(tail -n 2 "$TMP/record.out" | paste -s -d' ' -)"
fi
if "$TOP/bin/perfviews" meta --fields | grep -q '^timing.script_seconds  *time spent in perf script'; then
	pass "perfviews meta --fields lists the timings"
else
	fail "perfviews meta --fields lists the timings"
fi
if [ -z "$(ls -A "$DATA" | grep '^\.')" ]; then
	pass "no temporary directory left in DATA"
else
	fail "temporary directory left" "$(ls -A "$DATA" | paste -s -d' ' -)"
fi

# 3. Views: make record rendered them already (a make views that follows
# has nothing to do), after meta.json, written once: not newer than them.
if [ -s "$OUT/$ID-flamegraph.svg" ] && [ -s "$OUT/$ID-README.md" ]; then
	pass "make record rendered the views"
else
	fail "make record rendered the views" "$(ls "$OUT" | paste -s -d' ' -)"
fi
if [ -s "$OUT/$ID-README.md" ] && ! [ "$META" -nt "$OUT/$ID-README.md" ]; then
	pass "meta.json written once, before the views"
else
	fail "meta.json written once" "$(ls -l --time-style=full-iso "$META" "$OUT/$ID-README.md" | paste -s -d'|' -)"
fi
# The views' command make record printed, run again as printed: it finds
# the data set in DATA and the views in OUT, up to date, and says nothing.
line=$(sed -n "s/^rendered the views of $ID: //p" "$TMP/record.out")
case $line in
*" DATA='$DATA' OUT='$OUT' ID=$ID") ok=1 ;;
*) ok= ;;
esac
if [ -n "$ok" ] && (cd "$TOP" && eval "$line") >"$TMP/again.out" 2>&1 &&
    ! [ -s "$TMP/again.out" ]; then
	pass "make record's views command names DATA and OUT, and runs as printed"
else
	fail "make record's views command" "$line: $(head -n 2 "$TMP/again.out" | paste -s -d' ' -)"
fi
if $MAKE views ID=$ID DATA="$DATA" OUT="$OUT" >"$TMP/views.out" 2>"$TMP/views.err"; then
	pass "make views"
else
	fail "make views" "$(tail -n 2 "$TMP/views.err")"
	exit 0
fi
V=$OUT/$ID
missing=
for kind in folded.txt flat.txt calltree.txt bydso.txt flamegraph.svg README.md; do
	[ -s "$V-$kind" ] || missing="$missing $kind"
done
if [ -z "$missing" ]; then pass "every view written"; else fail "views missing" "$missing"; fi

folded=$(awk '{ s += $NF } END { print s + 0 }' "$V-folded.txt")
flat=$(sed -n '1s/^# flatsort: total \([0-9]*\) samples.*/\1/p' "$V-flat.txt")
tree=$(sed -n '1s/^# calltree: total \([0-9]*\) samples.*/\1/p' "$V-calltree.txt")
dso=$(sed -n '1s/^# bydso: total \([0-9]*\) samples.*/\1/p' "$V-bydso.txt")
svg=$(grep -o 'all ([0-9,]* samples, 100%)' "$V-flamegraph.svg" | head -n 1 |
	tr -d , | sed 's/all (\([0-9]*\) .*/\1/')
readme=$(grep -o '[0-9]* samples in all' "$V-README.md" | cut -d' ' -f1)
all="meta=$TOTAL folded=$folded flat=$flat calltree=$tree bydso=$dso svg=$svg readme=$readme"
if [ -n "$TOTAL" ] && [ "$folded" = "$TOTAL" ] && [ "$flat" = "$TOTAL" ] &&
    [ "$tree" = "$TOTAL" ] && [ "$dso" = "$TOTAL" ] && [ "$svg" = "$TOTAL" ] &&
    [ "$readme" = "$TOTAL" ]; then
	pass "every view agrees on the sample total ($TOTAL)"
else
	fail "sample totals" "$all"
fi
# The raw file cut to 60% beside its meta.json: the views show what is
# read (a warning on stderr); the README says first, and the flame graph's
# subtitle, that it is short of the recording's counts, by how much; each
# make views after says so again.
CUT=$TMP/cut
mkdir -p "$CUT" && cp "$DATA/$ID-meta.json" "$CUT/" &&
    xz -dc "$DATA/$ID-raw.txt.xz" >"$TMP/whole.txt" &&
    head -c $(($(wc -c <"$TMP/whole.txt") * 6 / 10)) "$TMP/whole.txt" >"$CUT/$ID-raw.txt"
$MAKE views ID=$ID DATA="$CUT" OUT="$TMP/cut-out" >/dev/null 2>"$TMP/cut.err"
status=$?
read=$(sed -n '1s/^# flatsort: total \([0-9]*\) samples.*/\1/p' "$TMP/cut-out/$ID-flat.txt")
whole=$(sed -n 's/^\*\*The raw file is incomplete\*\*: \([0-9]*\) of 3 runs whole, .*/\1/p' "$TMP/cut-out/$ID-README.md")
short="$whole of 3 runs whole, $read of $TOTAL samples read"
if [ $status = 0 ] && [ -n "$read" ] && [ "$read" -lt "$TOTAL" ] && [ -n "$whole" ] && [ "$whole" -lt 3 ] &&
    grep -q "^\*\*The raw file is incomplete\*\*: $short; " "$TMP/cut-out/$ID-README.md" &&
    grep -q "<text id=\"subtitle\"[^>]*>RAW FILE INCOMPLETE: $short | " "$TMP/cut-out/$ID-flamegraph.svg" &&
    grep -q "not whole" "$TMP/cut.err"; then
	pass "a raw file cut to 60%: the README and the flame graph say so ($short)"
else
	fail "a raw file cut to 60%" "exit $status, read $read of $TOTAL, $whole whole: $(sed -n 3p "$TMP/cut-out/$ID-README.md" | cut -c1-120)"
fi
if $MAKE views ID=$ID DATA="$CUT" OUT="$TMP/cut-out" >"$TMP/cut2.out" 2>"$TMP/cut2.err" &&
    [ ! -s "$TMP/cut2.out" ] &&
    [ "$(cat "$TMP/cut2.err")" = "make views: $CUT/$ID-raw.txt is incomplete: $short; the views show only what was read ($TMP/cut-out/$ID-README.md)" ]; then
	pass "a second make views of the cut raw file says so again"
else
	fail "a second make views of the cut raw file" "$(paste -s -d'|' "$TMP/cut2.err")"
fi
if grep -q "$ID" "$V-flamegraph.svg" && grep -q "Python 3" "$V-flamegraph.svg"; then
	pass "flame graph title and subtitle name the ID and Python"
else
	fail "flame graph title and subtitle"
fi
if grep -q "Ctrl-F" "$V-README.md" && grep -q "## Top functions" "$V-README.md"; then
	pass "README explains the views and lists the top functions"
else
	fail "README contents"
fi
# The eval loop's view, of a Python counting time: its samples are the
# folded stacks through _PyEval_EvalFrameDefault, its CSV's rows sum to its
# header and are its text's rows, and the README quotes its header; or,
# with no such stack, one line that says so and an empty CSV.
B=$V-bytecode
loop=$(awk '/;_PyEval_EvalFrameDefault(\.cold)?(;| )/ { s += $NF } END { print s + 0 }' "$V-folded.txt")
said=$(sed -n 's/^# \(bytecode: \)\{0,1\}\([0-9]*\) samples (.*) have an eval loop frame .*; \([0-9]*\) (.*) are in its own code$/\2 \3/p' "$B.txt")
sums=$(awk -F, 'NR > 1 { s += $3; t += $4 } END { print t + 0, s + 0 }' "$B.csv")
rows=$(grep -vc '^#' "$B.txt")
if [ "$loop" = 0 ]; then
	if [ "$(cat "$B.txt")" = "# bytecode: no CPython eval loop (_PyEval_EvalFrameDefault) in the $flat samples: nothing to show" ] &&
	    [ ! -s "$B.csv" ] && grep -qx '## Top bytecode instructions' "$V-README.md"; then
		pass "bytecode view: no eval loop in the stacks, one line says so"
	else
		fail "bytecode view without an eval loop" "$(head -n 2 "$B.txt" | paste -s -d'|' -)"
	fi
elif [ "$said" = "$sums" ] && [ "${said% *}" = "$loop" ] && [ "$rows" -gt 0 ] &&
    [ $((rows + 1)) = "$(wc -l <"$B.csv")" ] &&
    grep -qx '## Top bytecode instructions' "$V-README.md" &&
    grep -qxF "$(head -n 1 "$B.txt")" "$V-README.md"; then
	pass "bytecode view: $loop eval loop samples as the folded stacks have, rows summing to them, quoted in the README"
else
	fail "bytecode view" "folded $loop, header '$said', CSV sums '$sums', $rows rows: $(head -n 3 "$B.txt" | paste -s -d'|' -)"
fi

ls -l --time-style=full-iso "$OUT" >"$TMP/before"
$MAKE views ID=$ID DATA="$DATA" OUT="$OUT" >"$TMP/again.out" 2>&1
ls -l --time-style=full-iso "$OUT" >"$TMP/after"
if [ ! -s "$TMP/again.out" ] && cmp -s "$TMP/before" "$TMP/after"; then
	pass "a second make views does nothing"
else
	fail "a second make views does nothing" "$(head -n 2 "$TMP/again.out")"
fi
if $MAKE -j4 views ID=$ID DATA="$DATA" OUT="$TMP/outj" >/dev/null 2>&1 &&
    cmp -s "$V-flat.txt" "$TMP/outj/$ID-flat.txt" &&
    cmp -s "$V-flamegraph.svg" "$TMP/outj/$ID-flamegraph.svg" &&
    cmp -s "$V-README.md" "$TMP/outj/$ID-README.md"; then
	pass "make -j4 views renders the same files"
else
	fail "make -j4 views"
fi

# 4. Stability and publish.  Three runs have 3 distinct splits for k = 1.
if $MAKE stability ID=$ID DATA="$DATA" OUT="$OUT" >"$TMP/stab.out" 2>"$TMP/stab.err" &&
    grep -q '^| 1 | [0-9]* | 3 (all) | ' "$TMP/stab.out" && grep -q '^3 runs' "$TMP/stab.out" &&
    cmp -s "$TMP/stab.out" "$OUT/$ID-stability.md"; then
	pass "make stability on 3 runs: all 3 splits of k = 1, once each"
else
	fail "make stability" "$(grep '^| 1 ' "$TMP/stab.out") $(head -n 2 "$TMP/stab.err")"
fi
PUB=$TMP/pub
if $MAKE publish DATA="$DATA" OUT="$OUT" DEST="$PUB" >"$TMP/pub.out" 2>&1 &&
    [ -s "$PUB/$ID-flamegraph.svg" ] && [ -s "$PUB/$ID-raw.txt.xz" ] &&
    grep -q "^| \[$ID\]($ID-README.md) | " "$PUB/README.md"; then
	pass "make publish copies the data set and indexes it"
else
	fail "make publish" "$(tail -n 2 "$TMP/pub.out")"
fi
if cmp -s "$OUT/$ID-stability.md" "$PUB/$ID-stability.md" &&
    grep -q "\[stability\]($ID-stability.md)" "$PUB/README.md"; then
	pass "make publish takes the stability report, and the index links it"
else
	fail "make publish: stability report"
fi
if ! grep -q 'perfviews(1)\|perfviews(7)' "$PUB/README.md" &&
    grep -q '^## The files of a data set' "$PUB/README.md" &&
    grep -q '^| flat | `ID-flat.txt` | flat profile' "$PUB/README.md" &&
    grep -q 'WORKLOAD-perf-freqHZ' "$PUB/README.md"; then
	pass "the index explains IDs and every kind of file, without man pages"
else
	fail "the index is not self-contained"
fi
if [ ! -e "$PUB/pass-perf-freq50000-nosite-meta.json" ]; then
	pass "make publish leaves the shipped example out"
else
	fail "make publish published the shipped example unasked"
fi
$MAKE publish DATA="$DATA" OUT="$OUT" DEST="$PUB" >"$TMP/pub2.out" 2>&1
if grep -q ": 0 file(s) copied" "$TMP/pub2.out"; then
	pass "make publish again copies nothing"
else
	fail "make publish again" "$(tail -n 1 "$TMP/pub2.out")"
fi
if $MAKE publish DATA="$DATA" OUT="$OUT" DEST="$TMP/pub-ex" EXAMPLE=1 >"$TMP/pub3.out" 2>&1 &&
    [ -s "$TMP/pub-ex/pass-perf-freq50000-nosite-flamegraph.svg" ] &&
    grep -q '^| \[pass-perf-freq50000-nosite\]' "$TMP/pub-ex/README.md" &&
    grep -q "^| \[$ID\]" "$TMP/pub-ex/README.md"; then
	pass "make publish EXAMPLE=1 adds the shipped example"
else
	fail "make publish EXAMPLE=1" "$(tail -n 2 "$TMP/pub3.out")"
fi

# 5. Failures and signals.  A run that fails: perf's message, the
# workload's stderr, nothing left behind.
$MAKE record ID=x-perf-freq99 CMD=/nonexistent/prog DATA="$DATA" >"$TMP/bad.out" 2>"$TMP/bad.err"
status=$?
if [ $status -ne 0 ] && grep -q "run 1 of 1 failed" "$TMP/bad.err" &&
    grep -q "/nonexistent/prog.*No such file or directory" "$TMP/bad.err" &&
    [ ! -e "$DATA/.x-perf-freq99.tmp" ] && [ ! -e "$DATA/x-perf-freq99-meta.json" ]; then
	pass "a run of a missing program: perf's own message"
else
	fail "a run of a missing program" "exit $status: $(head -n 2 "$TMP/bad.err" | paste -s -d' ' -)"
fi
$MAKE record ID=y-perf-freq99x2 DATA="$DATA" \
    CMD="sh -c 'echo first-words >&2; echo last-words >&2; exit 3'" >"$TMP/bad.out" 2>"$TMP/bad.err"
status=$?
if [ $status -ne 0 ] && grep -q "run 1 of 2 failed (exit 3)" "$TMP/bad.err" &&
    grep -q "^    last-words$" "$TMP/bad.err" && ! grep -q "^run 2/2" "$TMP/bad.out" &&
    [ ! -e "$DATA/.y-perf-freq99x2.tmp" ]; then
	pass "a failing workload: its exit status and the end of its stderr"
else
	fail "a failing workload" "exit $status: $(head -n 3 "$TMP/bad.err" | paste -s -d' ' -)"
fi

# A recording of a long command stopped by a signal.  Its ID asks for more
# than the kernel's sample rate when root can raise it, to see it restored.
if ! command -v setsid >/dev/null 2>&1; then
	skip signals "no setsid"
	exit 0
fi
RATE=/proc/sys/kernel/perf_event_max_sample_rate
rate=$(cat $RATE 2>/dev/null || echo 0)
hz=99
[ "$(id -u)" = 0 ] && [ "$rate" -gt 0 ] && hz=$((rate + 1000))
# A name no other process has, not even this test run from another clone.
LONG="sleep 29.$$"
# stop HOW WHAT...: start WHAT in a session of its own, send the signal
# when the first run has begun (HOW: INT to the group, TERM to the
# process), and print its exit status.
stop() {
	how=$1
	shift
	setsid "$@" >"$TMP/sig.out" 2>"$TMP/sig.err" &
	pid=$!
	i=0
	while ! grep -q '^run 1/' "$TMP/sig.out" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 1
	case $how in
	INT) kill -INT -"$pid" ;;
	TERM) kill -TERM "$pid" ;;
	esac
	# Should it hang, a watchdog ends it.
	setsid sh -c "sleep 30; kill -KILL $pid" </dev/null >/dev/null 2>&1 &
	watchdog=$!
	wait "$pid" 2>/dev/null
	echo $?
	kill -TERM -"$watchdog" 2>/dev/null
	wait "$watchdog" 2>/dev/null
}
# left WHAT [sysctl]: what a stopped recording of data set WHAT left
# behind; with "sysctl", a sample rate it raised and did not restore (only
# then: the kernel lowers the rate itself when interrupts take long, and
# other recordings may run beside this test).
left() {
	l=
	[ -e "$DATA/.$1.tmp" ] && l="$l .$1.tmp"
	[ -e "$DATA/$1-raw.txt.xz" ] && l="$l raw"
	pgrep -f "$LONG" >/dev/null && l="$l workload"
	grep -q '^run 2/' "$TMP/sig.out" && l="$l run-2"
	[ "${2:-}" = sysctl ] &&
		[ "$(cat $RATE 2>/dev/null || echo 0)" != "$rate" ] && l="$l sysctl"
	echo "$l"
}
status=$(stop INT make -C "$TOP" --no-print-directory record ID=sig-perf-freq${hz}x3 \
    CMD="$LONG" DATA="$DATA")
l=$(left sig-perf-freq${hz}x3 sysctl)
if [ "$status" != 0 ] && [ -z "$l" ] && grep -q "stopped by Interrupt" "$TMP/sig.err"; then
	pass "SIGINT to make record's process group stops it at once ($hz Hz)"
else
	fail "SIGINT to make record" "exit $status, left:$l; $(head -n 2 "$TMP/sig.err" | paste -s -d' ' -)"
fi
[ "$(cat $RATE 2>/dev/null || echo 0)" != "$rate" ] && echo "$rate" >$RATE
status=$(stop INT "$TOP/bin/perfviews" record --cmd "$LONG" --data "$DATA" sig-perf-freq99x3)
l=$(left sig-perf-freq99x3)
if [ "$status" = 130 ] && [ -z "$l" ]; then
	pass "SIGINT stops perfviews record: exit 130, nothing left"
else
	fail "SIGINT to perfviews record" "exit $status, left:$l"
fi
status=$(stop TERM "$TOP/bin/perfviews" record --cmd "$LONG" --data "$DATA" sig-perf-freq99x3)
l=$(left sig-perf-freq99x3)
if [ "$status" = 143 ] && [ -z "$l" ] && grep -q "stopped by Terminated" "$TMP/sig.err"; then
	pass "SIGTERM stops perfviews record: exit 143, nothing left"
else
	fail "SIGTERM to perfviews record" "exit $status, left:$l"
fi
