$BIN/flatdiff - - </dev/null
