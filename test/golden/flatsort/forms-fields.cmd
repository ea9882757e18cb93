$BIN/flatsort forms-comm-pid-ip-sym.txt
