$BIN/flamesvg --colors python flamesvg-python.folded | sed '/^<script/,$d'
