$BIN/flatdiff --by category --rules no-such.rules flatdiff-a.txt flatdiff-b.txt
