$BIN/fileaccess strace-hand.txt
