$BIN/bycategory --rules ../../../share/perfviews/cpython.rules bycategory-py312.txt
