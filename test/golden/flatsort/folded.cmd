$BIN/flatsort flatsort-folded.txt
