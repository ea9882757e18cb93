$BIN/pyprofile --rules ../../../share/perfviews/cpython.rules pyprofile-cut.txt
