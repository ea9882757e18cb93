$BIN/collapse flatdiff-b.txt | $BIN/flatdiff flatdiff-a.txt -
