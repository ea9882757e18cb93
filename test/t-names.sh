#!/bin/sh
# t-names.sh - one owner of every file name: the table of files.
#
# A copy of the tree (git ls-files) has three kinds renamed in
# common/dataset/file_kinds.c: a data set's meta.json ("-meta.json" to
# "-metadata.json"), its flat view ("-flat.txt" to "-flatprofile.txt") and
# a comparison's diff ("-diff.txt" to "-difference.txt"); the shipped
# examples' meta.json files are renamed to match.  Built there (make all),
# its make views of the shipped example and make compare of the two
# shipped examples must write and read every file under the new names:
# the views and the comparison under them, none under the old ones; the
# READMEs link the new names, never the old; meta.json is read beside the
# raw file under its new name (no meta.json made from the raw text, the
# comparison's README saying what each side's meta.json holds); make asks
# the names (perfviews name) and a second make finds everything up to date.
# The table of a suite's files and of two suites compared's
# (common/dataset/suite_file.c) has two renamed too: a suite's definition
# ("-suite.json" to "-definition.json") and the timing of two suites
# compared ("-timing.csv" to "-timings.csv").  Two suites of one data set
# each (the shipped examples as benchmarks' IDs), made with make
# suite-views, compared with make compare-suites and published with make
# publish, must be written, read back (compare-suites finds each suite's
# definition by its name), linked (the comparison's README, the published
# index) and published under the new names, none under the old ones.
# Each old name still written or read is a failure naming the files.
. "$(dirname "$0")/lib.sh"

if ! command -v git >/dev/null 2>&1 || ! git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
	skip "file names from the table" "not a git checkout"
	exit 0
fi
T=$TMP/tree
mkdir -p "$T"
(cd "$TOP" && git ls-files -z | xargs -0 tar cf -) | tar xf - -C "$T"
kinds=$T/common/dataset/file_kinds.c
suite_kinds=$T/common/dataset/suite_file.c
sed -i -e 's/"-meta\.json"/"-metadata.json"/' -e 's/"-flat\.txt"/"-flatprofile.txt"/' \
    -e 's/{"diff", "-diff\.txt"}/{"diff", "-difference.txt"}/' "$kinds"
renamed=$(grep -c -e '"-metadata\.json"' -e '"-flatprofile\.txt"' -e '"-difference\.txt"' "$kinds")
if [ "$renamed" != 3 ]; then
	fail "the three kinds renamed in file_kinds.c" "$renamed of 3 found to rename: has the table changed?"
	exit 0
fi
sed -i -e 's/\.suffix = "-suite\.json"/.suffix = "-definition.json"/' \
    -e 's/\.suffix = "-timing\.csv"/.suffix = "-timings.csv"/' "$suite_kinds"
renamed=$(grep -c -e '"-definition\.json"' -e '"-timings\.csv"' "$suite_kinds")
if [ "$renamed" != 2 ]; then
	fail "the two kinds renamed in suite_file.c" "$renamed of 2 found to rename: has the table changed?"
	exit 0
fi
for f in "$T"/examples/*-meta.json; do
	mv "$f" "${f%-meta.json}-metadata.json"
done
# Its own programs and objects (BIN from the environment names this tree's).
MAKE="make -C $T --no-print-directory BIN=$T/bin BUILD=$T/build/release"
if ! $MAKE -j2 all >"$TMP/build.log" 2>&1; then
	fail "the renamed tree builds" "$(tail -n 3 "$TMP/build.log" | paste -s -d'|' -)"
	exit 0
fi
OUT=$TMP/out
A=pass-perf-freq50000-nosite
B=pass-perf-freq100000-nosite

# The old names of the three kinds, in file names or in the text of OUT.
old_files() {
	(cd "$OUT" && ls -A) | grep -e '-meta\.json$' -e '-flat\.txt$' -e '-diff\.txt$'
}
old_text() {
	grep -l -e '-meta\.json' -e '-flat\.txt' -e '-diff\.txt' "$OUT"/*.md 2>/dev/null
}

if "$T/bin/perfviews" name meta $B examples >"$TMP/name" &&
    [ "$(cat "$TMP/name")" = "examples/$B-metadata.json" ] &&
    "$T/bin/perfviews" name --id "x/$B-flatprofile.txt" >"$TMP/id" && [ "$(cat "$TMP/id")" = "$B" ]; then
	pass "perfviews name follows the table: a kind's path, the ID a name holds"
else
	fail "perfviews name" "$(cat "$TMP/name" "$TMP/id" 2>/dev/null | paste -s -d' ' -)"
fi

# make views of the shipped example.
$MAKE views ID=$B OUT="$OUT" DATA="$TMP/nodata" >"$TMP/views.out" 2>"$TMP/views.err"
status=$?
if [ $status -eq 0 ] && [ -s "$OUT/$B-flatprofile.txt" ] && [ -s "$OUT/$B-README.md" ] &&
    [ ! -e "$OUT/$B-metadata.json" ] && ! grep -q 'has no .* beside it' "$TMP/views.err"; then
	pass "make views: the flat view written as $B-flatprofile.txt, meta.json read as $B-metadata.json"
else
	fail "make views under the new names" "exit $status: $(ls -A "$OUT" 2>/dev/null | paste -s -d' ' -): $(head -n 2 "$TMP/views.err" | paste -s -d'|' -)"
fi
if grep -q "($B-flatprofile\.txt)" "$OUT/$B-README.md" &&
    grep -q "$B-metadata\.json" "$OUT/$B-README.md"; then
	pass "the data set's README links $B-flatprofile.txt and names $B-metadata.json"
else
	fail "the data set's README" "no link to $B-flatprofile.txt or no $B-metadata.json"
fi
$MAKE views ID=$B OUT="$OUT" DATA="$TMP/nodata" >"$TMP/again.out" 2>&1
if [ ! -s "$TMP/again.out" ]; then
	pass "make views again: up to date under the new names"
else
	fail "make views again" "$(head -n 2 "$TMP/again.out" | paste -s -d'|' -)"
fi

# make compare of the two shipped examples.
$MAKE compare A=$A B=$B OUT="$OUT" DATA="$TMP/nodata" >"$TMP/compare.out" 2>"$TMP/compare.err"
status=$?
C=$OUT/$A-vs-$B
if [ $status -eq 0 ] && [ -s "$C-difference.txt" ] && [ -s "$C-diffgraph.svg" ] && [ -s "$C-README.md" ] &&
    grep -q "($A-vs-$B-difference\.txt)" "$C-README.md"; then
	pass "make compare: the diff written as $A-vs-$B-difference.txt, the README links it"
else
	fail "make compare under the new names" "exit $status: $(ls -A "$OUT" | grep -e -vs- | paste -s -d' ' -): $(head -n 2 "$TMP/compare.err" | paste -s -d'|' -)"
fi
# Both sides' meta.json read: the README says their frequencies apart.
if grep -q '`tool.frequency` A `50000`, B `100000`' "$C-README.md"; then
	pass "make compare reads each side's $A-metadata.json beside its raw file"
else
	fail "make compare's meta.json" "the README does not give both frequencies: $(grep -i -m 2 'frequen\|unknown' "$C-README.md" | cut -c1-100 | paste -s -d'|' -)"
fi
$MAKE compare A=$A B=$B OUT="$OUT" DATA="$TMP/nodata" >"$TMP/again.out" 2>&1
if grep -q "^up to date: $C-README.md, -difference.txt and -diffgraph.svg$" "$TMP/again.out"; then
	pass "make compare again: up to date, said with the new names"
else
	fail "make compare again" "$(head -n 2 "$TMP/again.out" | paste -s -d'|' -)"
fi

# Nothing under the old names: no file, no mention in the READMEs.
files=$(old_files | paste -s -d' ' -)
texts=$(old_text | sed "s|$OUT/||" | paste -s -d' ' -)
if [ -z "$files" ] && [ -z "$texts" ]; then
	pass "no file written under an old name, none named in a README"
else
	fail "old names" "files: ${files:-none}; READMEs naming them: ${texts:-none} ($(grep -h -o -e '[^ (]*-meta\.json' -e '[^ (]*-flat\.txt' -e '[^ (]*-diff\.txt' "$OUT"/*.md 2>/dev/null | sort -u | head -n 5 | paste -s -d' ' -))"
fi

# Two suites: each of one data set, an example copied as a benchmark's ID.
SD=$TMP/suites-data
SO=$TMP/suites-out
DEST=$TMP/published
mkdir -p "$SD"
for hz in 50000 100000; do
	id=bm_pass-perf-freq${hz}x1
	cp "$T/examples/pass-perf-freq$hz-nosite-raw.txt.xz" "$SD/$id-raw.txt.xz"
	sed "s/pass-perf-freq$hz-nosite/$id/g" "$T/examples/pass-perf-freq$hz-nosite-metadata.json" >"$SD/$id-metadata.json"
	$MAKE suite-views SUITE=hz$hz BENCHMARKS=pass FREQ=$hz RUNS=1 DATA="$SD" OUT="$SO" >>"$TMP/suite.out" 2>>"$TMP/suite.err"
done
if [ -s "$SO/hz50000-definition.json" ] && [ -s "$SO/hz100000-definition.json" ] &&
    grep -q "^wrote $SO/hz50000-README.md, $SO/hz50000-definition.json and $SO/hz50000-categories.svg$" "$TMP/suite.out"; then
	pass "make suite-views: each suite's definition written as NAME-definition.json"
else
	fail "make suite-views under the new names" "$(ls -A "$SO" 2>/dev/null | grep '^hz' | paste -s -d' ' -): $(head -n 2 "$TMP/suite.err" | paste -s -d'|' -)"
fi

# Compared by name: each definition found as OUT/NAME-definition.json.
$MAKE compare-suites A=hz50000 B=hz100000 OUT="$SO" >"$TMP/suites.out" 2>"$TMP/suites.err"
status=$?
C=hz50000-vs-hz100000
if [ $status -eq 0 ] && [ -s "$SO/$C-timings.csv" ] && grep -q "($C-timings\.csv)" "$SO/$C-README.md" &&
    grep -q -e '-timings\.csv, ' "$TMP/suites.out"; then
	pass "make compare-suites: the definitions read, the timing written as $C-timings.csv, the README links it"
else
	fail "make compare-suites under the new names" "exit $status: $(ls -A "$SO" | grep "^$C" | paste -s -d' ' -): $(head -n 2 "$TMP/suites.err" | paste -s -d'|' -)"
fi

# Published: the definitions and the timing under the new names, linked.
$MAKE publish OUT="$SO" DATA="$SD" DEST="$DEST" >"$TMP/publish.out" 2>"$TMP/publish.err"
status=$?
if [ $status -eq 0 ] && [ -s "$DEST/hz50000-definition.json" ] && [ -s "$DEST/$C-timings.csv" ] &&
    grep -q '\[definition\](hz50000-definition\.json)' "$DEST/README.md" &&
    grep -q "\[timing\]($C-timings\.csv)" "$DEST/README.md"; then
	pass "make publish: the suites' definitions and their comparison's timing published and linked under the new names"
else
	fail "make publish under the new names" "exit $status: $(ls -A "$DEST" 2>/dev/null | grep '^hz' | paste -s -d' ' -): $(head -n 2 "$TMP/publish.err" | paste -s -d'|' -)"
fi

# Nothing under the suites' old names: no file, no mention in a README.
files=$(ls -A "$SO" "$DEST" 2>/dev/null | grep -e '-suite\.json$' -e '-timing\.csv$' | paste -s -d' ' -)
texts=$(grep -l -e '-suite\.json' -e '-timing\.csv' "$SO"/*.md "$DEST"/*.md 2>/dev/null | paste -s -d' ' -)
if [ -z "$files" ] && [ -z "$texts" ]; then
	pass "no suite's file written under an old name, none named in a README"
else
	fail "the suites' old names" "files: ${files:-none}; READMEs naming them: ${texts:-none}"
fi
