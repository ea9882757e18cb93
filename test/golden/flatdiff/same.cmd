$BIN/flatdiff --all flatdiff-b.txt flatdiff-b.txt
