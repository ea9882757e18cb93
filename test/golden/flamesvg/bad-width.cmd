$BIN/flamesvg --width 20 flamesvg-small.folded
