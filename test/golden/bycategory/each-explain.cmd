$BIN/bycategory --each --explain bycategory-py312.txt
