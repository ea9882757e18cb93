#!/bin/sh
# t-dataset.sh - the data-set workflow end to end: make record, views,
# stability and publish (SPEC §5-6), on a tiny workload recorded here.
#
# 1. Bad IDs are refused with a message that says what is wrong.
# 2. make record of 3 runs: the raw file holds 3 runs, meta.json parses as
#    JSON and has every field of SPEC §5 with consistent sample counts.
# 3. make views renders every view, every view agrees on the sample total,
#    a second make views does nothing, and make -j renders the same files.
# 4. make stability and make publish work on the data set.
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
if $MAKE views ID=absent-perf-freq1 DATA="$DATA" >/dev/null 2>"$TMP/err.txt"; then
	fail "make views of a missing data set" "succeeded"
elif grep -q "no absent-perf-freq1-raw.txt.xz" "$TMP/err.txt"; then
	pass "make views of a missing data set: says which file is missing"
else
	fail "make views of a missing data set" "message: $(head -n 1 "$TMP/err.txt")"
fi

if ! perf_works; then
	skip record "$PERF_WHY"
	exit 0
fi
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
if ! timeout 120 $MAKE record ID=$ID PYTHON="$PY" DATA="$DATA" \
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
runs=$(xz -dc "$RAW" | grep -c '^# perfviews run [0-9]*/3$')
if [ "$runs" = 3 ]; then pass "raw file holds 3 runs"; else fail "raw runs" "$runs, want 3"; fi

if python3 -m json.tool "$META" >/dev/null 2>"$TMP/json.err"; then
	pass "meta.json is valid JSON"
else
	fail "meta.json is valid JSON" "$(head -n 1 "$TMP/json.err")"
fi
# Every field of SPEC §5, and counts that agree with each other.
python3 - "$META" "$ID" >"$TMP/meta.check" 2>&1 <<'EOF'
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
print(m["samples"]["total"])
EOF
if [ $? -eq 0 ]; then
	TOTAL=$(cat "$TMP/meta.check")
	pass "meta.json has every field ($TOTAL samples in 3 runs)"
else
	fail "meta.json fields" "$(tail -n 1 "$TMP/meta.check")"
	TOTAL=
fi

# 3. Views.
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

# 4. Stability and publish.
if $MAKE stability ID=$ID DATA="$DATA" OUT="$OUT" >"$TMP/stab.out" 2>&1 &&
    grep -q '^| 1 | ' "$TMP/stab.out" && grep -q '^3 runs' "$TMP/stab.out"; then
	pass "make stability on 3 runs"
else
	fail "make stability" "$(head -n 3 "$TMP/stab.out")"
fi
PUB=$TMP/pub
if $MAKE publish DATA="$DATA" OUT="$OUT" DEST="$PUB" >"$TMP/pub.out" 2>&1 &&
    [ -s "$PUB/$ID-flamegraph.svg" ] && [ -s "$PUB/$ID-raw.txt.xz" ] &&
    grep -q "^| \[$ID\]($ID-README.md) | " "$PUB/README.md"; then
	pass "make publish copies the data set and indexes it"
else
	fail "make publish" "$(tail -n 2 "$TMP/pub.out")"
fi
$MAKE publish DATA="$DATA" OUT="$OUT" DEST="$PUB" >"$TMP/pub2.out" 2>&1
if grep -q ": 0 file(s) copied" "$TMP/pub2.out"; then
	pass "make publish again copies nothing"
else
	fail "make publish again" "$(tail -n 1 "$TMP/pub2.out")"
fi
