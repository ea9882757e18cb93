$BIN/flatdiff --by category --rules bycategory-bad.rules flatdiff-a.txt flatdiff-b.txt
