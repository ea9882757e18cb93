$BIN/collapse --period collapse-java-inline.txt
