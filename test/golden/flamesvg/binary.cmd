$BIN/flamesvg binary-elf.bin
