$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --each -f svg bycategory-py312.txt bycategory-py311-raw.txt
