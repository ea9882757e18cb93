$BIN/flamesvg --reverse --minwidth 30% flamesvg-small.folded | sed '/^<script/,$d'
