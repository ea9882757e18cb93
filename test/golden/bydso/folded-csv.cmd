$BIN/bydso -f csv flatsort-folded.txt
