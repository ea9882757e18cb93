$BIN/flatsort --inline caller flatsort-small.txt
