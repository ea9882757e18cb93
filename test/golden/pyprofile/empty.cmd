$BIN/pyprofile --rules ../../../share/perfviews/cpython.rules empty.txt
