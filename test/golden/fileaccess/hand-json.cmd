$BIN/fileaccess --format json < strace-hand.txt
