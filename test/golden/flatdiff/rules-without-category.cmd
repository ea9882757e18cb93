$BIN/flatdiff --rules bycategory-small.rules flatdiff-a.txt flatdiff-b.txt
