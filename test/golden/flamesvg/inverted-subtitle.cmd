$BIN/flamesvg --inverted --subtitle 'sub <i>' --width 600 --height 20 --fontsize 10 flamesvg-small.folded | sed '/^<script/,$d'
