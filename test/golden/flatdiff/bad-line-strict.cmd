$BIN/flatdiff --strict collapse-badline.txt flatdiff-a.txt
