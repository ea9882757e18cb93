$BIN/bydso --inclusive --percent-limit 30 flatsort-small.txt
