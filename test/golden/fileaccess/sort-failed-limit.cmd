$BIN/fileaccess --sort failed --limit 3 strace-hand.txt
