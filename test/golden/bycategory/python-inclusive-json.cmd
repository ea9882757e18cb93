$BIN/bycategory --rules ../../../share/perfviews/cpython.rules --python --inclusive -f json --top 1 bycategory-py312.txt
