$BIN/perfviews id bm_genshi-perf-freq1000x10-nosite-xperf
