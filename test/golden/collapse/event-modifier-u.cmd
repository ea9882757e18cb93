$BIN/collapse --period --event cycles:u collapse-event-modifier.txt
