$BIN/flatsort --event cycles flatsort-small.txt
