$BIN/pyprofile --rules ../../../share/perfviews/cpython.rules --format csv pyprofile-fp.txt
