$BIN/perfviews frobnicate
