$BIN/flamesvg --title "leaf number" flamesvg-leaf-number.folded | grep -o "<title>[^<]*"
