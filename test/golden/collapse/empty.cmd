$BIN/collapse empty.txt
