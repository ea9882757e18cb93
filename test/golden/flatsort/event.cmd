$BIN/flatsort --event page-faults flatsort-small.txt
