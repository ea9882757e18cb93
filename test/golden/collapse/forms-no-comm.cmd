$BIN/collapse --tid forms-no-comm-tid-event.txt
