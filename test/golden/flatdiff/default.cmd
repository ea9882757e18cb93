$BIN/flatdiff flatdiff-a.txt flatdiff-b.txt
