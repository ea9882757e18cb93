$BIN/calltree flatsort-small.txt
