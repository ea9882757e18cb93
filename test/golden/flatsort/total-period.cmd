$BIN/flatsort --sort total --period flatsort-small.txt
