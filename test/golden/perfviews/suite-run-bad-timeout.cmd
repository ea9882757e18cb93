$BIN/perfviews suite run --timeout 10s small all
