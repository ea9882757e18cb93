$BIN/flatsort flatsort-small.txt
