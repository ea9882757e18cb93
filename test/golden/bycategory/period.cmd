$BIN/bycategory --rules bycategory-small.rules --period -f csv flatsort-small.txt
