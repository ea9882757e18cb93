$BIN/collapse flamesvg-small.folded
