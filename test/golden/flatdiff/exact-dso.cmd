$BIN/flatdiff --exact-dso --limit 3 flatdiff-a.txt flatdiff-b.txt
