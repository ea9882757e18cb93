$BIN/flatdiff flatdiff-a.txt flatdiff-cycles.txt
