$BIN/collapse --period collapse-forms.txt
