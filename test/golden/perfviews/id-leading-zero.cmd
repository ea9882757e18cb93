$BIN/perfviews id pass-perf-freq0100
