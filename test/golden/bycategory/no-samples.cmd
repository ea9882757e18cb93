$BIN/bycategory --rules ../../../share/perfviews/cpython.rules empty.txt
