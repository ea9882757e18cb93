$BIN/diffstacks no-such-file.txt flatdiff-b.txt
