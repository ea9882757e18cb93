$BIN/bycategory --rules no-such.rules bycategory-py312.txt
