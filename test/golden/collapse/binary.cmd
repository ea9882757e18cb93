$BIN/collapse collapse-binary.txt
