$BIN/flatsort --sort size flatsort-small.txt
