$BIN/pyprofile --rules ../../../share/perfviews/cpython.rules pyprofile-fp.txt
