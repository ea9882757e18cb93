$BIN/strip-swapper flamesvg-small.folded
