$BIN/perfviews stability --splits 4 --sizes 1,2 perfviews-stability-raw.txt | grep '^| [12] '
