$BIN/bydso flatsort-small.txt
