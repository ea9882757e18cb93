$BIN/collapse --tid collapse-forms.txt
