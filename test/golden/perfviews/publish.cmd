# A data set in data/ with its views in out/ (rendered already: --make '',
# made after their source was noted), and one without a raw file;
# published twice.
d=$(mktemp -d) && mkdir "$d/data" "$d/out" && cd "$d" || exit 1
id=w-perf-freq99x2
$BIN/perfviews meta --set timestamp=2024-01-01T00:00:00Z --set 'workload.command=python3 -c pass' --set python.version='3.12.1 (main)' --set samples.total=3 $id >data/$id-meta.json
echo raw >data/$id-raw.txt
$BIN/perfviews meta v-perf-freq99 >data/v-perf-freq99-meta.json
$BIN/perfviews views --source --raw data/$id-raw.txt --meta data/$id-meta.json --out out $id
for k in folded.txt flat.txt calltree.txt bydso.txt bytecode.txt bytecode.csv categories.txt categories.svg flamegraph.svg README.md stability.md; do echo $k >out/$id-$k; done
$BIN/perfviews publish --make '' --data data --out out pub
ls pub
$BIN/perfviews publish --make '' --data data --out out pub
cat pub/README.md
rm out/$id-flat.txt; $BIN/perfviews publish --make '' --data data --out out pub2; echo "exit $?"
cd / && rm -rf "$d"
