$BIN/flamesvg flamesvg-diff.folded | sed '/^<script/,$d'
