$BIN/calltree -f json flatsort-folded.txt
