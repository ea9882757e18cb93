$BIN/collapse --all collapse-forms.txt
