$BIN/collapse --period collapse-event-modifier.txt
