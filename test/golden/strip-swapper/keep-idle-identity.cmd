$BIN/strip-swapper --keep-idle collapse-forms.txt
