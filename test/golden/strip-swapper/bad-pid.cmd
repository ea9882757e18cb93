$BIN/strip-swapper --pid 12x collapse-forms.txt
