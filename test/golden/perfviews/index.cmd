$BIN/perfviews meta --set python.version="3.12.1 (main)" --set timestamp=2024-01-01T00:00:00Z --set samples.total=7 w-perf-freq99 | $BIN/perfviews index /dev/stdin
