# The README of a comparison: B of another Python and call graphs, A of
# one run, with the diff quoted; then B without meta.json.
d=$(mktemp -d) && cd "$d" || exit 1
# The raw file by a relative name: its path is in a message.
cp "$OLDPWD/perfviews-runs.txt" . && runs=perfviews-runs.txt
cp "$runs" a-perf-freq99-raw.txt && cp "$runs" b-perf-freq99x2-raw.txt
$BIN/perfviews meta --raw "$runs" --set tool.runs=1 --set 'python.version=3.11.7 (main)' --set tool.call_graph=dwarf --set host.hostname=box --set 'workload.command=python3 -c work' a-perf-freq99 >a-perf-freq99-meta.json
$BIN/perfviews meta --raw "$runs" --set 'python.version=3.12.1 (main)' --set tool.call_graph=fp --set host.hostname=box --set 'workload.command=python3 -c work' b-perf-freq99x2 >b-perf-freq99x2-meta.json
$BIN/flatdiff a-perf-freq99-raw.txt b-perf-freq99x2-raw.txt >diff.txt
$BIN/perfviews compare a-perf-freq99-raw.txt b-perf-freq99x2-raw.txt diff.txt
rm b-perf-freq99x2-meta.json
$BIN/perfviews compare a-perf-freq99-raw.txt b-perf-freq99x2-raw.txt | sed -n '/^- [AB]:/p;/^## What/,/^## Files/p'
cd / && rm -rf "$d"
