# One wording for a directory given as a file, whichever command reads it.
$BIN/perfviews get . id; echo "exit $?"
$BIN/perfviews meta w-perf-freq99 .; echo "exit $?"
$BIN/perfviews meta --raw . w-perf-freq99; echo "exit $?"
$BIN/perfviews meta w-perf-freq99 | $BIN/perfviews readme --flat . /dev/stdin >/dev/null; echo "exit $?"
$BIN/perfviews stability .; echo "exit $?"
$BIN/collapse .; echo "exit $?"
