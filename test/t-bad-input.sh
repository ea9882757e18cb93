#!/bin/sh
# t-bad-input.sh - every filter on bad input: the documented exit status
# (0 read, 1 bad data or I/O), a message naming the file (and the line
# where there is one), never a signal, and memory bounded.
# sanitize: yes
#
# Cases: empty input, a header with no frames, a stack of 100,000 frames,
# a 10 MB line (inside the input, and first), invalid UTF-8 and NUL bytes
# in names, a truncated xz stream, a directory, an unreadable file, a
# read error, and a full disk (/dev/full as output).  flamesvg reads
# folded stacks, the others perf script text.
. "$(dirname "$0")/lib.sh"

FILTERS="collapse strip-swapper flatsort calltree bydso pyprofile bytecode flamesvg"
# Peak memory is measured on the release programs only (ASan's is not
# theirs), with GNU time.
RSS=
case $BIN in *asan*) ;; *) [ -x /usr/bin/time ] && RSS=/usr/bin/time ;; esac
MAX_KB=${MAX_KB:-400000}

# run NAME WANT_STATUS FILTER ARGS...: run with stdout to $TMP/out and
# stderr to $TMP/err; fail on a signal or another status than wanted.
run() {
	name=$1 want=$2 f=$3
	shift 3
	if [ -n "$RSS" ]; then
		$RSS -f %M -o "$TMP/rss" "$BIN/$f" "$@" >"$TMP/out" 2>"$TMP/err"
		status=$?
		kb=$(tail -n 1 "$TMP/rss")
	else
		"$BIN/$f" "$@" >"$TMP/out" 2>"$TMP/err"
		status=$?
		kb=0
	fi
	if [ $status -gt 2 ]; then
		fail "$f: $name" "exit $status: $(tail -n 2 "$TMP/err" | paste -s -d' ' -)"
		return 1
	fi
	if [ $status != "$want" ]; then
		fail "$f: $name" "exit $status, want $want: $(head -n 1 "$TMP/err")"
		return 1
	fi
	if [ "$kb" -gt "$MAX_KB" ] 2>/dev/null; then
		fail "$f: $name" "peak memory $kb KB"
		return 1
	fi
	return 0
}

# expect NAME PATTERN: pass when stderr matches the pattern (grep -E).
expect() {
	if grep -Eq "$2" "$TMP/err"; then
		pass "$1"
	else
		fail "$1" "stderr lacks /$2/: $(head -n 2 "$TMP/err" | paste -s -d' ' -)"
	fi
}

cd "$TMP" || exit 2
sample='python 12 [000] 1.0: 1 cpu-clock:
	7f10 leaf+0x1 (/lib/libc.so.6)
	7f20 main+0x2 (/usr/bin/python3)
'
: >empty.txt
: >empty.folded
printf 'python 12 [000] 1.0: 1 cpu-clock:\n\n' >noframes.txt
printf 'python 1\n' >noframes.folded
awk 'BEGIN { print "deep 1 [000] 1.0: 1 cpu-clock:"
	for (i = 0; i < 100000; i++) printf "\t%x f%d (/bin/deep)\n", i + 4096, i
	print "" }' >deep.txt
awk 'BEGIN { printf "deep"; for (i = 0; i < 100000; i++) printf ";f%d", i
	print " 1" }' >deep.folded
{
	printf '%s\npython 12 [000] 2.0: 1 cpu-clock:\n\t7f10 leaf+0x1 (' "$sample"
	head -c 10000000 /dev/zero | tr '\0' x
	printf ')\n\n%s' "$sample"
} >long.txt
{
	printf 'a;b 1\na;'
	head -c 10000000 /dev/zero | tr '\0' x
	printf ' 1\na;c 1\n'
} >long.folded
{ head -c 10000000 /dev/zero | tr '\0' x; printf '\n%s' "$sample"; } >longfirst.txt
cp longfirst.txt longfirst.folded
printf 'py\377\376thon 12 [000] 1.0: 1 cpu-clock:\n\t7f10 le\303\050af+0x1 (/lib/li\377bc.so.6)\n\n' >utf8.txt
printf 'py\377\376thon;le\303\050af 1\n' >utf8.folded
printf 'python 12 [000] 1.0: 1 cpu-clock:\n\t7f10 le\000af+0x1 (/lib/libc.so.6)\n\t7f20 ma\000in (/bin/x)\n\n' >nul.txt
printf 'py\000thon;le\000af 1\n' >nul.folded
mkdir adir

for f in $FILTERS; do
	x=txt
	[ $f = flamesvg ] && x=folded

	run "empty input" 1 $f empty.$x && expect "$f: empty input" 'no samples'
	run "a header with no frames" 0 $f noframes.$x &&
	    if [ -s out ]; then pass "$f: a header with no frames"
	    else fail "$f: a header with no frames" "no output"; fi
	run "100,000 frames" 0 $f deep.$x &&
	    # bydso shows DSOs, pyprofile Python frames, bytecode the eval
	    # loop (these have none).
	    if grep -q 'f99999' out || [ $f = bydso ] ||
	        { [ $f = pyprofile ] && grep -q '^# no Python frames' out; } ||
	        { [ $f = bytecode ] && grep -q 'no CPython eval loop' out; }; then
		    pass "$f: a stack of 100,000 frames (${kb} KB)"
	    else fail "$f: a stack of 100,000 frames" "the deepest frame is missing"; fi
	run "a 10 MB line" 0 $f long.$x &&
	    expect "$f: a 10 MB line inside (${kb} KB)" "long\.$x:[0-9]+: line too long"
	run "a 10 MB first line" 1 $f longfirst.$x &&
	    expect "$f: a 10 MB first line" "longfirst\.$x:1: "
	run "invalid UTF-8" 0 $f utf8.$x && pass "$f: invalid UTF-8 in names"
	run "NUL bytes" 0 $f nul.$x && pass "$f: NUL bytes in names"
	run "a directory" 1 $f adir && expect "$f: a directory" 'adir: Is a directory'
	run "a read error" 1 $f /proc/self/mem &&
	    expect "$f: a read error" '/proc/self/mem: read error'
	"$BIN/$f" noframes.$x >/dev/full 2>"$TMP/err"
	status=$?
	if [ $status = 1 ] && grep -q 'stdout /dev/full: write error: No space left' "$TMP/err"; then
		pass "$f: a full disk"
	else
		fail "$f: a full disk" "exit $status: $(head -n 1 "$TMP/err")"
	fi
done

# The views' JSON stays JSON whatever the bytes of the names.
if [ -n "$PYTHON" ]; then
	for f in flatsort calltree bydso pyprofile; do
		"$BIN/$f" -f json utf8.txt nul.txt 2>/dev/null >out.json
		if "$PYTHON" -c 'import json, sys; json.load(open(sys.argv[1]))' \
		    out.json 2>/dev/null; then
			pass "$f: JSON of invalid UTF-8 and NUL names"
		else
			fail "$f: JSON of invalid UTF-8 and NUL names" "not JSON"
		fi
	done
fi

# A truncated xz stream: the samples before the cut are read, the cut
# line (if any) is named, and the filter still exits 0 or 1.
if command -v xz >/dev/null; then
	raw=$(ls "$TOP"/examples/*-raw.txt.xz | head -n 1)
	head -c $(($(wc -c <"$raw") / 2)) "$raw" >cut.xz
	for f in collapse strip-swapper flatsort calltree bydso pyprofile; do
		xz -dc cut.xz 2>/dev/null | "$BIN/$f" >out 2>err
		status=$?
		if [ $status -le 1 ] && [ -s out ]; then
			pass "$f: a truncated xz stream (exit $status)"
		else
			fail "$f: a truncated xz stream" "exit $status: $(head -n 1 err)"
		fi
	done
fi

# A file the user may not read (as root, through setpriv).  The programs
# run from a copy in $TMP, so that the user can run them wherever the
# clone lies (a CI runner's 0700 work directory); from there they cannot
# find the clone's category rules either, as a program installed without
# its rules: the input given is still the file named, first.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	cp noframes.txt secret.txt
	cp noframes.txt rules.secret
	mkdir "$TMP/bin"
	for f in $FILTERS bycategory flatdiff; do cp "$BIN/$f" "$TMP/bin/"; done
	chmod -R go+rX "$TMP"
	chmod 600 secret.txt rules.secret
	as_nobody() {
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@" >out 2>err
	}
	unreadable() {
		status=$?
		if [ $status = 1 ] && grep -q "^$f: $TMP/secret.txt: Permission denied\$" err &&
		    ! grep -qi rules err; then
			pass "$f: an unreadable file${1:+ $1}"
		else
			fail "$f: an unreadable file${1:+ $1}" "exit $status: $(head -n 1 err)"
		fi
	}
	for f in $FILTERS bycategory; do
		as_nobody "$TMP/bin/$f" "$TMP/secret.txt"
		unreadable
	done
	f=flatdiff
	as_nobody "$TMP/bin/$f" "$TMP/secret.txt" "$TMP/secret.txt"
	unreadable "(A and B)"
	for f in bycategory pyprofile; do
		as_nobody "$TMP/bin/$f" --rules "$TMP/rules.secret" "$TMP/secret.txt"
		unreadable "and unreadable rules"
	done
else
	skip "unreadable file" "needs root and setpriv"
fi
