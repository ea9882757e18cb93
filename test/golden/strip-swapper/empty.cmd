$BIN/strip-swapper empty.txt
