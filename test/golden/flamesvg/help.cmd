$BIN/flamesvg --help
