$BIN/flatdiff flatdiff-a.txt
