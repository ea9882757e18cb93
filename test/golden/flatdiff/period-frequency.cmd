$BIN/flatdiff --period flatdiff-a.txt flatsort-small.txt
