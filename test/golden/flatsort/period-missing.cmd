$BIN/flatsort --period forms-comm-pid-ip-sym.txt
