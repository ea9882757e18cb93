cat flatsort-folded.txt | $BIN/flatsort - flatsort-folded.txt
