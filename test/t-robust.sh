#!/bin/sh
# t-robust.sh - bad input: collapse and strip-swapper never crash.
# sanitize: yes
#
# Truncated files, binary junk, a huge line, a deep stack, invalid UTF-8 and
# empty input each give the documented result: a message naming the file
# and line where data is bad, exit 1 where the data cannot be trusted, and
# never a signal (exit status above 2).
. "$(dirname "$0")/lib.sh"

# run NAME WANT_STATUS COMMAND...: the exit status, and no crash.
run() {
	name=$1 want=$2
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	status=$?
	if [ $status -gt 2 ]; then
		fail "$name" "exit $status: $(tail -n 2 "$TMP/err" | paste -s -d' ' -)"
		return 1
	fi
	if [ "$want" != any ] && [ $status != "$want" ]; then
		fail "$name" "exit $status, want $want"
		return 1
	fi
	return 0
}

sample='python 12 [000] 1.0: 1 cpu-clock:
	7f10 leaf+0x1 (/usr/lib/libc.so.6)
	7f20 main+0x2 (/usr/bin/python3)
'

# Truncated at every point of a sample: the whole samples before the cut
# are kept; the cut one is kept up to its last whole line.
for n in 1 10 35 60 80 100; do
	printf '%s\n%s' "$sample" "$sample" | head -c $((${#sample} + 1 + n)) \
	    >"$TMP/cut.txt"
	for f in collapse strip-swapper; do
		run "$f: cut after $n bytes" any "$BIN/$f" "$TMP/cut.txt" || continue
		if [ $f = collapse ]; then
			total=$(awk '{ s += $NF } END { print s + 0 }' "$TMP/out")
			[ "$total" -ge 1 ] && pass "$f: cut after $n bytes ($total samples)" ||
				fail "$f: cut after $n bytes" "lost the whole first sample"
		else
			cmp -s "$TMP/out" "$TMP/cut.txt" &&
				pass "$f: cut after $n bytes, copied as it was" ||
				fail "$f: cut after $n bytes" "output differs from input"
		fi
	done
done

# Binary junk: no sample, exit 1, the first bad line named.
head -c 200000 /dev/urandom >"$TMP/junk.bin"
for f in collapse strip-swapper; do
	run "$f: binary junk" 1 "$BIN/$f" "$TMP/junk.bin" &&
		if grep -q "junk.bin:[0-9][0-9]*: " "$TMP/err"; then
			pass "$f: binary junk named by file and line"
		else
			fail "$f: binary junk" "no file:line message"
		fi
done

# A huge line inside a sample: reported, the rest of the input read.
{
	printf 'python 12 [000] 1.0: 1 cpu-clock:\n\t7f10 leaf+0x1 ('
	head -c 3000000 /dev/zero | tr '\0' 'x'
	printf ')\n\n%s\n' "$sample"
} >"$TMP/huge.txt"
run "collapse: huge line" 0 "$BIN/collapse" "$TMP/huge.txt" &&
	if grep -q 'huge.txt:2: line too long' "$TMP/err" &&
	    grep -q '^python;main;leaf 1$' "$TMP/out"; then
		pass "collapse: huge line reported, next sample read"
	else
		fail "collapse: huge line" "$(head -n 1 "$TMP/err")"
	fi

# A deep stack: 200,000 frames in one sample.
awk 'BEGIN { print "deep 1 [000] 1.0: 1 cpu-clock:"
	for (i = 0; i < 200000; i++) printf "\t%x f%d (/bin/deep)\n", i + 4096, i
	print "" }' >"$TMP/deep.txt"
run "collapse: deep stack" 0 "$BIN/collapse" "$TMP/deep.txt" &&
	if [ "$(tr ';' '\n' <"$TMP/out" | wc -l)" -eq 200001 ]; then
		pass "collapse: deep stack of 200000 frames"
	else
		fail "collapse: deep stack" "frames lost"
	fi

# Invalid UTF-8 in names goes through as bytes.
printf 'caf\351 1 [000] 1.0: 1 cpu-clock:\n\t7f10 na\377me (/bin/x)\n\n' >"$TMP/utf8.txt"
run "collapse: invalid UTF-8" 0 "$BIN/collapse" "$TMP/utf8.txt" &&
	if [ "$(cat "$TMP/out")" = "$(printf 'caf\351;na\377me 1')" ]; then
		pass "collapse: invalid UTF-8 kept byte for byte"
	else
		fail "collapse: invalid UTF-8" "name changed"
	fi

# Empty input: nothing to show, and the exit status says so.
: >"$TMP/empty.txt"
for f in collapse strip-swapper; do
	run "$f: empty input" 1 "$BIN/$f" "$TMP/empty.txt" &&
		if [ ! -s "$TMP/out" ] && grep -q 'no samples' "$TMP/err"; then
			pass "$f: empty input, exit 1"
		else
			fail "$f: empty input" "no message"
		fi
done

# A missing file and an unreadable directory.
for f in collapse strip-swapper; do
	run "$f: missing file" 1 "$BIN/$f" "$TMP/absent.txt" &&
		grep -q "absent.txt: No such file" "$TMP/err" &&
		pass "$f: missing file named" || fail "$f: missing file" "no message"
	run "$f: a directory" 1 "$BIN/$f" "$TMP" &&
		grep -q "$TMP: Is a directory" "$TMP/err" &&
		pass "$f: a directory is named as one" || fail "$f: directory" "no message"
done
