$BIN/diffstacks perfviews-run1.folded perfviews-run2.folded
