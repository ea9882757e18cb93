$BIN/flatsort --event cycles forms-no-comm-tid-event.txt
