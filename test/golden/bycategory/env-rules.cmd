PERFVIEWS_RULES=bycategory-small.rules $BIN/bycategory --top 0 bycategory-py312.txt
