$BIN/diffstacks --absolute --min-samples 5 flatdiff-a.txt flatdiff-b.txt
