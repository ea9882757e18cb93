$BIN/strip-swapper --drop-comm "^Web" --drop-comm "^java$" collapse-forms.txt
