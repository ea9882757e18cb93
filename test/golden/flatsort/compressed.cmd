$BIN/flatsort folded.txt.xz
