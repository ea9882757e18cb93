$BIN/collapse --addrs collapse-forms.txt
