$BIN/flatdiff --by category --rules bycategory-small.rules --sort total -f json bycategory-py311-raw.txt bycategory-py312.txt
