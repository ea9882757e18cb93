$BIN/diffstacks flatdiff-a.txt flatdiff-b.txt
