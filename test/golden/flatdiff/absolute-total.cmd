$BIN/flatdiff --absolute --sort total --min-samples 5 flatdiff-a.txt flatdiff-b.txt
