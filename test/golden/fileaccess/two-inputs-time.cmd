$BIN/fileaccess --sort time -n 5 strace-real-py312.txt strace-hand.txt
