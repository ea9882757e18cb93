$BIN/flatsort flamesvg-leaf-number.folded
