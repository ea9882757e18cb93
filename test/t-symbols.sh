#!/bin/sh
# t-symbols.sh - --resolve, --inline, --srcline and --demangle against the
# real tools, on a C program built and recorded here.
# sanitize: yes
#
# The workload (test/workloads/symbols/*.c: several translation units,
# static inline helpers, -O2 -g) is built as PIE and as non-PIE and
# recorded with perf record -g.  Then:
#  1. perf script --symfs EMPTY resolves nothing; collapse --resolve on it
#     must give the folded stacks collapse gives on plain perf script.
#  2. For every distinct address of the workload, collapse --resolve
#     --inline --srcline must give the frames and lines of
#     addr2line -f -i -C -s -e DSO ADDR.
#  3. collapse --srcline on plain perf script must equal collapse --srcline
#     on perf script -F +srcline.
#  4. Frames perf already expanded are not expanded again; a perf map
#     resolves; a missing or non-ELF DSO leaves its frames as they were,
#     with one warning each.
. "$(dirname "$0")/lib.sh"

CC=${CC:-cc}
if ! command -v "$CC" >/dev/null 2>&1; then
	skip symbols "no C compiler to build the workload"
	exit 0
fi
needs_perf symbols
if ! command -v addr2line >/dev/null 2>&1; then
	skip symbols "addr2line (binutils) is not installed"
	exit 0
fi

# libbfd 2.40's DWARF reader leaks a file name per inlined call site it
# reads (dwarf2.c; not reachable from the caller); the ASan build should
# still report every leak of ours.
printf 'leak:libbfd\n' >"$TMP/lsan.supp"
LSAN_OPTIONS=${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$TMP/lsan.supp
export LSAN_OPTIONS

SRC=$TOP/test/workloads/symbols
mkdir -p "$TMP/empty"
for kind in pie nopie; do
	flags=
	[ $kind = nopie ] && flags=-no-pie
	"$CC" -O2 -g -fno-omit-frame-pointer $flags -o "$TMP/symwork-$kind" \
	    "$SRC"/*.c 2>"$TMP/cc.err" || {
		fail "build $kind" "$(head -n 1 "$TMP/cc.err")"
		exit 0
	}
	perf record -q -e cpu-clock -F 4000 -g -o "$TMP/$kind.data" -- \
	    "$TMP/symwork-$kind" 20 >/dev/null 2>"$TMP/record.err" || {
		fail "record $kind" "$(head -n 1 "$TMP/record.err")"
		exit 0
	}
	perf script -i "$TMP/$kind.data" >"$TMP/$kind.txt" 2>/dev/null
	perf script -i "$TMP/$kind.data" --symfs "$TMP/empty" \
	    >"$TMP/$kind-bare.txt" 2>/dev/null
done

# 1. --resolve against perf's own names.  PLT stubs are left out: perf 6.1
#    names IFUNC stubs by relocation order, bfd by GOT contents; and now
#    and then it names a sample in the PLT after _init, the symbol before
#    the PLT, where bfd names the stub.
for kind in pie nopie; do
	if ! grep -q "\[unknown\] ($TMP/symwork-$kind)" "$TMP/$kind-bare.txt"; then
		fail "resolve $kind" "perf --symfs did not leave frames unknown"
		continue
	fi
	plt='@plt|;_init( |;)'
	"$BIN/collapse" "$TMP/$kind.txt" | grep -v -E "$plt" >"$TMP/want" 2>/dev/null
	"$BIN/collapse" --resolve "$TMP/$kind-bare.txt" 2>"$TMP/err" |
		grep -v -E "$plt" >"$TMP/got"
	n=$(wc -l <"$TMP/want")
	same "resolve $kind: the stacks of plain perf script ($n stacks)" \
	    "$TMP/want" "$TMP/got"
done

# 2. --inline --srcline against addr2line, address by address.  perf
#    prints file offsets; addr2line wants addresses: the section holding
#    the offset says how far apart they are.
for kind in pie nopie; do
	dso=$TMP/symwork-$kind
	grep -E "^[[:space:]]+[0-9a-f]+ .*\($dso\)\$" "$TMP/$kind.txt" |
		awk '{ print $1 }' | sort -u >"$TMP/addrs"
	awk -v dso="$dso" '{ printf "a%s 1 1.0: 1 cpu-clock:\n\t%s [unknown] (%s)\n\n", $1, $1, dso }' \
	    "$TMP/addrs" >"$TMP/one.txt"
	# Our chain, with the outer function's name left out (the symbol
	# table's, which may be a clone such as f.constprop.0).
	"$BIN/collapse" --resolve --inline --srcline "$TMP/one.txt" \
	    >"$TMP/got.raw" 2>"$TMP/err" ||
		fail "collapse --inline $kind" "exit $?: $(head -n 1 "$TMP/err")"
	sed 's/ 1$//; s/;[^;:]*/;/; s/;:/;/' "$TMP/got.raw" | sort >"$TMP/got"
	readelf -SW "$dso" | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk '$2 == "PROGBITS" && $0 ~ / AX / { print $3, $4, $5 }' \
		    >"$TMP/sections"
	: >"$TMP/vaddrs"
	while read -r a; do
		v=$((0x$a))
		while read -r vma off size; do
			if [ $((0x$a)) -ge $((0x$off)) ] &&
			    [ $((0x$a)) -lt $((0x$off + 0x$size)) ]; then
				v=$((0x$a - 0x$off + 0x$vma))
				break
			fi
		done <"$TMP/sections"
		printf '%s 0x%x\n' "$a" "$v" >>"$TMP/vaddrs"
	done <"$TMP/addrs"
	cut -d' ' -f2 "$TMP/vaddrs" |
		addr2line -a -f -i -C -s -e "$dso" >"$TMP/a2l" 2>/dev/null
	# addr2line: "0xADDR", then name and file:line pairs, innermost first.
	awk 'NR == FNR { orig[$2] = $1; next }
	     function flush(   s, i) {
	         if (cur == "") return
	         s = "a" orig[cur] ";"
	         for (i = k; i >= 1; i--) {
	             if (i < k) s = s ";" name[i] "_[i]"
	             if (loc[i] !~ /^\?\?/ && loc[i] !~ /:0$/) s = s ":" loc[i]
	         }
	         print s
	     }
	     /^0x/ { flush(); cur = $0; sub(/^0x0*/, "0x", cur); k = 0; line = 0; next }
	     { sub(/ \(discriminator [0-9]+\)/, "")
	       if (line % 2 == 0) name[++k] = $0; else loc[k] = $0; line++ }
	     END { flush() }' "$TMP/vaddrs" "$TMP/a2l" |
		sed 's/;:/;/' | sort >"$TMP/want"
	n=$(wc -l <"$TMP/addrs")
	inl=$(grep -c '_\[i\]' "$TMP/want")
	if [ "$inl" -eq 0 ]; then
		fail "inline $kind" "addr2line found no inlined frames"
	fi
	same "inline+srcline $kind: addr2line's frames and lines ($n addresses, $inl with inlined calls)" \
	    "$TMP/want" "$TMP/got"
done

# 3. --srcline against perf's own -F +srcline.
perf script -i "$TMP/pie.data" -F +srcline >"$TMP/perf-srcline.txt" 2>/dev/null
"$BIN/collapse" --srcline "$TMP/perf-srcline.txt" >"$TMP/want" 2>/dev/null
"$BIN/collapse" --srcline "$TMP/pie.txt" >"$TMP/got" 2>/dev/null
same "srcline: the lines of perf script -F +srcline" "$TMP/want" "$TMP/got"

# 4a. perf's own inlined frames are kept, not expanded a second time.
addr=$(awk '/ hash_work\+/ { print $1; exit }' "$TMP/pie.txt")
if [ -n "$addr" ]; then
	printf 'w 1 1.0: 1 cpu-clock:\n\t%s mix_step (inlined)\n\t%s hash_work+0x1 (%s)\n\n' \
	    "$addr" "$addr" "$TMP/symwork-pie" >"$TMP/perf-inline.txt"
	got=$("$BIN/collapse" --inline "$TMP/perf-inline.txt" 2>&1)
	if [ "$got" = "w;hash_work;mix_step_[i] 1" ]; then
		pass "perf's inlined frames are not expanded again"
	else
		fail "perf's inlined frames are not expanded again" "$got"
	fi
else
	skip "perf's inlined frames" "no hash_work sample"
fi

# 4b. A perf map resolves by absolute address.
mkdir -p "$TMP/tmp"
map=$TMP/tmp/perf-4242.map
printf '7f0000001000 100 py::alpha:/x.py\n7f0000001100 80 py::beta:/x.py\n' >"$map"
printf 'p 1 1.0: 1 cpu-clock:\n\t7f0000001110 [unknown] (%s)\n\t7f0000001004 [unknown] (%s)\n\n' \
    "$map" "$map" >"$TMP/map.txt"
got=$("$BIN/collapse" --resolve "$TMP/map.txt" 2>&1)
if [ "$got" = "p;py::alpha:/x.py;py::beta:/x.py 1" ]; then
	pass "perf map frames resolved"
else
	fail "perf map frames resolved" "$got"
fi

# 4c. Missing and non-ELF DSOs: frames as they were, one warning each.
echo 'not an ELF file' >"$TMP/notelf.so"
printf 'e 1 1.0: 1 cpu-clock:\n\t1234 [unknown] (%s)\n\t99 [unknown] (%s)\n\t5678 [unknown] (/nonexistent/libgone.so)\n\n' \
    "$TMP/notelf.so" "$TMP/notelf.so" >"$TMP/bad.txt"
cat "$TMP/bad.txt" "$TMP/bad.txt" >"$TMP/bad2.txt"
"$BIN/collapse" "$TMP/bad2.txt" >"$TMP/want" 2>/dev/null
"$BIN/collapse" --resolve --inline --srcline --demangle "$TMP/bad2.txt" \
    >"$TMP/got" 2>"$TMP/err"
status=$?
same "unreadable DSOs: frames as they were" "$TMP/want" "$TMP/got"
if [ $status -eq 0 ] &&
    [ "$(grep -c 'notelf.so: not an ELF file, frames left as they are' "$TMP/err")" = 1 ] &&
    [ "$(grep -c 'libgone.so: No such file or directory, frames left as they are' "$TMP/err")" = 1 ] &&
    [ "$(wc -l <"$TMP/err")" = 2 ]; then
	pass "unreadable DSOs: one warning each, exit 0"
else
	fail "unreadable DSOs: one warning each, exit 0" "exit $status: $(head -n 3 "$TMP/err" | tr '\n' '|')"
fi

# 4d. --demangle: names perf left mangled.
printf 'd 1 1.0: 1 cpu-clock:\n\t10 _ZN2ns5outerEi+0x3 (/nonexistent/x)\n\t20 _ZN4core3fmt5write17h0123456789abcdefE (/nonexistent/y)\n\n' \
    >"$TMP/mangled.txt"
got=$("$BIN/collapse" --demangle "$TMP/mangled.txt" 2>/dev/null)
if [ "$got" = "d;core::fmt::write;ns::outer 1" ]; then
	pass "demangle C++ and Rust"
else
	fail "demangle C++ and Rust" "$got"
fi

# 5. The text views' --srcline: each function's lines add up to the
#    function, and the lines are addr2line's.  A function is its DSO and
#    its name: a recording may hold two of one name (_start of ld.so,
#    and of the program when a frame-pointer chain reaches it).
"$BIN/flatsort" --format csv "$TMP/pie.txt" 2>/dev/null |
	awk -F, 'NR > 1 { print $5 "," $6 "," $2 }' | sort >"$TMP/by-function"
"$BIN/flatsort" --srcline --format csv "$TMP/pie.txt" 2>/dev/null |
	awk -F, 'NR > 1 { n = $5 "," $6; sub(/:[^:]*:[0-9]+$/, "", n)
	                  self[n] += $2 }
	         END { for (n in self) print n "," self[n] }' |
	sort >"$TMP/by-line"
lines=$("$BIN/flatsort" --srcline --format csv "$TMP/pie.txt" 2>/dev/null |
	grep -c ':[a-z_]*\.[ch]:[0-9]*$')
if [ "$lines" -gt 0 ]; then
	same "flatsort --srcline: $lines source lines sum to their functions" \
	    "$TMP/by-function" "$TMP/by-line"
else
	fail "flatsort --srcline" "no function:file:line rows"
fi
