$BIN/bycategory --rules bycategory-small.rules --each - < bycategory-py311-raw.txt
