$BIN/diffstacks flatdiff-a.txt flatdiff-b.txt | $BIN/flamesvg | grep -o "<title>[^<]*</title><rect [^>]*"
