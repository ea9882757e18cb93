$BIN/collapse --pid forms-comm-pid-ip-sym.txt
