$BIN/flatdiff --limit 1 collapse-badline.txt flatdiff-a.txt
