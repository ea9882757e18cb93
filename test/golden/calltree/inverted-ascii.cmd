$BIN/calltree --inverted --ascii flatsort-small.txt
