$BIN/flamesvg --colors nope flamesvg-small.folded
