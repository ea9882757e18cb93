$BIN/calltree --percent-limit 20 --max-depth 3 flatsort-small.txt
