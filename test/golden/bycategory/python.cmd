$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --python bycategory-py312.txt
