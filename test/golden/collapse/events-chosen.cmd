$BIN/collapse --event instructions collapse-events.txt
