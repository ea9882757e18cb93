$BIN/flamesvg --width 150 --countname 'calls to malloc' flamesvg-small.folded | sed -n '/<title>all /p'
