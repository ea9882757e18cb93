$BIN/flamesvg --flamechart --countname bytes --nametype Frame: flamesvg-small.folded flamesvg-small.folded | sed '/^<script/,$d'
