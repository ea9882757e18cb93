$BIN/calltree --max-depth 0 flatsort-small.txt
