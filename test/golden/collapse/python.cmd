$BIN/collapse --python collapse-forms.txt
