#!/bin/sh
# t-accidents.sh - what people do by accident to a data set, end to end
# (issue 26): nothing lost, nothing mixed up, nothing distorted unsaid.
#
# 1. Two recordings of one ID at once: the second is refused, naming the
#    holder; the data set the first writes is whole (its runs, its
#    meta.json's counts).
# 2. A raw file cut at several points (the end of the file, a run's end
#    and the next run's start, one sample, mid-line): every reader says
#    which run is not whole (collapse, flatsort, flatdiff, perfviews meta
#    --raw, stability), --strict makes it an error, and the uncut file
#    raises nothing.  A raw file of the old form (no end lines) is read as
#    before, its completeness unknown.
# 3. DATA and OUT on small tmpfs: a recording into 2 MB is refused before
#    it starts, one that fills 17 MB says "No space left on device" and
#    names the disk, make views into 64 KB names the view; nothing is left.
#    make publish into 1 MB names the file it could not copy and leaves
#    no part of one; given room, publishing again ends the job.
# 4. A recording at 50 kHz of python -S -c pass: both times in meta.json;
#    where the rule finds it distorted (on a busy machine), a loud warning
#    and a paragraph in its README, where not, neither; one whose perf
#    record a wrapper makes 3 s slower (on any machine) gets both; one at
#    1 kHz says nothing.
# 5. make install PREFIX=..., then the installed perfviews record, views
#    and publish in an empty directory, with no clone.
. "$(dirname "$0")/lib.sh"

if ! perf_works; then
	skip "recordings" "$PERF_WHY"
	exit 0
fi
PY=$(ls "$HOME"/.pyenv/versions/3.12*/bin/python3.12 2>/dev/null | head -n 1)
PY=${PY:-$PYTHON}
ID=pass-perf-freq1000x3-nosite
DATA=$TMP/data

# 1. Two at once.
"$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" "$ID" \
    >"$TMP/first.out" 2>"$TMP/first.err" &
first=$!
# The second starts once the first holds the lock (its run 1 began).
n=0
while [ ! -e "$DATA/.$ID.lock" ] && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
if "$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" "$ID" \
    >"$TMP/second.out" 2>"$TMP/second.err"; then
	fail "a second recording of one ID at once" "succeeded"
elif grep -q "is being recorded into .* already, by pid $first since " \
    "$TMP/second.err"; then
	pass "a second recording of one ID at once is refused, naming pid $first"
else
	fail "a second recording of one ID at once" "$(head -n 1 "$TMP/second.err")"
fi
if wait $first; then
	pass "the first recording ends well"
else
	fail "the first recording" "$(tail -n 2 "$TMP/first.err")"
fi
RAW=$DATA/$ID-raw.txt.xz
xz -dc "$RAW" >"$TMP/raw.txt"
# Whole: three runs, each with its end line, whose counts meta.json keeps.
ends=$(grep -c '^# perfviews end of run [123]/3: [0-9]* samples$' "$TMP/raw.txt")
per_run=$(sed -n 's/^# perfviews end of run .*: \([0-9]*\) samples$/\1/p' \
    "$TMP/raw.txt" | paste -sd, - | sed 's/,/, /g')
if [ "$ends" = 3 ] && grep -q "\"per_run\": \[$per_run\]" "$DATA/$ID-meta.json" &&
    grep -q '"runs_whole": "whole"' "$DATA/$ID-meta.json" &&
    ! grep -q '"per_run": \[[^]]*\b0\b' "$DATA/$ID-meta.json"; then
	pass "the data set is whole: 3 end lines, per_run [$per_run] in meta.json"
else
	fail "the data set after two recordings at once" \
	    "$ends end lines, per_run [$per_run]: $(grep per_run "$DATA/$ID-meta.json")"
fi
if [ -z "$(ls -A "$DATA" | grep -v "^$ID-\(raw.txt.xz\|meta.json\)$")" ]; then
	pass "nothing else left in DATA (no lock, no hidden directory)"
else
	fail "left in DATA" "$(ls -A "$DATA" | tr '\n' ' ')"
fi

# 2. Cuts.  Each keeps the runs' text around the cut.
"$PYTHON" - "$TMP/raw.txt" "$TMP" <<'PY'
import sys
text = open(sys.argv[1]).read()
out = sys.argv[2]
def at(s, start=0):
    return text.index(s, start)
end1 = at("# perfviews end of run 1/3")
start2 = at("# perfviews run 2/3")
start3 = at("# perfviews run 3/3")
# a sample of run 2 (the first after its start line) dropped
s = at("\n\n", start2) + 2
e = at("\n\n", s) + 2
cuts = {
    "end": text[: start3 + (len(text) - start3) // 2],
    "splice": text[: end1 - 200] + text[at("\n", start2 + 300) + 1 :],
    "sample": text[:s] + text[e:],
    "midline": text[: at("\n", at("\n", start2) + 1) - 5] + text[start3:],
}
for name, t in cuts.items():
    open(f"{out}/cut-{name}.txt", "w").write(t)
PY
for cut in end splice sample midline; do
	f=$TMP/cut-$cut.txt
	for reader in collapse flatsort "perfviews meta --raw"; do
		case $reader in
		perfviews*) cmd="$BIN/perfviews meta --raw $f $ID" ;;
		*) cmd="$BIN/$reader $f" ;;
		esac
		if $cmd >/dev/null 2>"$TMP/err" &&
		    grep -q "WARNING: .*cut-$cut.txt:[0-9]*: run [123]/3 .*not whole" "$TMP/err"; then
			pass "$reader, cut at $cut: a loud warning names the run"
		else
			fail "$reader, cut at $cut" "$(head -n 2 "$TMP/err")"
		fi
		case $reader in
		perfviews*) cmd="$BIN/perfviews meta --strict --raw $f $ID" ;;
		*) cmd="$BIN/$reader --strict $f" ;;
		esac
		if $cmd >/dev/null 2>"$TMP/err"; then
			fail "$reader --strict, cut at $cut" "succeeded"
		elif grep -q "cut-$cut.txt:[0-9]*: " "$TMP/err"; then
			# the run not whole, or a line cut before it
			pass "$reader --strict, cut at $cut: an error, at the line"
		else
			fail "$reader --strict, cut at $cut" "$(head -n 2 "$TMP/err")"
		fi
	done
	if "$BIN/perfviews" meta --raw "$f" "$ID" 2>/dev/null |
	    grep -q '"runs_whole": "not whole"'; then
		pass "perfviews meta --raw, cut at $cut: runs_whole is \"not whole\""
	else
		fail "perfviews meta --raw, cut at $cut" "runs_whole not \"not whole\""
	fi
	if "$BIN/flatdiff" "$TMP/raw.txt" "$f" >/dev/null 2>"$TMP/err" &&
	    grep -q "WARNING: .*cut-$cut.txt:[0-9]*: run [123]/3 .*not whole" "$TMP/err"; then
		pass "flatdiff, cut at $cut: a loud warning"
	else
		fail "flatdiff, cut at $cut" "$(head -n 2 "$TMP/err")"
	fi
	if "$BIN/perfviews" stability "$f" >/dev/null 2>"$TMP/err"; then
		fail "perfviews stability, cut at $cut" "succeeded"
	elif grep -q "not whole" "$TMP/err"; then
		pass "perfviews stability, cut at $cut: an error (runs are its data)"
	else
		fail "perfviews stability, cut at $cut" "$(head -n 2 "$TMP/err")"
	fi
done
for reader in collapse flatsort "perfviews meta --raw"; do
	case $reader in
	perfviews*) cmd="$BIN/perfviews meta --strict --raw $TMP/raw.txt $ID" ;;
	*) cmd="$BIN/$reader --strict $TMP/raw.txt" ;;
	esac
	if $cmd >/dev/null 2>"$TMP/err" && [ ! -s "$TMP/err" ]; then
		pass "$reader --strict, uncut: silent"
	else
		fail "$reader --strict, uncut" "$(head -n 2 "$TMP/err")"
	fi
done
# The old form: start lines alone.
grep -v '^# perfviews end of run' "$TMP/raw.txt" |
    sed 's/^\(# perfviews run [0-9]*\/[0-9]*\) (an end line follows)$/\1/' >"$TMP/old.txt"
if "$BIN/flatsort" --strict "$TMP/old.txt" >/dev/null 2>"$TMP/err" &&
    [ ! -s "$TMP/err" ] &&
    "$BIN/perfviews" meta --raw "$TMP/old.txt" "$ID" | grep -q '"runs_whole": "unknown"'; then
	pass "a raw file of the old form is read as before, completeness unknown"
else
	fail "a raw file of the old form" "$(head -n 2 "$TMP/err")"
fi

# 3. Full disks: DATA and OUT on small tmpfs (mount needs root).
full_disks() {
	if "$BIN/perfviews" record --out "$TMP/views" --data "$MNT/data" --python "$PY" "$ID" \
	    >/dev/null 2>"$TMP/err"; then
		fail "a recording into 2 MB" "succeeded"
	elif grep -q "$MNT/data: no space to record: 2.0 MB free on $MNT (tmpfs); .*16 MB at the least" "$TMP/err" &&
	    { [ ! -e "$MNT/data" ] || [ -z "$(ls -A "$MNT/data")" ]; }; then
		pass "a recording into 2 MB is refused before it starts, naming the disk and the space it needs"
	else
		fail "a recording into 2 MB" "$(head -n 2 "$TMP/err")"
	fi
	umount "$MNT"
	# Room for the check, not for the recording: the workload fills the
	# disk itself (a file beside DATA, up to ENOSPC), so the disk fills
	# during the recording however small its samples are on this machine.
	mount -t tmpfs -o size=17m tmpfs "$MNT"
	cat >"$TMP/fill.py" <<-'EOF'
	import sys
	with open(sys.argv[1], "wb") as f:
	    try:
	        while True:
	            f.write(bytes(1 << 16))
	            f.flush()
	    except OSError:
	        pass
	for i in range(300000):
	    pass
	EOF
	if "$BIN/perfviews" record --out "$TMP/views" --data "$MNT/data" \
	    --cmd "$PY $TMP/fill.py $MNT/filler" loop-perf-freq10000x2 \
	    >/dev/null 2>"$TMP/err"; then
		fail "a recording that fills its disk" "succeeded, $(df -k "$MNT" | awk 'NR == 2 { print $4 }') KB free on $MNT"
	elif grep -q "No space left on device" "$TMP/err" &&
	    grep -q "$MNT/data: No space left on device? [0-9]* KB free on $MNT (tmpfs)" "$TMP/err" &&
	    { [ ! -e "$MNT/data" ] || [ -z "$(ls -A "$MNT/data")" ]; }; then
		pass "a recording that fills its disk says so, naming the disk, and leaves nothing"
	else
		fail "a recording that fills its disk" "$(cat "$TMP/err" | head -n 6)"
	fi
	umount "$MNT"
	mount -t tmpfs -o size=64k tmpfs "$MNT"
	if make -C "$TOP" --no-print-directory views ID=pass-perf-freq50000-nosite \
	    OUT="$MNT/out" >/dev/null 2>"$TMP/err"; then
		fail "make views into 64 KB" "succeeded"
	elif grep -q "stdout $MNT/out/pass-perf-freq50000-nosite-[a-z]*\.[a-z]*\.tmp: write error: No space left on device" "$TMP/err" &&
	    [ -z "$(ls "$MNT/out" | grep -v '^pass-perf-freq50000-nosite-[a-z]*\.[a-z]*$')" ]; then
		pass "make views into 64 KB names the view it could not write, and leaves no part of it"
	else
		fail "make views into 64 KB" "$(head -n 2 "$TMP/err")"
	fi
	umount "$MNT"
	# Publishing into a disk that fills up: the file named, no part of a
	# file left; with room again, publishing again finishes the job.
	mount -t tmpfs -o size=1m tmpfs "$MNT"
	mkdir -p "$TMP/nodata"
	pub="make -C $TOP --no-print-directory publish EXAMPLE=1 DATA=$TMP/nodata OUT=$TMP/pubout DEST=$MNT/dest"
	if $pub >/dev/null 2>"$TMP/err"; then
		fail "make publish into 1 MB" "succeeded"
	elif grep -q "^perfviews: $MNT/dest/[^ ]*: No space left on device (publishing stopped; publish again once" "$TMP/err" &&
	    [ -z "$(ls -A "$MNT/dest" | grep '^\.')" ] &&
	    mount -o remount,size=64m "$MNT" && $pub >"$TMP/out" 2>"$TMP/err" &&
	    grep -q "published to $MNT/dest: [1-9][0-9]* file(s) copied, [1-9][0-9]* already there" "$TMP/out" &&
	    [ -s "$MNT/dest/README.md" ] && [ -s "$MNT/dest/.perfviews-published" ]; then
		pass "make publish into a disk that fills names the file, leaves no part of one; published again with room, it ends the job ($(tail -n 1 "$TMP/out"))"
	else
		fail "make publish into a disk that fills" "$(head -n 2 "$TMP/err")"
	fi
	umount "$MNT"
}
MNT=$TMP/mnt
mkdir -p "$MNT"
if mount -t tmpfs -o size=2m tmpfs "$MNT" 2>"$TMP/err"; then
	AT_EXIT="umount '$MNT' 2>/dev/null; $AT_EXIT"
	full_disks
else
	skip "full disks" "cannot mount a tmpfs: $(head -n 1 "$TMP/err")"
fi

# 4. A recording slowed by its own sampling: python -S -c pass (20 ms) at
# 50 kHz with dwarf call graphs.  How much it is slowed depends on the
# machine (seconds a run on a busy one, less on an idle one), so what holds
# for any recording is checked: both times are kept, and the end of make
# record and the README agree with the rule readme_distortion applies to
# them (its thresholds are unit-tested, test_readme): when it warns, the
# warning says how much and what to do, and the README says so too; when it
# does not, neither does.
ID=pass-perf-freq50000-nosite
if "$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" --xz 'xz -0 -T1' "$ID" \
    >"$TMP/out" 2>"$TMP/err"; then
	pass "a recording at 50 kHz"
else
	fail "a recording at 50 kHz" "$(tail -n 2 "$TMP/err")"
fi
if grep -q '"unprofiled_seconds": [0-9]' "$DATA/$ID-meta.json" &&
    grep -q '"unprofiled_cpu_seconds": [0-9]' "$DATA/$ID-meta.json" &&
    grep -q '"profiled_seconds": [0-9]' "$DATA/$ID-meta.json"; then
	pass "meta.json keeps the times with and without the profiler"
else
	fail "meta.json's times with and without the profiler"
fi
"$BIN/perfviews" readme "$DATA/$ID-meta.json" >"$TMP/README.md" 2>"$TMP/readme.err"
times=$(grep -o '"[a-z_]*profiled[a-z_]*_seconds": [0-9][0-9.]*' "$DATA/$ID-meta.json" | paste -s -d' ' -)
if grep -q "WARNING: .*$ID-meta.json: the profiler distorted the workload" "$TMP/err"; then
	if grep -q "WARNING: .*$ID-meta.json: the profiler distorted the workload: .*times the .* without the profiler.*lower frequency.*frame-pointer" "$TMP/err" &&
	    grep -q '^\*\*The profiler distorted this workload\*\*: .*times the' "$TMP/README.md"; then
		pass "distorted ($times): a loud warning and the README say how much and what to do"
	else
		fail "distorted ($times)" "warning: $(grep WARNING "$TMP/err" | tail -n 1); README: $(grep -c distorted "$TMP/README.md") lines"
	fi
elif grep -q "distorted" "$TMP/README.md"; then
	fail "not distorted ($times)" "the README says it is, make record did not"
else
	pass "not distorted on this machine ($times): neither the end of make record nor the README says so"
fi
# A run slowed many times, whatever the machine: perf record made 3 s
# slower by a wrapper (as a livelocking sampling rate slows it), the
# workload itself as fast as ever.  The warning and the README say so.
SLOW=pass-perf-freq1000-nosite
printf '#!/bin/sh\n[ "$1" = record ] && sleep 3\nexec perf "$@"\n' >"$TMP/slow-perf"
chmod +x "$TMP/slow-perf"
if "$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" --xz 'xz -0 -T1' \
    --perf "$TMP/slow-perf" "$SLOW" >"$TMP/out" 2>"$TMP/err" &&
    grep -q "WARNING: .*$SLOW-meta.json: the profiler distorted the workload: a profiled run took [0-9.]* s, [0-9]* times the [0-9.]* s of a run without the profiler.*lower frequency" "$TMP/err" &&
    grep -q '^\*\*The profiler distorted this workload\*\*: a profiled run took' "$TMP/views/$SLOW-README.md"; then
	pass "a run made 3 s slower: the end of make record and the README say how much and what to do"
else
	fail "a run made 3 s slower" "$(grep -c WARNING "$TMP/err") warnings; README: $(grep -c distorted "$TMP/views/$SLOW-README.md" 2>/dev/null) lines; $(tail -n 1 "$TMP/err")"
fi
# One at 1 kHz is not distorted: nothing said.
"$BIN/perfviews" readme "$DATA/pass-perf-freq1000x3-nosite-meta.json" >"$TMP/README.md"
if ! grep -q "distorted" "$TMP/README.md" && ! grep -q distorted "$TMP/first.err"; then
	pass "a recording at 1 kHz says nothing of distortion"
else
	fail "a recording at 1 kHz" "said distorted"
fi

# 5. Installed, away from the clone: make install PREFIX, then record,
# views and publish in an empty directory.
PREFIX=$TMP/prefix
if ! make -C "$TOP" --no-print-directory install PREFIX="$PREFIX" >"$TMP/out" 2>&1; then
	fail "make install PREFIX=..." "$(tail -n 2 "$TMP/out")"
	exit 0
fi
mkdir "$TMP/empty"
ID=pass-perf-freq1000-nosite
VIEWS="README.md bydso.txt calltree.txt categories.svg categories.txt flamegraph.svg flat.txt folded.txt"
all_views() { # DIR: every view of $ID there, not empty
	for v in $VIEWS; do [ -s "$1/$ID-$v" ] || return 1; done
}
if (cd "$TMP/empty" && PATH=/usr/bin:/bin "$PREFIX/bin/perfviews" record --python "$PY" $ID) \
    >"$TMP/out" 2>"$TMP/err" && all_views "$TMP/empty/out" &&
    [ -s "$TMP/empty/data/$ID-raw.txt.xz" ] &&
    grep -q "rendered the views of $ID into out/" "$TMP/out"; then
	pass "installed perfviews record, in an empty directory: data/ and every view in out/"
else
	fail "installed perfviews record" "$(tail -n 2 "$TMP/err")"
fi
rm -rf "$TMP/empty/out"
if (cd "$TMP/empty" && "$PREFIX/bin/perfviews" views --out views $ID) >"$TMP/out" 2>"$TMP/err" &&
    all_views "$TMP/empty/views"; then
	pass "installed perfviews views ID writes every view"
else
	fail "installed perfviews views" "$(tail -n 2 "$TMP/err")"
fi
if (cd "$TMP/empty" && "$PREFIX/bin/perfviews" publish pub) >"$TMP/out" 2>"$TMP/err" &&
    all_views "$TMP/empty/pub" && [ -s "$TMP/empty/pub/README.md" ] &&
    grep -q "$ID" "$TMP/empty/pub/README.md"; then
	pass "installed perfviews publish renders and copies, with its index"
else
	fail "installed perfviews publish" "$(tail -n 2 "$TMP/err")"
fi
