$BIN/flatdiff --by dso -f json flatdiff-a.txt flatdiff-b.txt
