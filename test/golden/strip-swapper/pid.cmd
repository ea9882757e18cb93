$BIN/strip-swapper --pid 2501 collapse-forms.txt
