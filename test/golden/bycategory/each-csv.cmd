$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --each -f csv --label 'py 3.12, shared' bycategory-py312.txt bycategory-py311-raw.txt
