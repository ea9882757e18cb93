$BIN/collapse forms-comm-ip-sym.txt
