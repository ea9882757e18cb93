$BIN/flatsort --percent-limit 20 --sort total flatsort-small.txt
