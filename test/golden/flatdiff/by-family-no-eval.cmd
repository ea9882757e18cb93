$BIN/flatdiff --by family flatdiff-a.txt flatdiff-b.txt
