#!/bin/sh
# t-views-raw.sh - make views on raw files alone, on files that are not
# perf script text, and on cut compressed files.
#
# A raw file without meta.json is a data set all the same: every view, a
# meta.json of what its text tells (made_from set, null elsewhere), a
# README that says the metadata is unknown, one warning line.  A raw file
# that is not perf script text, or an .xz cut short, is an error that
# names the file, and nothing of the data set is left in OUT, not even a
# .tmp file.  The views' cache of the DSOs' answers (PERFVIEWS_LOCATE_CACHE)
# keeps an answer once and is believed.
. "$(dirname "$0")/lib.sh"

MAKE="make -s -C $TOP"
DATA=$TMP/data
mkdir -p "$DATA"
xz -dc "$TOP/examples/pass-perf-freq50000-nosite-raw.txt.xz" >"$TMP/pass.txt"

# 1. A raw file alone.
cp "$TMP/pass.txt" "$DATA/alone-perf-freq50000-raw.txt"
OUT=$TMP/out1
if $MAKE views ID=alone-perf-freq50000 DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err1"; then
	n=$(ls "$OUT" | wc -l)
	warnings=$(wc -l <"$TMP/err1")
	if [ "$n" -eq 9 ] && [ "$warnings" -eq 1 ] &&
	    grep -q "has no alone-perf-freq50000-meta.json beside it" "$TMP/err1" &&
	    grep -q '"made_from": "raw file alone-perf-freq50000-raw.txt"' "$OUT/alone-perf-freq50000-meta.json" &&
	    grep -q '"total": 5496' "$OUT/alone-perf-freq50000-meta.json" &&
	    grep -q '"by_comm": \["python=5496"\]' "$OUT/alone-perf-freq50000-meta.json" &&
	    grep -q '"timestamp": null' "$OUT/alone-perf-freq50000-meta.json" &&
	    grep -q '^\*\*Its metadata is unknown\*\*' "$OUT/alone-perf-freq50000-README.md"; then
		pass "raw file alone: 9 files, meta of what the text tells, one warning"
	else
		fail "raw file alone" "$n files, $warnings warning lines: $(head -n 2 "$TMP/err1" | paste -s -d'|' -)"
	fi
else
	fail "raw file alone" "$(tail -n 2 "$TMP/err1" | paste -s -d'|' -)"
fi
# Rendered again: nothing to do.
if [ -z "$($MAKE views ID=alone-perf-freq50000 DATA="$DATA" OUT="$OUT" 2>&1)" ]; then
	pass "raw file alone: a second make views does nothing"
else
	fail "raw file alone: second make views" "did something"
fi

# Every view, written from one read of the raw file, is byte for byte what
# its program writes on that file, with the options the data set gives it
# (perfviews views --view runs the program): of this raw file alone, and
# of the shipped example of tag files (its event, callers, files view).
same_as_programs() { # ID DATA OUT RAW META
	differ=
	for f in "$3/$1"-*; do
		kind=${f#"$3/$1"-}
		case $kind in
		meta.json) continue ;;
		*.svg | *.md | *.csv | *.json) view=${kind%.*} ;;
		*) view=${kind%.txt} ;;
		esac
		case $view in
		README) view=readme ;;
		categories) [ "$kind" = categories.svg ] && view=categories-svg ;;
		esac
		"$BIN/perfviews" views --view "$view" --raw "$4" --meta "$5" --out "$3" "$1" \
		    >"$TMP/by-program" 2>/dev/null &&
		    cmp -s "$TMP/by-program" "$f" || differ="$differ $kind"
	done
	n=$(ls "$3/$1"-* | wc -l)
	if [ -z "$differ" ] && [ "$n" -ge 8 ]; then
		pass "$1: its $n files from one read, each its program's"
	else
		fail "$1: the views from one read and their programs'" "differ:$differ ($n files)"
	fi
}
same_as_programs alone-perf-freq50000 "$DATA" "$TMP/out1" "$DATA/alone-perf-freq50000-raw.txt" \
    "$TMP/out1/alone-perf-freq50000-meta.json"
F=pass-perf-freq1000-nosite-files
$MAKE views ID=$F DATA=/nonexistent OUT="$TMP/outf" >/dev/null 2>&1
same_as_programs $F /nonexistent "$TMP/outf" "$TOP/examples/$F-raw.txt.xz" "$TOP/examples/$F-meta.json"

# 2. Not perf script text.
printf 'hello\nworld\n' >"$DATA/junk-perf-freq1-raw.txt"
OUT=$TMP/out2
if $MAKE views ID=junk-perf-freq1 DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err2"; then
	fail "not perf script text" "make views succeeded"
elif grep -q "junk-perf-freq1-raw.txt:1: neither perf script text nor folded stacks" "$TMP/err2" &&
    [ -z "$(ls -A "$OUT" 2>/dev/null)" ]; then
	pass "not perf script text: an error naming file and line, nothing written"
else
	fail "not perf script text" "$(ls -A "$OUT" | paste -s -d' ' -); $(head -n 2 "$TMP/err2" | paste -s -d'|' -)"
fi

# 3. A compressed raw file cut short, with its meta.json.
xz -c "$TMP/pass.txt" | head -c 40000 >"$DATA/cut-perf-freq50000-raw.txt.xz"
cp "$TOP/examples/pass-perf-freq50000-nosite-meta.json" "$DATA/cut-perf-freq50000-meta.json"
OUT=$TMP/out3
if $MAKE -k views ID=cut-perf-freq50000 DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/err3"; then
	fail "cut .xz" "make views succeeded"
elif grep -q "cut-perf-freq50000-raw.txt.xz: the file is cut or corrupt (xz: it ends inside a stream)" "$TMP/err3" &&
    [ -z "$(ls -A "$OUT" 2>/dev/null)" ]; then
	pass "cut .xz: every view an error, nothing written (make -k)"
else
	fail "cut .xz" "$(ls -A "$OUT" | paste -s -d' ' -); $(grep -v '^make' "$TMP/err3" | head -n 2 | paste -s -d'|' -)"
fi

# 4. The answers of the DSOs' debug information kept for the next program
# (PERFVIEWS_LOCATE_CACHE): an inlined frame at an address of its own
# (an orphan) whose DSO nothing in the input names.  Its DSO here is a
# copy of cat, which has no DWARF: it is [unknown], and the cache gains
# that answer; a cache that says the DSO holds it is believed.
cp "$(command -v cat)" "$TMP/prog"
printf 'w 1 1.0: 1 cpu-clock:\n\t30 lone_inline+0x0 (inlined)\n\t10 main+0x1 (%s)\n\n' \
    "$TMP/prog" >"$TMP/orphan.txt"
dso_of() { # the DSO flatsort gives lone_inline
	PERFVIEWS_LOCATE_CACHE=$1 "$BIN/flatsort" --format csv "$TMP/orphan.txt" 2>"$TMP/err4" |
		awk -F, '$6 == "lone_inline" { print $5 }'
}
key=$(python3 -c 'import os, sys
s = os.stat(sys.argv[1])
print("%x %x %x %x %x" % (s.st_dev, s.st_ino, s.st_size, s.st_mtime_ns // 10**9, s.st_mtime_ns % 10**9))' "$TMP/prog")
without=$(dso_of "")
found=$(dso_of "$TMP/cache")
again=$(dso_of "$TMP/cache")
kept=$(cat "$TMP/cache" 2>/dev/null)
printf '%s 30 1 lone_inline\n' "$key" >"$TMP/cache2"
told=$(dso_of "$TMP/cache2")
if [ "$without" = "[unknown]" ] && [ "$found" = "[unknown]" ] && [ "$again" = "[unknown]" ] &&
    [ "$kept" = "$key 30 0 lone_inline" ] && [ "$told" = prog ] && ! [ -s "$TMP/err4" ]; then
	pass "PERFVIEWS_LOCATE_CACHE: an orphan's answer kept once, and believed"
else
	fail "PERFVIEWS_LOCATE_CACHE" "without: $without; found: $found, $again; kept: $kept; told: $told; $(head -n 1 "$TMP/err4")"
fi

# 5. The card's data set (the shipped example) from one read: under strace,
# make views into a new OUT starts at most 4 processes and opens the raw
# file once; then meta.json written anew with the same fields (another
# layout, a later date) renders nothing again, while a changed field
# renders everything.
CARD=pass-perf-freq100000-nosite
if ! command -v strace >/dev/null 2>&1 ||
    ! strace -f -qq -o /dev/null true 2>/dev/null; then
	skip "make views' processes and reads" "strace cannot trace here"
else
	mkdir -p "$TMP/card"
	cp "$TOP/examples/$CARD-raw.txt.xz" "$TOP/examples/$CARD-meta.json" "$TMP/card/"
	strace -f -qq -o "$TMP/views.strace" -e trace=openat,execve \
	    $MAKE views ID=$CARD DATA="$TMP/card" OUT="$TMP/card-out" >/dev/null 2>&1
	started=$(grep 'execve(.*) = 0' "$TMP/views.strace" | awk '{ print $1 }' | sort -u | wc -l)
	opened=$(grep 'openat(' "$TMP/views.strace" | grep -v ENOENT | grep -c "$CARD-raw.txt.xz\"")
	if [ "$started" -le 4 ] && [ "$opened" = 1 ] && [ -s "$TMP/card-out/$CARD-flamegraph.svg" ]; then
		pass "make views of the card's data set: the raw file opened once, $started processes"
	else
		fail "make views' processes and reads" "$started processes, the raw file opened $opened times"
	fi
	before=$(stat -c %Y.%y "$TMP/card-out/$CARD-README.md")
	sleep 1
	# The same fields, written anew (another layout, a later date).
	sed -i 's/^ *//' "$TMP/card/$CARD-meta.json"
	$MAKE views ID=$CARD DATA="$TMP/card" OUT="$TMP/card-out" >/dev/null 2>&1
	after=$(stat -c %Y.%y "$TMP/card-out/$CARD-README.md")
	sed -i 's/"hostname": "[^"]*"/"hostname": "elsewhere"/' "$TMP/card/$CARD-meta.json"
	$MAKE views ID=$CARD DATA="$TMP/card" OUT="$TMP/card-out" >/dev/null 2>&1
	if ! grep -q '^ ' "$TMP/card/$CARD-meta.json" && [ "$before" = "$after" ] &&
	    grep -q 'on elsewhere' "$TMP/card-out/$CARD-README.md"; then
		pass "meta.json written anew with the same fields renders nothing again; a changed field renders them"
	else
		fail "make views after meta.json changed" "README $before, then $after; $(grep -c elsewhere "$TMP/card-out/$CARD-README.md") mentions of the new host"
	fi
fi
