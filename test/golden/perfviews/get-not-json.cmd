$BIN/perfviews get perfviews-run1.folded id
