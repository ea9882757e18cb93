$BIN/flatsort --by sym -f json --limit 3 flatsort-small.txt
