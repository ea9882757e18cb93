# What each view's program is given, by data set: time (a Python), faults, files.
echo '{"id": "w-perf-freq99", "tags": ["xperf"], "python": {"version": "3.12.1"}}' >/tmp/pv-python-meta.$$
echo '{"id": "w-perf-freq99"}' >/tmp/pv-plain-meta.$$
for meta in /tmp/pv-plain-meta.$$ /tmp/pv-python-meta.$$ perfviews-faults-meta.json perfviews-files-meta.json; do
	for view in folded flat calltree bydso callers flamegraph files stability; do
		printf '%s: ' $view; $BIN/perfviews readme --options $view $meta
	done
done | sed "s/\.$$//"
$BIN/perfviews readme --options svg perfviews-faults-meta.json; echo "exit $?"
rm -f /tmp/pv-python-meta.$$ /tmp/pv-plain-meta.$$
