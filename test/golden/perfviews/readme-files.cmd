$BIN/perfviews readme --flat perfviews-faults-flat.txt --files perfviews-files-files.txt perfviews-files-meta.json
