$BIN/fileaccess strace-real-py312.txt
