for m in perfviews-faults-meta.json perfviews-files-meta.json; do $BIN/perfviews readme --subtitle $m; done
