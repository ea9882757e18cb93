$BIN/collapse no-such-file.txt
