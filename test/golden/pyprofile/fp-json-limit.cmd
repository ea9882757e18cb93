$BIN/pyprofile --rules ../../../share/perfviews/cpython.rules --format json --limit 2 pyprofile-fp.txt
