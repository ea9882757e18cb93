$BIN/collapse collapse-forms.txt
