$BIN/flatsort collapse-java-inline.txt
