$BIN/fileaccess flatsort-small.txt
