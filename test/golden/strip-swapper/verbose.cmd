$BIN/strip-swapper -v --drop-tool collapse-forms.txt
