$BIN/flamesvg --bgcolors '#12345' flamesvg-small.folded
