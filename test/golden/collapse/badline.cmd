$BIN/collapse collapse-badline.txt
