$BIN/strip-swapper --tid 17,2034 collapse-forms.txt
