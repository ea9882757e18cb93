$BIN/perfviews meta --raw perfviews-runs.txt w-perf-freq99x3 | $BIN/perfviews get /dev/stdin samples.per_run
