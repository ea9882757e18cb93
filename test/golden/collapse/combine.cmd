$BIN/collapse collapse-crlf.txt collapse-forms.txt - < collapse-crlf.txt
