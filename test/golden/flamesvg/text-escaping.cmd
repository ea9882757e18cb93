$BIN/flamesvg --title '<b>&amp;"x"' --notes 'a -- b <c>' flamesvg-text.folded | sed '/^<script/,$d'
