$BIN/collapse --event branches collapse-events.txt
