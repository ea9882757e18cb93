$BIN/strip-swapper --comm "(" collapse-forms.txt
