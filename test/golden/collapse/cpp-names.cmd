$BIN/collapse --period collapse-cpp.txt
