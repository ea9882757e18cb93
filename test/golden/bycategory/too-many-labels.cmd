$BIN/bycategory --label a --label b bycategory-py312.txt
