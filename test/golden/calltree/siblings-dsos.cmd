$BIN/calltree --percent-limit 0 calltree-two-starts.txt
