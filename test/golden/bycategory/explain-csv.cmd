$BIN/bycategory --rules bycategory-small.rules --explain -f csv bycategory-py312.txt
