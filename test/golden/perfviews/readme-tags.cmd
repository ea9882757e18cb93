for tags in '[]' null '["nosite"]'; do echo "{\"id\": \"w-perf-freq99\", \"tags\": $tags}" | $BIN/perfviews readme /dev/stdin | grep '^| tags '; done
