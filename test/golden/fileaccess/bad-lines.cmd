$BIN/fileaccess strace-bad.txt
