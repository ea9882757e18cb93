$BIN/perfviews meta --fields
