$BIN/strip-swapper collapse-forms.txt
