$BIN/perfviews meta --raw perfviews-runs.txt --set timestamp=2024-01-01T00:00:00Z --set 'workload.command=python -c "print(1)"' --set host.cpu_count=4 w-perf-freq99x2-_t1-_t2
