$BIN/bydso --depth 1 -f json flatsort-small.txt
