$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --each -f json bycategory-py312.txt bycategory-py311-raw.txt
