$BIN/collapse --period collapse-rust.txt
