cat flatdiff-b.txt | $BIN/flatdiff flatdiff-a.txt - | head -n 8
