$BIN/collapse --period --demangle collapse-rust.txt
