$BIN/fileaccess --sort size strace-hand.txt
