$BIN/perfviews readme --flat perfviews-faults-flat.txt perfviews-faults-meta.json
