$BIN/fileaccess empty.txt
