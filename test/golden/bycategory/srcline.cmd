$BIN/bycategory --srcline bycategory-py312.txt
