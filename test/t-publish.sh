#!/bin/sh
# t-publish.sh - make publish into a Git repository, as a new user would.
#
# Two data directories with one ID in common, each from another
# recording: d1 holds the shipped example pass-perf-freq50000-nosite and a
# benchmark-like data set with Python frames (py:: names under a venv, a
# home and /tmp), d2 another recording of that example's ID and a data set
# of its own.  OUT holds a comparison of d1's two and a suite of one.
#
# 1. Publishing d1 into a repository with its own README: the README and
#    everything tracked stay as they were, git status shows only untracked
#    files, each the index (perfviews-index.md, beside the README), the
#    manifest, or a file the index links; every link resolves; the index
#    lists the comparison (linking both data sets) and the suite.
# 2. Publishing d2 into it: refused, naming the ID and what differs, and
#    nothing of the repository changes (git status is empty once the first
#    publishing is committed); a file of the user's in the way is refused
#    too.  FORCE=1 replaces the recording and adds d2's own data set, and
#    git status shows just that.
# 3. PUBLISH_PATHS=short: no home, venv, temporary or data directory path
#    in any published file (the .xz ones read decompressed); the samples
#    as they were (the same lines but for the paths' starts); the index
#    says so.
. "$(dirname "$0")/lib.sh"

MAKE="make -C $TOP --no-print-directory"
EX=pass-perf-freq50000-nosite
BM=bm_fake-perf-freq99x2-xperf
BM2=bm_fake-perf-freq99x2-_other
NEW=gen-perf-freq99x3
D1=$TMP/d1
D2=$TMP/d2
OUT1=$TMP/out1
OUT2=$TMP/out2
REPO=$TMP/repo
mkdir -p "$D1" "$D2"

if ! command -v git >/dev/null 2>&1; then
	skip "publish into a Git repository" "git is not installed"
	exit 0
fi

# A data set of two runs whose frames carry the paths a benchmark's do;
# and another of the benchmark (another build's, by its tag), a sample
# more a run.
venv=$D1/.pyperformance/venv/cpython3.12-0123/lib/python3.12/site-packages
fake_runs() {
	for run in 1 2; do
	echo "# perfviews run $run/2 fake worker 10$run"
	for t in $(seq "$1"); do
		printf 'python3.12 10%s 1.00%s: 1000000 cpu-clock:\n' $run $t
		printf '\t7f00000000a0 py::advance:%s/pyperformance/data-files/benchmarks/bm_nbody/run_benchmark.py+0x1 (/tmp/perf-10%s.map)\n' "$venv" $run
		printf '\t7f00000000b0 py::main:/home/someone/work/bench.py+0x1 (/tmp/perf-10%s.map)\n' $run
		printf '\t5e0 _PyEval_EvalFrameDefault+0x20 (/root/.pyenv/versions/3.12.1/lib/libpython3.12.so.1.0)\n\n'
	done
	done
}
for id in $BM $BM2; do
	fake_runs "$([ "$id" = "$BM" ] && echo 3 || echo 4)" >"$D1/$id-raw.txt"
	"$BIN/perfviews" meta --raw "$D1/$id-raw.txt" \
	    --set "workload.command=/root/.pyenv/versions/3.12.1/bin/python3.12 $venv/pyperformance/run.py" \
	    --set "python.executable=$D1/.pyperformance/venv/cpython3.12-0123/bin/python" \
	    $id >"$D1/$id-meta.json"
done
cp "$TOP/examples/$EX-raw.txt.xz" "$TOP/examples/$EX-meta.json" "$D1/"
# d2: another recording under the example's ID, and one of its own.
awk -v seed=1 -v runs=3 -v sd=0.1 -f "$TOP/test/gen-runs.awk" >"$D2/$EX-raw.txt"
sed 's/"timestamp": "[^"]*"/"timestamp": "2026-12-01T10:00:00Z"/' \
    "$TOP/examples/$EX-meta.json" >"$D2/$EX-meta.json"
awk -v seed=2 -v runs=3 -v sd=0.1 -f "$TOP/test/gen-runs.awk" >"$D2/$NEW-raw.txt"
"$BIN/perfviews" meta --raw "$D2/$NEW-raw.txt" $NEW >"$D2/$NEW-meta.json"

# OUT1: a comparison of d1's two, a suite of the benchmark and one of
# the other build's, and the two suites compared.
if $MAKE compare A=$EX B=$BM DATA="$D1" OUT="$OUT1" FORCE=1 >"$TMP/cmp.out" 2>&1 &&
    "$BIN/perfviews" suite readme --data "$D1" --log "$TMP/no.log" small $BM \
    >"$OUT1/small-README.md" &&
    "$BIN/perfviews" suite define --data "$D1" small $BM >"$OUT1/small-suite.json" &&
    "$BIN/perfviews" suite readme --data "$D1" --log "$TMP/no.log" other $BM2 \
    >"$OUT1/other-README.md" &&
    "$BIN/perfviews" suite define --data "$D1" other $BM2 >"$OUT1/other-suite.json" &&
    "$BIN/perfviews" compare-suites --out "$OUT1" small other >>"$TMP/cmp.out" 2>&1 &&
    "$BIN/perfviews" suite readme --data "$D2" --log "$TMP/no.log" elsewhere $EX \
    >"$OUT1/elsewhere-README.md" &&
    "$BIN/perfviews" suite define --data "$D2" elsewhere $EX >"$OUT1/elsewhere-suite.json"; then
	# The suite's loops file, as make suite writes it.
	printf '{"metadata": {"about": "loops"},\n "benchmarks": [{"metadata": {"name": "nbody", "loops": 4}}]}\n' \
	    >"$OUT1/small-loops.json"
else
	fail "setting up a comparison and a suite" "$(tail -n 2 "$TMP/cmp.out")"
fi

git init -q "$REPO" && printf '# My project\n\nIts own README.\n' >"$REPO/README.md" &&
    git -C "$REPO" add README.md &&
    git -C "$REPO" -c user.name=t -c user.email=t@t commit -qm init || {
	fail "a Git repository to publish into"
	exit 0
}

# 1. Publish d1.
if $MAKE publish DATA="$D1" OUT="$OUT1" DEST="$REPO" >"$TMP/pub1.out" 2>"$TMP/pub1.err"; then
	pass "make publish into a repository with its own README"
else
	fail "make publish into a repository" "$(tail -n 2 "$TMP/pub1.err")"
	exit 0
fi
INDEX=$REPO/perfviews-index.md
changed=$(git -C "$REPO" status --porcelain --untracked-files=all | grep -v '^?? ')
if git -C "$REPO" diff --quiet && [ -z "$changed" ] &&
    grep -qx "Its own README." "$REPO/README.md" && [ -s "$INDEX" ] &&
    grep -q "README.md is not perfviews': the index is $INDEX" "$TMP/pub1.out"; then
	pass "the repository's README and files untouched; the index beside them"
else
	fail "the repository changed" "$changed $(git -C "$REPO" diff --stat | tail -n 1)"
fi
# OUT1's suite of d2's recording of the example's ID: not published with
# d1's recording of that ID.
if grep -q "^perfviews: skipping the suite elsewhere: its data set $EX ($D2/$EX-raw.txt) is another recording than the one published under that ID from $D1$" "$TMP/pub1.err" &&
    [ -z "$(ls "$REPO" | grep '^elsewhere-')" ] && ! grep -q elsewhere "$INDEX"; then
	pass "a suite of another DATA's recordings of the published IDs: skipped, saying why"
else
	fail "a suite of another DATA's recordings of the published IDs" "$(grep elsewhere "$TMP/pub1.err") $(ls "$REPO" | grep '^elsewhere-')"
fi

# The index's links: each resolves, and they are what was added.
links() {
	grep -o '](\([^)h][^)]*\))' "$1" | sed 's/^](//; s/)$//' | sort -u
}
links "$INDEX" >"$TMP/links"
git -C "$REPO" status --porcelain --untracked-files=all | sed 's/^?? //' |
    grep -vx 'perfviews-index.md' | grep -vx '.perfviews-published' | sort >"$TMP/added"
dangling=$(while read -r l; do [ -e "$REPO/$l" ] || echo "$l"; done <"$TMP/links")
unlisted=$(comm -13 "$TMP/links" "$TMP/added" | paste -s -d' ' -)
if [ -z "$dangling" ] && [ -z "$unlisted" ] && [ -s "$TMP/added" ]; then
	pass "git status shows what the index links ($(wc -l <"$TMP/added") files), and the manifest"
else
	fail "git status against the index" "dangling: $dangling; added, not linked: $unlisted"
fi
CMP=$EX-vs-$BM
if grep -q "^| \[$BM against $EX\]($CMP-README.md) | \[$EX\]($EX-README.md) | \[$BM\]($BM-README.md) | \[diff\]($CMP-diff.txt) \[diffgraph\]($CMP-diffgraph.svg) |$" "$INDEX" &&
    grep -q "^| \[small\](small-README.md) | .*\[loops\](small-loops.json) \[definition\](small-suite.json) |$" "$INDEX" &&
    cmp -s "$OUT1/small-loops.json" "$REPO/small-loops.json" &&
    grep -q "\[\`$EX\`\]($EX-README.md)" "$REPO/$CMP-README.md" &&
    grep -q "\[\`$BM\`\]($BM-README.md)" "$REPO/$CMP-README.md" &&
    [ -s "$REPO/$BM-README.md" ] && [ -s "$REPO/$EX-README.md" ]; then
	pass "the index lists the comparison and the suite (its loops file and definition too); the comparison links both data sets"
else
	fail "comparisons and suites in the index" "$(grep -c 'against' "$INDEX") comparison row(s); suite: $(grep '^| \[small\]' "$INDEX"); loops published: $(ls "$REPO" | grep -c loops)"
fi
# The comparison of the two suites, with its benchmark's comparison.
SC=small-vs-other
if grep -q "^| \[other against small\]($SC-README.md) | \[small\](small-README.md) \[other\](other-README.md) | \[timing\]($SC-timing.csv) \[categories\]($SC-categories.svg) \[categories table\]($SC-categories.csv) \[JSON\]($SC-comparison.json) |$" "$INDEX" &&
    grep -q "^| \[$BM2 against $BM\]($BM-vs-$BM2-README.md) |" "$INDEX" &&
    grep -qF "[README]($BM-vs-$BM2-README.md)" "$REPO/$SC-README.md" &&
    links "$REPO/$SC-README.md" | grep -v '^\.\./' | while read -r l; do [ -e "$REPO/$l" ] || exit 1; done &&
    grep -q "^suite-comparison $SC$" "$REPO/.perfviews-published"; then
	pass "the comparison of two suites published: in the index, linking both suites; its links resolve"
else
	fail "the comparison of two suites" "$(grep -i 'suites compared' -A 4 "$INDEX" | paste -s -d'|' -)"
fi
# The published definition names its data sets beside it, so that it
# reads wherever the repository is cloned: compare-suites, run from
# elsewhere, finds them there and not in d1 (moved away).
# (The other side: a copy elsewhere, its directories relative to it.)
mv "$D1" "$D1.away"
mkdir "$TMP/elsewhere"
sed -e 's/"name": "small"/"name": "other"/' -e 's|"data": "\."|"data": "../repo"|' \
    "$REPO/small-suite.json" >"$TMP/elsewhere/other-suite.json"
if grep -q '"data": "\."' "$REPO/small-suite.json" && ! grep '"data"' "$REPO/small-suite.json" | grep -q "$D1" &&
    (cd / && "$BIN/perfviews" compare-suites --no-pages --out "$TMP/cs" \
        "$REPO/small-suite.json" "$TMP/elsewhere/other-suite.json") >"$TMP/cs.out" 2>&1 &&
    grep -q "^fake," "$TMP/cs/small-vs-other-timing.csv" &&
    ! grep -q "not recorded\|one side only" "$TMP/cs/small-vs-other-README.md"; then
	pass "the suite's definition published with its data sets beside it; compare-suites reads it from elsewhere"
else
	fail "the published definition" "$(tail -n 2 "$TMP/cs.out" | paste -s -d'|' -); $(grep -m 2 '"data"' "$REPO/small-suite.json" | paste -s -d' ' -)"
fi
mv "$D1.away" "$D1"
if grep -q 'as GitHub does, runs none of its script' "$INDEX" &&
    grep -q 'https://www.speedscope.app/' "$REPO/$EX-README.md" &&
    grep -q 'https://profiler.firefox.com/' "$REPO/$EX-README.md"; then
	pass "the index says how to open the flame graphs; a data set's README, the viewers"
else
	fail "how to open the files"
fi
git -C "$REPO" add -A && git -C "$REPO" -c user.name=t -c user.email=t@t commit -qm published

# Another publish into the repository meanwhile (flock(1) holds its lock
# for 2 s): this one waits for it, then finds everything there already.
(flock "$REPO" sh -c ": >'$TMP/held'; sleep 2") &
while [ ! -e "$TMP/held" ]; do sleep 0.1; done
if $MAKE publish DATA="$D1" OUT="$OUT1" DEST="$REPO" >"$TMP/pub1b.out" 2>"$TMP/pub1b.err" &&
    grep -q "^perfviews: waiting for another publish into $REPO$" "$TMP/pub1b.err" &&
    grep -q "published to $REPO: 0 file(s) copied, [1-9][0-9]* already there" "$TMP/pub1b.out" &&
    [ -z "$(git -C "$REPO" status --porcelain --untracked-files=all)" ]; then
	pass "a publish into a directory another is publishing into waits for it; published again, nothing changes"
else
	fail "publish while another publishes" "$(tail -n 2 "$TMP/pub1b.err" "$TMP/pub1b.out" | paste -s -d'|' -)"
fi
wait

# perfviews publish itself (no --make, as make publish runs it) renders
# only the data sets whose views are not current (view_make.h's
# view_current, make views' rule): published again, no file of OUT is
# written; a raw file touched, its data set's views are made again, and
# only they.
mtimes() { stat -c '%n %y' "$OUT1"/* "$OUT1"/.*.source; }
mtimes >"$TMP/mtimes.before"
if "$BIN/perfviews" publish --data "$D1" --out "$OUT1" "$REPO" >"$TMP/pub1c.out" 2>"$TMP/pub1c.err" &&
    mtimes | cmp -s "$TMP/mtimes.before" - &&
    grep -q "published to $REPO: 0 file(s) copied" "$TMP/pub1c.out"; then
	pass "perfviews publish again: no view rendered again (every file of OUT as it was)"
else
	fail "perfviews publish again" "$(mtimes | diff "$TMP/mtimes.before" - | grep '^>' | head -n 3 | paste -s -d'|' -) $(tail -n 1 "$TMP/pub1c.err")"
fi
mtimes >"$TMP/mtimes.before"
touch "$D1/$BM-raw.txt"
if "$BIN/perfviews" publish --data "$D1" --out "$OUT1" "$REPO" >"$TMP/pub1d.out" 2>"$TMP/pub1d.err"; then
	mtimes | diff "$TMP/mtimes.before" - | sed -n 's/^> \([^ ]*\) .*/\1/p' >"$TMP/rendered"
	if grep -qx "$OUT1/$BM-README.md" "$TMP/rendered" && grep -qx "$OUT1/$BM-flat.txt" "$TMP/rendered" &&
	    [ -z "$(grep -v "^$OUT1/$BM-\|^$OUT1/.$BM.source$" "$TMP/rendered")" ]; then
		pass "its raw file touched, a data set's views rendered again, and no other's"
	else
		fail "a raw file touched" "rendered: $(paste -s -d' ' - <"$TMP/rendered")"
	fi
else
	fail "perfviews publish after touching a raw file" "$(tail -n 2 "$TMP/pub1d.err")"
fi

# 2. d2 under the same ID: refused, nothing changes.
if $MAKE publish DATA="$D2" OUT="$OUT2" DEST="$REPO" >"$TMP/pub2.out" 2>"$TMP/pub2.err"; then
	fail "another recording under a published ID" "accepted"
elif grep -q "^perfviews: $EX: another recording is published under this ID in $REPO than the one in $D2 (their raw files differ)" "$TMP/pub2.err" &&
    grep -q "^    timestamp: 2026-11-29T19:19:31Z published, 2026-12-01T10:00:00Z in $D2$" "$TMP/pub2.err" &&
    grep -q "FORCE=1" "$TMP/pub2.err" &&
    [ -z "$(git -C "$REPO" status --porcelain --untracked-files=all)" ]; then
	pass "another recording under a published ID: refused, saying what differs; nothing changed"
else
	fail "another recording under a published ID" "$(head -n 3 "$TMP/pub2.err" | paste -s -d'|' -) $(git -C "$REPO" status --porcelain | head -n 3)"
fi
# A file of the user's where d2's own data set would go: refused too.
echo "mine" >"$REPO/$NEW-flat.txt"
if ! $MAKE publish DATA="$D2" OUT="$OUT2" DEST="$REPO" FORCE=1 >"$TMP/pub3.out" 2>"$TMP/pub3.err" &&
    grep -q "$REPO/$NEW-flat.txt is there already, and perfviews did not write it" "$TMP/pub3.err" &&
    [ "$(git -C "$REPO" status --porcelain --untracked-files=all)" = "?? $NEW-flat.txt" ] &&
    [ "$(cat "$REPO/$NEW-flat.txt")" = mine ]; then
	pass "a file perfviews did not write is never replaced, even with FORCE=1"
else
	fail "a file of the user's" "$(head -n 2 "$TMP/pub3.err" | paste -s -d'|' -)"
fi
rm "$REPO/$NEW-flat.txt"
if $MAKE publish DATA="$D2" OUT="$OUT2" DEST="$REPO" FORCE=1 >"$TMP/pub4.out" 2>"$TMP/pub4.err"; then
	git -C "$REPO" status --porcelain --untracked-files=all >"$TMP/status4"
	modified=$(grep -v '^?? ' "$TMP/status4" | sed 's/^ [MD] //' | grep -v "^$EX-" |
	    grep -vx 'perfviews-index.md' | grep -vx '.perfviews-published' | paste -s -d' ' -)
	added=$(grep '^?? ' "$TMP/status4" | sed 's/^?? //' | grep -v "^$NEW-" | grep -vx "$EX-raw.txt" | paste -s -d' ' -)
	# d2's raw file is plain text: the .xz of the recording before goes.
	if [ -z "$modified" ] && [ -z "$added" ] && grep -q "^?? $NEW-README.md$" "$TMP/status4" &&
	    grep -q "^ D $EX-raw.txt.xz$" "$TMP/status4" && grep -q "^?? $EX-raw.txt$" "$TMP/status4" &&
	    grep -q "\[raw\]($EX-raw.txt)" "$INDEX" &&
	    grep -q "| \[$NEW\]($NEW-README.md) |" "$INDEX" && [ -z "$(git -C "$REPO" diff README.md)" ]; then
		pass "FORCE=1: the recording replaced, d2's data set added, nothing else"
	else
		fail "FORCE=1" "also modified: $modified; also added: $added"
	fi
else
	fail "FORCE=1" "$(tail -n 2 "$TMP/pub4.err")"
fi

# 3. Short paths.
SHORT=$TMP/short
if $MAKE publish DATA="$D1" OUT="$OUT1" DEST="$SHORT" PUBLISH_PATHS=short \
    XZ="xz -1" >"$TMP/pub5.out" 2>"$TMP/pub5.err"; then
	found=
	for f in "$SHORT"/* "$SHORT"/.perfviews-published; do
		# (The index's list of placeholders names what they stand for.)
		case $f in
		*.xz) xz -dc "$f" ;;
		*/README.md) sed '/^## Paths/,/^## /d' "$f" ;;
		*) cat "$f" ;;
		esac >"$TMP/text"
		for p in /root/ /home/ /tmp/ site-packages "$TMP" "$HOME/"; do
			grep -qF -- "$p" "$TMP/text" && found="$found $(basename "$f"):$p"
		done
	done
	if [ -z "$found" ] && grep -q '^## Paths' "$SHORT/README.md" &&
	    grep -qF 'py::advance:$VENV/pyperformance/data-files/benchmarks/bm_nbody/run_benchmark.py' "$SHORT/$BM-raw.txt" &&
	    grep -qF 'py::main:~/work/bench.py' "$SHORT/$BM-flat.txt" &&
	    grep -qF '($TMP/perf-101.map)' "$SHORT/$BM-raw.txt" &&
	    grep -qF '"$DATA/.pyperformance/venv/cpython3.12-0123/bin/python"' "$SHORT/$BM-meta.json"; then
		pass "PUBLISH_PATHS=short: no home, venv, temporary or data path in any file; the index says so"
	else
		fail "PUBLISH_PATHS=short" "still there:$found"
	fi
	# The samples as they were: a line differs only where a path began.
	xz -dc "$D1/$EX-raw.txt.xz" >"$TMP/a"
	xz -dc "$SHORT/$EX-raw.txt.xz" >"$TMP/b"
	other=$(paste -d '\n' "$TMP/a" "$TMP/b" | awk 'NR % 2 { a = $0; next }
	    a != $0 && $0 !~ /(~|\$VENV|\$TMP|\$DATA)\// { n++ } END { print n + 0 }')
	if [ "$(wc -l <"$TMP/a")" = "$(wc -l <"$TMP/b")" ] && [ "$other" = 0 ] &&
	    ! cmp -s "$TMP/a" "$TMP/b" &&
	    [ "$("$BIN/collapse" "$TMP/a" | awk '{ n += $NF } END { print n }')" = \
	      "$("$BIN/collapse" "$TMP/b" | awk '{ n += $NF } END { print n }')" ]; then
		pass "PUBLISH_PATHS=short: the raw file's lines and samples as they were, but for paths"
	else
		fail "PUBLISH_PATHS=short: the raw file" "$other lines differ otherwise"
	fi
else
	fail "make publish PUBLISH_PATHS=short" "$(tail -n 2 "$TMP/pub5.err")"
fi

# 4. One OUT for both directories: views know their source.  d1's and d2's
# recordings of one ID rendered in turn into OUT3: each time every view
# and the README say the samples of the one shown; a stability report of
# d2 goes when d1's are shown.  Publishing d1 from that OUT, d2 shown
# last, publishes d1's views; told to render nothing (--make ''), it
# refuses the views of d2.
OUT3=$TMP/out3
total_of() { sed -n 's/^ *"total": \([0-9]*\),*$/\1/p' "$1"; }
samples_of() { "$BIN/collapse" "$1"/$EX-raw.txt* | awk '{ n += $NF } END { print n }'; }
shown() { # DIR: the flat profile's and the README's totals are DIR's
	want=$(samples_of "$1")
	grep -q "^# flatsort: total $want samples" "$OUT3/$EX-flat.txt" &&
	    grep -q "$want samples" "$OUT3/$EX-README.md"
}
views_ok=yes
for d in "$D1" "$D2" "$D1" "$D2"; do
	$MAKE -s views ID=$EX DATA="$d" OUT="$OUT3" >/dev/null 2>"$TMP/v.err" &&
	    shown "$d" || views_ok="no, after $(basename "$d"): $(grep -m 1 total "$OUT3/$EX-flat.txt") $(head -n 1 "$TMP/v.err")"
done
if [ "$views_ok" = yes ] && [ "$(samples_of "$D1")" != "$(samples_of "$D2")" ]; then
	pass "one OUT, one ID from two DATA in turn: the views are always of the DATA given"
else
	fail "one OUT, one ID from two DATA" "$views_ok"
fi
: >"$OUT3/$EX-stability.md"
$MAKE -s views ID=$EX DATA="$D1" OUT="$OUT3" >/dev/null 2>&1
if [ ! -e "$OUT3/$EX-stability.md" ]; then
	pass "another DATA shown: the stability report of the one before goes"
else
	fail "another DATA shown" "the stability report of d2 is still in OUT"
fi
$MAKE -s views ID=$EX DATA="$D2" OUT="$OUT3" >/dev/null 2>&1
if $MAKE publish DATA="$D1" OUT="$OUT3" DEST="$TMP/repo3" >/dev/null 2>"$TMP/pub6.err" &&
    grep -q "^# flatsort: total $(total_of "$D1/$EX-meta.json") samples" "$TMP/repo3/$EX-flat.txt" &&
    grep -q "$(total_of "$D1/$EX-meta.json") samples" "$TMP/repo3/$EX-README.md" &&
    cmp -s "$D1/$EX-meta.json" "$TMP/repo3/$EX-meta.json"; then
	pass "publishing d1 from an OUT that showed d2 last publishes d1's views"
else
	fail "publishing d1 from an OUT that showed d2 last" "$(head -n 2 "$TMP/pub6.err")"
fi
$MAKE -s views ID=$EX DATA="$D2" OUT="$OUT3" >/dev/null 2>&1
if "$BIN/perfviews" publish --data "$D1" --out "$OUT3" --make '' "$TMP/repo4" \
    >/dev/null 2>"$TMP/pub7.err"; then
	fail "views of another DATA, not rendered again" "published"
elif grep -q "^perfviews: $EX: $OUT3/$EX-[a-z]*\.[a-z]* was not made from $D1/$EX-raw.txt.xz" "$TMP/pub7.err" &&
    [ -z "$(ls -A "$TMP/repo4" 2>/dev/null)" ]; then
	pass "views of another DATA, not rendered again: refused, naming the view; nothing published"
else
	fail "views of another DATA, not rendered again" "$(head -n 2 "$TMP/pub7.err")"
fi
# --make MAKE: each data set rendered by MAKE views ID=.. DATA=.. OUT=..
# (make's own check), d1's views again after d2's.
if "$BIN/perfviews" publish --data "$D1" --out "$OUT3" --make "$MAKE" "$TMP/repo5" \
    >/dev/null 2>"$TMP/pub8.err" &&
    grep -q "^# flatsort: total $(total_of "$D1/$EX-meta.json") samples" "$TMP/repo5/$EX-flat.txt" &&
    shown "$D1"; then
	pass "perfviews publish --make MAKE: the views rendered by make views, of the DATA published"
else
	fail "perfviews publish --make MAKE" "$(head -n 2 "$TMP/pub8.err")"
fi
