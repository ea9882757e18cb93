$BIN/strip-swapper --drop-tool collapse-forms.txt
