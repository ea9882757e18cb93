$BIN/bycategory --rules ../../../share/perfviews/cpython.rules flatsort-folded.txt
