$BIN/calltree forms-oneline.txt
