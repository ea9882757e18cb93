#!/bin/sh
# t-faults-files.sh - the tags faults and files on real recordings of
# `python -S -c pass`, made here with make record.
#
# 1. faults: every page fault is a sample (perf record -c 1, none lost),
#    meta.json says what a count is, the views read them all (the samples
#    without frames too), the flame graph counts faults in the mem palette
#    and the README says what a fault sample is.
# 2. files: the tracepoints' calls and strace's names are two runs of one
#    deterministic start-up: perf counts as many file-system calls as the
#    files view's columns for them; the files view names the modules of
#    the encodings package and counts failed lookups; make views renders
#    the files and callers views and the README puts them side by side.
# 3. Bad strace text is an error naming the file and the line.
# 4. make stability works on a faults data set of 3 runs, whose counts
#    differ by a few faults at most.
# 0 (before any recording). The shipped examples render, and their READMEs
#    are the ones make views writes now.
# Runs the programs of bin/ through make (the Makefile builds what it runs).
. "$(dirname "$0")/lib.sh"

MAKE="make -C $TOP --no-print-directory"
DATA=$TMP/data
OUT=$TMP/out

# 0. The shipped examples.
for e in pass-perf-freq1000-nosite-faults pass-perf-freq1000-nosite-files; do
	if ! $MAKE views ID=$e DATA="$TMP/none" OUT="$TMP/ex" >/dev/null 2>"$TMP/ex.err"; then
		fail "example $e: make views" "$(head -n 1 "$TMP/ex.err")"
	elif cmp -s "$TOP/examples/$e-README.md" "$TMP/ex/$e-README.md"; then
		pass "example $e: renders, and its README is make views' own"
	else
		fail "example $e" "examples/$e-README.md differs from make views' (render it again)"
	fi
done

needs_perf faults-files
# The interpreter itself, not a launcher script (pyenv's shims are bash:
# perf and strace would record bash and pyenv too).
PY=
for p in "$(pyenv root 2>/dev/null)"/versions/3.1[2-9]*/bin/python3 \
    "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 "$PYTHON"; do
	[ -x "$p" ] || continue
	PY=$("$p" -c 'import os, sys; print(os.path.realpath(sys.executable))') &&
		break
done
if [ -z "$PY" ]; then
	skip faults-files "no python3 to record"
	exit 0
fi
if ! perf record -q -e page-faults -c 1 -o "$TMP/probe.data" true \
    >/dev/null 2>"$TMP/probe.err"; then
	skip faults "perf cannot record page-faults: $(head -n 1 "$TMP/probe.err")"
	exit 0
fi

get() { "$TOP/bin/perfviews" get "$DATA/$1-meta.json" "$2"; }

# 1. faults.
F=pass-perf-freq1000-nosite-faults
if ! $MAKE record ID=$F PYTHON="$PY" DATA="$DATA" OUT="$OUT" >"$TMP/rec.out" 2>"$TMP/rec.err"; then
	fail "make record ID=$F" "$(tail -n 2 "$TMP/rec.err" | paste -s -d' ' -)"
else
	total=$(get $F samples.total)
	faults=$(get $F samples.by_event | tr ' ' '\n' | sed -n 's/^page-faults=//p')
	if [ "$(get $F tool.period)" = 1 ] && [ "$(get $F samples.unit)" = faults ] &&
	    [ "$(get $F tool.frequency)" = 1000 ] && [ "$(get $F samples.lost)" = 0 ] &&
	    [ "$(get $F tool.event)" = page-faults,major-faults ] &&
	    [ "${faults:-0}" -gt 300 ]; then
		pass "faults: meta.json: every event a sample, unit faults, none lost ($faults faults)"
	else
		fail "faults: meta.json" "period $(get $F tool.period), unit $(get $F samples.unit), lost $(get $F samples.lost), events $(get $F samples.by_event)"
	fi
	xz -dc "$DATA/$F-raw.txt.xz" >"$TMP/faults.txt"
	headers=$(grep -c ' page-faults: *$' "$TMP/faults.txt")
	if grep -q 'perf record .* -c 1 ' "$TMP/rec.out" && [ "$headers" = "$faults" ]; then
		pass "faults: one page-faults sample per fault in the raw text ($headers)"
	else
		fail "faults: raw text" "$headers page-faults headers, $faults in meta.json"
	fi
	$MAKE views ID=$F DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/views.err"
	folded=$(awk '{ n += $NF } END { print n + 0 }' "$OUT/$F-folded.txt")
	flat=$(sed -n 's/^# flatsort: total \([0-9]*\) samples, event page-faults$/\1/p' "$OUT/$F-flat.txt")
	if [ "$folded" = "$faults" ] && [ "$flat" = "$faults" ]; then
		pass "faults: collapse and flatsort count every fault, frameless ones too"
	else
		fail "faults: views" "folded $folded, flat ${flat:-none}, meta $faults"
	fi
	svg=$OUT/$F-flamegraph.svg
	if grep -q "<title>all ($faults faults, 100%)</title>" "$svg" &&
	    ! grep -q '<title>[^<]* samples, ' "$svg" &&
	    grep -q '## What is counted' "$OUT/$F-README.md" &&
	    grep -q 'page fault' "$OUT/$F-README.md" &&
	    grep -q '`mem` palette' "$OUT/$F-README.md"; then
		pass "faults: the flame graph counts faults; the README says what a fault is"
	else
		fail "faults: flame graph and README" "$(grep -c faults "$svg") lines name faults"
	fi
	# The mem palette is greens and blue-greens, without red (hot's reds
	# and yellows are mostly red).  Frames, not the title's bands.
	# "COLOURS NOT_GREEN": red 0 and green over 150 is the mem palette.
	set -- $(grep -o '<rect x[^>]*fill="#[0-9a-f]\{6\}"' "$svg" |
	    sed 's/.*#//' | sort -u | awk '
	    function hex(s,   i, v) {
		    for (i = 1; i <= 2; i++)
			    v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		    return v
	    }
	    { n++; if (hex(substr($0, 1, 2)) != 0 || hex(substr($0, 3, 2)) <= 150) bad++ }
	    END { print n + 0, bad + 0 }')
	frames=$1 not_green=$2
	if [ "$frames" -gt 10 ] && [ "$not_green" = 0 ]; then
		pass "faults: flame graph frames in the mem palette ($frames colours, no red)"
	else
		fail "faults: palette" "$not_green of $frames frame colours not of mem"
	fi
fi

# 2. files.
if ! command -v strace >/dev/null 2>&1; then
	skip files "strace is not installed (make deps installs it)"
elif ! perf list 'syscalls:sys_enter_openat' 2>/dev/null | grep -q sys_enter_openat; then
	skip files "perf lists no syscalls:sys_enter_openat tracepoint"
elif ! strace -f -qq -o /dev/null true 2>"$TMP/probe.err"; then
	skip files "strace cannot trace: $(head -n 1 "$TMP/probe.err")"
else
	I=pass-perf-freq1000-nosite-files
	# A first run compiles nothing later runs would not: pycache is warm.
	"$PY" -S -c pass
	if ! $MAKE record ID=$I PYTHON="$PY" DATA="$DATA" OUT="$OUT" >"$TMP/rec.out" 2>"$TMP/rec.err"; then
		fail "make record ID=$I" "$(tail -n 2 "$TMP/rec.err" | paste -s -d' ' -)"
	else
		if [ -s "$DATA/$I-strace.txt.xz" ] && [ "$(get $I strace.runs)" = 1 ] &&
		    [ "$(get $I strace.calls)" -gt 0 ] &&
		    get $I strace.command | grep -q -- '-f .*-y '; then
			pass "files: strace ran once more: ID-strace.txt.xz, strace.runs 1, $(get $I strace.calls) calls"
		else
			fail "files: strace run" "strace.runs $(get $I strace.runs), calls $(get $I strace.calls)"
		fi
		xz -dc "$DATA/$I-strace.txt.xz" | "$TOP/bin/fileaccess" >"$TMP/files.txt"
		modules=$(grep -E ' [fx] [^ ]*/encodings/[a-z_0-9]+\.py$' "$TMP/files.txt" | wc -l)
		missing=$(sed -n 's/.*failed lookups (ENOENT, ENOTDIR): \([0-9]*\) on.*/\1/p' "$TMP/files.txt")
		if [ "$modules" -ge 2 ] && grep -q '/encodings/__init__.py$' "$TMP/files.txt" &&
		    [ "${missing:-0}" -gt 0 ]; then
			pass "files: the files view names $modules modules of encodings and $missing failed lookups"
		else
			fail "files: files view" "$modules encodings modules, ${missing:-no} failed lookups"
		fi
		# The calls perf counted are the files view's open, stat,
		# access, readlink and list and close columns.
		perf_calls=$(get $I samples.total)
		strace_calls=$(xz -dc "$DATA/$I-strace.txt.xz" | "$TOP/bin/fileaccess" |
			sed -n 's/^# by kind: //p' | tr ',' '\n' |
			awk '$1 ~ /^(open|stat|access|readlink|list|close)$/ { n += $2 } END { print n + 0 }')
		other=$(xz -dc "$DATA/$I-strace.txt.xz" | grep -cE '^[0-9]+ +[0-9.]+ (execve|chdir|getcwd|mkdir|rmdir|unlink|rename|link|symlink)\(')
		# The workload's own execve is strace's alone: perf starts after it.
		if [ "$perf_calls" = $((strace_calls + other - 1)) ]; then
			pass "files: perf counted the calls strace named ($perf_calls)"
		else
			fail "files: perf and strace" "perf $perf_calls calls, strace $strace_calls + $other other"
		fi
		$MAKE views ID=$I DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/views.err"
		if [ -s "$OUT/$I-files.txt" ] && [ -s "$OUT/$I-callers.txt" ] &&
		    grep -q 'event syscalls:sys_enter_\*$' "$OUT/$I-flat.txt" &&
		    grep -q "total $perf_calls samples" "$OUT/$I-flat.txt" &&
		    grep -q '^# percent count  self  callers' "$OUT/$I-callers.txt" &&
		    grep -q 'Who looks files up, and what they look up' "$OUT/$I-README.md" &&
		    grep -q "$perf_calls calls" "$OUT/$I-flamegraph.svg"; then
			pass "files: make views renders every call, the files and callers views, side by side in the README"
		else
			fail "files: make views" "$(head -n 2 "$TMP/views.err" | paste -s -d' ' -)"
		fi
	fi
fi

# 3. Bad strace text: an error with file and line.
printf '1 1.0 close(3) = 0\n1 1.1 openat(AT_FDCWD, "/x"\n' >"$TMP/bad.txt"
"$TOP/bin/fileaccess" --strict "$TMP/bad.txt" >/dev/null 2>"$TMP/bad.err"
status=$?
if [ $status = 1 ] && grep -q "^fileaccess: $TMP/bad.txt:2: " "$TMP/bad.err"; then
	pass "bad strace text: fileaccess: FILE:2: ..., exit 1"
else
	fail "bad strace text" "exit $status: $(head -n 1 "$TMP/bad.err")"
fi

# 4. make stability on 3 runs of faults.
S=pass-perf-freq1000x3-nosite-faults
if ! $MAKE record ID=$S PYTHON="$PY" DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/rec.err"; then
	fail "make record ID=$S" "$(tail -n 2 "$TMP/rec.err" | paste -s -d' ' -)"
elif ! $MAKE stability ID=$S DATA="$DATA" OUT="$OUT" >"$TMP/stab.out" 2>"$TMP/stab.err"; then
	fail "make stability ID=$S" "$(head -n 2 "$TMP/stab.err" | paste -s -d' ' -)"
else
	runs=$(get $S samples.per_run)
	spread=$(echo "$runs" | tr ' ' '\n' | sort -n | sed -n '1p;$p' | paste -s -d' ' - |
		awk '{ print $2 - $1 }')
	if grep -q '^| 1 ' "$TMP/stab.out" && [ "$spread" -le 20 ]; then
		pass "make stability on faults: runs of $runs faults"
	else
		fail "make stability on faults" "runs $runs"
	fi
fi
