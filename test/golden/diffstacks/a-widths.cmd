$BIN/diffstacks --a-widths flatdiff-a.txt flatdiff-b.txt
