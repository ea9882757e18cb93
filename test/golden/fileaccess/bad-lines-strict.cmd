$BIN/fileaccess --strict strace-bad.txt
