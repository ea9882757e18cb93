$BIN/collapse --all forms-srcline-inlined.txt
