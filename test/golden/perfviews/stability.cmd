$BIN/perfviews stability --splits 20 --sizes 1,2 perfviews-run1.folded perfviews-run2.folded perfviews-run3.folded perfviews-run4.folded
