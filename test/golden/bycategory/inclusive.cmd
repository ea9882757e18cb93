$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --inclusive bycategory-py312.txt
