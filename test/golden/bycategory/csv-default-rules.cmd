env -u PERFVIEWS_RULES $BIN/bycategory -f csv bycategory-py312.txt
