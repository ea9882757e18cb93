$BIN/bycategory -f svg --inclusive bycategory-py312.txt
