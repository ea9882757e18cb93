$BIN/flamesvg --negate --total 200 flamesvg-diff.folded | sed '/^<script/,$d'
