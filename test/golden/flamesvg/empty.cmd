$BIN/flamesvg flamesvg-empty.folded
