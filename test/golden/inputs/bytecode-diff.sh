#!/bin/sh
# bytecode-diff.sh TEMPLATE_A TEMPLATE_B [OPTION...] - flatdiff(1) of
# TEMPLATE_A's samples against TEMPLATE_B's (bytecode-make.sh: their
# eval loop in lib/libpython3.99.so), as the raw files of data sets a and
# b whose meta.json (a data set's: it has an id) say 1000 Hz of cpu-clock
# and 2 loops a run (a value of n samples a run is n / 2 ms per loop),
# with the build directory's path written DIR: the same output on every
# machine.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
a=$1 b=$2
shift 2
sh "$(dirname "$0")/bytecode-make.sh" "$d" "$a" >"$d/a-raw.txt" || exit 1
sh "$(dirname "$0")/bytecode-make.sh" "$d" "$b" >"$d/b-raw.txt" || exit 1
for id in a b; do
	printf '%s\n' "{\"id\": \"$id\"," \
	    ' "tool": {"event": "cpu-clock", "frequency": 1000},' \
	    ' "benchmark": {"loops": 2, "values_per_run": 1}}' >"$d/$id-meta.json"
done
"$BIN/flatdiff" "$@" "$d/a-raw.txt" "$d/b-raw.txt" >"$d/out" 2>"$d/err"
status=$?
sed "s|$d|DIR|g" "$d/out"
sed "s|$d|DIR|g" "$d/err" >&2
exit $status
