$BIN/strip-swapper collapse-crlf.txt collapse-crlf.txt
