$BIN/flatdiff --all -f csv flatdiff-a.txt flatdiff-b.txt
