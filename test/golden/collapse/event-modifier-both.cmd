$BIN/collapse --period --event 'cycles*' collapse-event-modifier.txt
