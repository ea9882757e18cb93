# Mistakes stop perfviews record before anything runs or is created.
d=$(mktemp -d) && cd "$d" || exit 1
$BIN/perfviews record --data data bad; echo "exit $?"
$BIN/perfviews record --data data --cmd "python3 -c 'x" x-perf-freq99; echo "exit $?"
$BIN/perfviews record --data data --callgraph lbr x-perf-freq99; echo "exit $?"
$BIN/perfviews record --data data mystery-perf-freq99; echo "exit $?"
$BIN/perfviews record --data data ''; echo "exit $?"
$BIN/perfviews record --data data --timeout soon x-perf-freq99; echo "exit $?"
$BIN/perfviews record --data data --cmd true x-perf-freq99-faults-files; echo "exit $?"
$BIN/perfviews record --data data --cmd true --event cycles x-perf-freq99-faults; echo "exit $?"
$BIN/perfviews record --data data --cmd true --strace /nonexistent/strace x-perf-freq99-files; echo "exit $?"
ls -A
cd / && rm -rf "$d"
