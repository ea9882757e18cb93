$BIN/perfviews stability --splits 20 --sizes 1,2 perfviews-stability-raw.txt
