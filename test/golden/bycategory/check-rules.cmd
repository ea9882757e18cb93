$BIN/bycategory --rules bycategory-small.rules --check-rules bycategory-py312.txt bycategory-py311-raw.txt
