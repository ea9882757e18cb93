$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --inline caller --top 1 bycategory-py312.txt
