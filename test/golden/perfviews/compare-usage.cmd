$BIN/perfviews compare only-one-raw.txt
