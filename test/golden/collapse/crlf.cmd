$BIN/collapse collapse-crlf.txt
