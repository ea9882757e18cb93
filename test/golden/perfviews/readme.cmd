$BIN/perfviews meta --set python.version="3.12.1 (main)" --set python.build.git_revision=abc123 --set timestamp=2024-01-01T00:00:00Z w-perf-freq99 | $BIN/perfviews readme /dev/stdin
