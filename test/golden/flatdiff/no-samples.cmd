$BIN/flatdiff flatdiff-a.txt empty.txt
