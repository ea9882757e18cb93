# A compressed raw file is read through xz -dc; the heading names its ID.
in=$PWD/perfviews-stability-raw.txt; d=$(mktemp -d) && cd "$d" && xz -c "$in" >w-perf-freq99x4-raw.txt.xz && $BIN/perfviews stability --splits 20 --sizes 1,2 w-perf-freq99x4-raw.txt.xz | sed -n '1p;/^| [12] /p'; cd / && rm -rf "$d"
