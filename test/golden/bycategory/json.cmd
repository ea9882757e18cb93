$BIN/bycategory --rules ../../../share/perfviews/cpython.rules -f json bycategory-py312.txt
