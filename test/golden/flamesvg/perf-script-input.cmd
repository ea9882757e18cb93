printf 'perf 1 [000] 1.0: 1 cycles:\n\tffff sym (dso)\n' | $BIN/flamesvg
