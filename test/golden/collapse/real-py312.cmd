$BIN/collapse collapse-real-py312.txt
