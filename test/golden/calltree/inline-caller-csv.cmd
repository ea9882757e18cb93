$BIN/calltree --inline caller -f csv flatsort-small.txt
