$BIN/pyprofile --rules ../../../share/perfviews/cpython.rules --folded pyprofile-fp.txt
