$BIN/calltree --inverted --percent-limit 0 calltree-two-starts.txt
