$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --python --check-rules bycategory-py312.txt
