$BIN/diffstacks -f csv flatdiff-a.txt flatdiff-b.txt
