$BIN/flatsort no-such-file.txt
