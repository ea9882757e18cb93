$BIN/strip-swapper --keep-idle forms-oneline.txt
