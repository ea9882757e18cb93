$BIN/collapse --period --kernel collapse-vmlinux.txt
