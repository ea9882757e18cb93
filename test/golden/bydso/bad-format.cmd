$BIN/bydso -f xml flatsort-small.txt
