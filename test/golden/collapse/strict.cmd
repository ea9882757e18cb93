$BIN/collapse --strict collapse-badline.txt
