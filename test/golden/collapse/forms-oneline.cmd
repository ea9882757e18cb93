$BIN/collapse forms-oneline.txt
