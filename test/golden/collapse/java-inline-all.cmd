$BIN/collapse --period --all collapse-java-inline.txt
