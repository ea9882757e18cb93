env -u PERFVIEWS_RULES $BIN/flatdiff --by category --all -f csv flatdiff-a.txt flatdiff-b.txt
