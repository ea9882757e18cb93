$BIN/bycategory --rules empty.txt bycategory-py312.txt
