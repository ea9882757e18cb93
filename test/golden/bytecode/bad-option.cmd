$BIN/bytecode --by opcode flatsort-small.txt
