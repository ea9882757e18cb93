$BIN/flamesvg flamesvg-small.folded | sed '/^<script/,$d'
