$BIN/flamesvg --strict flamesvg-text.folded | sed '/^<script/,$d'
