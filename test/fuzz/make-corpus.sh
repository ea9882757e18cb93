#!/bin/sh
# make-corpus.sh - (re)build the seed corpora test/fuzz/corpus/TARGET from
# the golden inputs and outputs, the example data set's meta.json and a few
# IDs and patterns.  Run from the top directory; commit the result.
set -e
G=test/golden
C=test/fuzz/corpus
for d in "$C"/*; do
	# The perf.data seeds are recordings: kept where perf cannot redo them.
	if [ "$d" = "$C/fuzz_perf_data" ] && ! command -v perf >/dev/null; then
		continue
	fi
	rm -rf "$d"
done
mkdir -p "$C/fuzz_perf_script" "$C/fuzz_pipeline" "$C/fuzz_folded" \
    "$C/fuzz_json" "$C/fuzz_dataset_id" "$C/fuzz_pattern" \
    "$C/fuzz_category_rules" "$C/fuzz_strace"
for f in "$G"/inputs/*.txt; do
	b=$(basename "$f" .txt)
	head -c 16384 "$f" >"$C/fuzz_perf_script/$b"
	head -c 16384 "$f" >"$C/fuzz_pipeline/$b"
done
for f in "$G"/inputs/*.folded "$G"/collapse/*.out; do
	b=$(basename "$(dirname "$f")")-$(basename "$f")
	[ -s "$f" ] || continue
	head -c 16384 "$f" >"$C/fuzz_folded/$b"
	head -c 16384 "$f" >"$C/fuzz_pipeline/$b"
done
for f in examples/*-meta.json "$G"/perfviews/meta*.out; do
	[ -s "$f" ] && cp "$f" "$C/fuzz_json/$(basename "$f")"
done
printf '{"a":[1,-2.5e3,"\\u00e9\\ud83d\\ude00",true,false,null,{}],"b":{}}' \
    >"$C/fuzz_json/escapes"
i=0
for id in pass-perf-freq50000-nosite bm_genshi-perf-freq1000x10-nosite-xperf \
    pass-perf-freq0100 foo bm_x.y-perf-freq1x1-a-b-c; do
	i=$((i + 1))
	printf '%s' "$id" >"$C/fuzz_dataset_id/id$i"
done
printf 'py|a\npython3.12\nswapper/0\n' >"$C/fuzz_pattern/alternation"
printf '^swapper(/[0-9]+)?$\nswapper/12\nswapper/x\n' >"$C/fuzz_pattern/idle"
printf '(a+)+$\naaaaaaaaaaaaaaaaaaaaaaaab\n' >"$C/fuzz_pattern/backtrack"
printf '\\p{L}+\\x{263a}\n\303\251t\303\251\n' >"$C/fuzz_pattern/unicode"
for f in "$G"/inputs/*.rules; do
	head -c 16384 "$f" >"$C/fuzz_category_rules/$(basename "$f")"
done
head -c 16384 share/perfviews/cpython.rules >"$C/fuzz_category_rules/cpython"
for f in "$G"/inputs/strace-*.txt; do
	head -c 16384 "$f" >"$C/fuzz_strace/$(basename "$f" .txt)"
done

# Small recordings of a C program (made here), for the perf.data reader:
# frame pointers, dwarf user stacks of 256 bytes, no call graph, two
# events, the pipe format; each under 32 KiB.
if command -v perf >/dev/null && command -v cc >/dev/null; then
	P=$C/fuzz_perf_data
	mkdir -p "$P"
	tmp=$(mktemp -d)
	cc -O2 -g -o "$tmp/work" test/workloads/symbols/*.c
	rec() {
		name=$1
		shift
		perf record -q -e cpu-clock -o "$tmp/$name" "$@" -- "$tmp/work" 1 \
		    >/dev/null 2>&1 && head -c 32768 "$tmp/$name" >"$P/$name"
	}
	rec fp -F 300 -g
	rec dwarf -F 100 --call-graph dwarf,256
	rec plain -F 500
	perf record -q -e cpu-clock,page-faults -F 300 -g -o - -- "$tmp/work" 1 \
	    2>/dev/null | head -c 32768 >"$P/pipe-two-events"
	rm -rf "$tmp"
fi
