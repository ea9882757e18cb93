$BIN/diffstacks --a-widths flatdiff-a.txt flatdiff-b.txt | $BIN/flamesvg | grep -o "<title>[^<]*</title><rect [^>]*"
