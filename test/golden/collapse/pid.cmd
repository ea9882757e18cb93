$BIN/collapse --pid collapse-forms.txt
