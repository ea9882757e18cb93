$BIN/flatdiff --force --limit 2 flatdiff-a.txt flatdiff-cycles.txt
