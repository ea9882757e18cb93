$BIN/bydso forms-comm-pid-ip-sym.txt
