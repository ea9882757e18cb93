$BIN/flatdiff --fdr 0 flatdiff-a.txt flatdiff-b.txt
