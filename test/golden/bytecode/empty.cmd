$BIN/bytecode empty.txt
