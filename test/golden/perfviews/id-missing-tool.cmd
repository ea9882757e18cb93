$BIN/perfviews id foo
