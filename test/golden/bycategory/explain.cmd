$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --explain bycategory-py312.txt bycategory-py311-raw.txt
