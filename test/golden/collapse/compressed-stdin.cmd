$BIN/collapse < folded.txt.xz
