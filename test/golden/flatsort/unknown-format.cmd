$BIN/flatsort collapse-binary.txt
