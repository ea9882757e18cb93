$BIN/collapse collapse-events.txt
