$BIN/perfviews meta --set tool.frequency=fast w-perf-freq99
