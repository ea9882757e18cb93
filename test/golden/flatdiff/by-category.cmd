$BIN/flatdiff --by category --rules ../../../share/perfviews/cpython.rules flatdiff-a.txt flatdiff-b.txt
