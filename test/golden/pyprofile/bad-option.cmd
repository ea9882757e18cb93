$BIN/pyprofile --top 0 --nosuchoption pyprofile-fp.txt
