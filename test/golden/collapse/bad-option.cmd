$BIN/collapse --no-such-option collapse-forms.txt
