$BIN/bydso --inline caller forms-orphan.txt
