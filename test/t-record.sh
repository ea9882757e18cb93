#!/bin/sh
# t-record.sh - collapse and strip-swapper on real recordings made here.
# sanitize: yes
#
# 1. A Python workload recorded with perf record -g: collapse's total must
#    equal the number of samples perf itself counts, and the top self
#    function of perf report must have the most self samples in the folded
#    stacks (as many as perf counts; another may have as many: a tie's
#    order is perf's own).
# 2. A system-wide recording (perf record -a): strip-swapper's output must
#    be byte-identical to perf script's own output restricted to every
#    command but the idle task, and hold no swapper sample.
. "$(dirname "$0")/lib.sh"

needs_perf record

# A Python with -X perf (3.12 or later) if there is one.
PY=
for p in "$(pyenv root 2>/dev/null)"/versions/3.1[2-9]*/bin/python3 \
    "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
	[ -x "$p" ] && PY=$p && break
done
XPERF=-Xperf
if [ -z "$PY" ]; then
	PY=$PYTHON
	XPERF=
fi
if [ -z "$PY" ]; then
	skip record "no python3 to record"
	exit 0
fi

perf record -q -e cpu-clock -F 2000 -g -o "$TMP/py.data" -- \
    "$PY" ${XPERF:+-X perf} "$TOP/test/workloads/hot.py" 6 \
    >/dev/null 2>"$TMP/record.err" || {
	fail record "perf record failed: $(head -n 1 "$TMP/record.err")"
	exit 0
}
perf script -i "$TMP/py.data" >"$TMP/py.txt" 2>/dev/null
"$BIN/collapse" "$TMP/py.txt" >"$TMP/py.folded" 2>"$TMP/collapse.err" ||
	fail "collapse real" "exit $?: $(head -n 1 "$TMP/collapse.err")"

# perf counts its samples itself: one line per sample with -F comm.
want=$(perf script -i "$TMP/py.data" -F comm 2>/dev/null | wc -l)
got=$(awk '{ s += $NF } END { print s + 0 }' "$TMP/py.folded")
if [ "$want" -gt 0 ] && [ "$got" = "$want" ]; then
	pass "sample total ($got)"
else
	fail "sample total" "collapse $got, perf $want"
fi

# The top self function of perf report, and its samples: the most of any
# leaf of the folded stacks.
perf report -i "$TMP/py.data" --no-children --sort sym --stdio -n 2>/dev/null |
	awk '/^ *[0-9.]+%/ { n = $2; sub(/^ *[0-9.]+% +[0-9]+ +\[.\] +/, "")
	     print n, $0; exit }' >"$TMP/perf.top"
read -r perf_n perf_top <"$TMP/perf.top"
awk '{ n = $NF; sub(/ [0-9]+$/, ""); k = split($0, f, ";");
       self[f[k]] += n }
     END { for (s in self) print self[s], s }' "$TMP/py.folded" |
	sort -k1,1nr >"$TMP/ours.self"
read -r most ours_top <"$TMP/ours.self"
got=$(awk -v f="$perf_top" '{ n = $1; sub(/^[0-9]+ /, "") } $0 == f { print n }' \
    "$TMP/ours.self")
if [ -n "$perf_top" ] && [ "${got:-0}" = "$perf_n" ] && [ "$got" = "$most" ]; then
	pass "top self function ($perf_top, $got samples)"
else
	fail "top self function" "perf: $perf_top $perf_n, ours: ${got:-0} for it, $most for $ours_top"
fi

# System-wide: the idle task has samples while this machine is quiet.
perf record -q -a -g -e cpu-clock -F 499 -o "$TMP/sys.data" -- sleep 1 \
    >/dev/null 2>"$TMP/record.err" || {
	skip "system-wide" "perf record -a failed: $(head -n 1 "$TMP/record.err")"
	exit 0
}
perf script -i "$TMP/sys.data" >"$TMP/sys.txt" 2>/dev/null
perf script -i "$TMP/sys.data" -F comm 2>/dev/null |
	sed 's/^ *//; s/ *$//' | sort -u >"$TMP/comms"
idle=$(grep -c '^swapper' "$TMP/comms")
others=$(grep -v '^swapper' "$TMP/comms" | paste -s -d, -)
"$BIN/strip-swapper" "$TMP/sys.txt" >"$TMP/stripped.txt" 2>"$TMP/strip.err" ||
	fail "strip-swapper real" "exit $?: $(head -n 1 "$TMP/strip.err")"
# Nothing but the idle task (a machine doing nothing else): nothing kept.
: >"$TMP/perf-kept.txt"
[ -z "$others" ] ||
	perf script -i "$TMP/sys.data" --comms="$others" >"$TMP/perf-kept.txt" 2>/dev/null
if cmp -s "$TMP/perf-kept.txt" "$TMP/stripped.txt"; then
	pass "system-wide: the same records as perf script --comms ($idle idle command(s) dropped)"
else
	fail "system-wide" "strip-swapper differs from perf script --comms"
	diff "$TMP/perf-kept.txt" "$TMP/stripped.txt" | head -n 5 | sed 's/^/    /'
fi
if "$BIN/collapse" "$TMP/stripped.txt" 2>/dev/null | grep -q '^swapper'; then
	fail "system-wide: no swapper left"
else
	pass "system-wide: no swapper left"
fi
