$BIN/flamesvg --minwidth abc flamesvg-small.folded
