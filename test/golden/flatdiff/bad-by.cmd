$BIN/flatdiff --by cat flatdiff-a.txt flatdiff-b.txt
