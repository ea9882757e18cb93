$BIN/fileaccess --format csv strace-hand.txt
