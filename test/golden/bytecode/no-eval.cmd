$BIN/bytecode flatsort-small.txt
