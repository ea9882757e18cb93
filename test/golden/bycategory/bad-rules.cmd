$BIN/bycategory --rules bycategory-bad.rules bycategory-py312.txt
