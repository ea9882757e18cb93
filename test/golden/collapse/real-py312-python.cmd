$BIN/collapse --python --all collapse-real-py312.txt
