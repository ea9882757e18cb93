$BIN/flatsort --by dso -f csv flatsort-small.txt
