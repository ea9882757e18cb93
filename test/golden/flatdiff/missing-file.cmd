$BIN/flatdiff flatdiff-a.txt no-such-file.txt
