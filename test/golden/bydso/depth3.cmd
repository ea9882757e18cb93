$BIN/bydso --depth 3 flatsort-small.txt
