env -u PERFVIEWS_RULES $BIN/flatdiff --by category -f json flatdiff-a.txt flatdiff-b.txt
