$BIN/strip-swapper --comm "^python" collapse-forms.txt
