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
# 4. Recordings at 50 kHz and 100 kHz of python -S -c pass (10 ms): both
#    times in meta.json; distorted, however short the workload: a loud
#    warning and a paragraph in the README, with the figures and what to
#    do; one whose perf record a wrapper makes 3 s slower (on any machine)
#    gets both; one at 1 kHz says nothing.
# 6. The machine's state: meta.json's machine section per run and over
#    the runs, unknown for an older data set; a recording while a busy
#    loop keeps a CPU busy shows a quarter of a CPU more used by others
#    than one without, and its README and make record's end say busy.
# 5. make install PREFIX=..., then the installed perfviews record, views
#    and publish in an empty directory, with no clone.
. "$(dirname "$0")/lib.sh"

needs_perf "recordings"
PY=$(pyenv_python 3.12)
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

# 4. Recordings slowed by their own sampling: python -S -c pass (10 ms of
# CPU) at 50 kHz and at 100 kHz (the design card's ID) with dwarf call
# graphs.  Their wall time says nothing (perf's own start-up, a second or
# more, is in it at 1 kHz too); their samples stand for more CPU than the
# workload uses without perf: 15-19 ms at 50 kHz on this machine, 1.5-1.9
# times, past the rule's 1.25 (its thresholds are unit-tested,
# test_readme).  Each is flagged at the end of make record and in its
# README, with how much (the figures meta.json keeps) and what to do.
for ID in pass-perf-freq50000-nosite pass-perf-freq100000-nosite; do
	if ! "$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" --xz 'xz -0 -T1' "$ID" \
	    >"$TMP/out" 2>"$TMP/err"; then
		fail "a recording of $ID" "$(tail -n 2 "$TMP/err")"
		continue
	fi
	if grep -q '"unprofiled_seconds": [0-9]' "$DATA/$ID-meta.json" &&
	    grep -q '"unprofiled_cpu_seconds": [0-9]' "$DATA/$ID-meta.json" &&
	    grep -q '"profiled_seconds": [0-9]' "$DATA/$ID-meta.json"; then
		pass "$ID: meta.json keeps the times with and without the profiler"
	else
		fail "$ID: meta.json's times with and without the profiler"
	fi
	"$BIN/perfviews" readme "$DATA/$ID-meta.json" >"$TMP/README.md" 2>"$TMP/readme.err"
	hz=${ID#pass-perf-freq}
	hz=${hz%-nosite}
	# What the samples stand for, from meta.json: the warning's figures.
	sampled=$(awk -v hz="$hz" -v total="$("$BIN/perfviews" get "$DATA/$ID-meta.json" samples.total)" \
	    -v lost="$("$BIN/perfviews" get "$DATA/$ID-meta.json" samples.lost)" \
	    'BEGIN { printf "%.3f", (total + lost) / hz }')
	cpu=$("$BIN/perfviews" get "$DATA/$ID-meta.json" timing.unprofiled_cpu_seconds)
	times="samples for $sampled s, $cpu s without perf"
	if grep -q "WARNING: .*$ID-meta.json: the profiler distorted the workload: its samples stand for $sampled s of CPU per run, [0-9.]* times the $cpu s it uses without the profiler.*lower frequency (the HZ of the ID: freq$((hz / 10))).*CALLGRAPH=fp.*more runs at a lower frequency (freq$((hz / 10))x10" "$TMP/err" &&
	    grep -q "^\*\*The profiler distorted this workload\*\*: its samples stand for $sampled s of CPU per run" "$TMP/README.md" &&
	    grep -q "^\*\*The profiler distorted this workload\*\*: .*freq$((hz / 10))x10" "$TMP/views/$ID-README.md"; then
		pass "$ID distorted ($times): the end of make record and the README say how much and what to do"
	else
		fail "$ID distorted ($times)" "warning: $(grep WARNING "$TMP/err" | tail -n 1); README: $(grep -c distorted "$TMP/README.md") lines"
	fi
done
ID=pass-perf-freq50000-nosite
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
if ! grep -q "distorted" "$TMP/README.md" && ! grep -q distorted "$TMP/first.err" &&
    ! grep -q "samples stand for" "$TMP/views/$SLOW-README.md"; then
	pass "recordings at 1 kHz: their samples said to distort nothing"
else
	fail "a recording at 1 kHz" "said distorted"
fi

# 6. The machine's state.  Two recordings of pass at 1 kHz (3 runs, about
# a second each: perf's start-up), the second while a busy loop of ours
# keeps a CPU busy.  What holds on any machine: the busy loop's CPU is
# other processes' to the second, so it shows at least a quarter of a CPU
# more than the first, unless the machine had no CPU to spare in the
# first (make check runs three lanes at once, other users more): then
# that premise is false and the comparison is skipped, saying so.  The
# first is recorded a second time when it was busy (half a CPU or more).
machine_field() { # ID FIELD: its value in $DATA, or ""
	"$BIN/perfviews" get "$DATA/$1-meta.json" "$2"
}
MID=pass-perf-freq1000x3-nosite-_quiet
quiet=
for attempt in 1 2; do
	if ! "$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" --xz 'xz -0 -T1' \
	    --force "$MID" >"$TMP/out" 2>"$TMP/quiet.err"; then
		fail "a recording of $MID" "$(tail -n 2 "$TMP/quiet.err")"
		break
	fi
	quiet=$(machine_field "$MID" machine.other_cpus)
	awk -v q="$quiet" 'BEGIN { exit !(q < 0.5) }' && break
done
cpus=$(machine_field "$MID" host.cpu_count)
per_run=$(machine_field "$MID" machine.other_cpus_per_run)
loads=$(machine_field "$MID" machine.load_per_run)
if [ -n "$quiet" ] && [ -n "$(machine_field "$MID" machine.load_before)" ] &&
    [ -n "$(machine_field "$MID" machine.steal_cpus)" ] &&
    [ "$(echo $per_run | wc -w)" = 3 ] && [ "$(echo $loads | wc -w)" = 3 ] &&
    awk -v m="$(machine_field "$MID" machine.measured_seconds)" \
        -v p="$(machine_field "$MID" timing.record_seconds)" 'BEGIN { exit !(m > 0 && m <= p + 0.1) }' &&
    grep -q "^While it recorded (over [0-9.]* s): load average [0-9.]*, then [0-9.]*; other processes kept $quiet CPUs busy on average; steal [0-9.]* CPUs\.$" \
        "$TMP/views/$MID-README.md"; then
	pass "meta.json keeps the machine's state over the 3 runs and each ($quiet CPUs used by others: $per_run), the README says it in a line"
else
	fail "the machine's state in meta.json" "other_cpus '$quiet', per run '$per_run', loads '$loads'; $(grep -c '^While it recorded' "$TMP/views/$MID-README.md" 2>/dev/null) README lines"
fi
# Its README says busy by the rule, whatever this machine was doing.
if awk -v q="$quiet" 'BEGIN { exit !(q > 0.5) }'; then
	grep -q '^\*\*The machine was busy\*\*: other processes kept' "$TMP/views/$MID-README.md" &&
	    grep -q "WARNING: .*$MID-meta.json: the machine was busy: other processes kept $(printf %.2f "$quiet") CPUs" "$TMP/quiet.err" &&
	    pass "busy without our loop ($quiet CPUs): the README and make record's end say so" ||
	    fail "busy without our loop ($quiet CPUs)" "$(grep -c 'machine was busy' "$TMP/views/$MID-README.md" "$TMP/quiet.err")"
elif awk -v q="$quiet" 'BEGIN { exit !(q < 0.05) }'; then
	! grep -q 'machine was busy' "$TMP/views/$MID-README.md" "$TMP/quiet.err" &&
	    pass "quiet ($quiet CPUs): neither the README nor make record's end says busy" ||
	    fail "quiet ($quiet CPUs)" "said busy"
fi
if [ -z "$quiet" ] || awk -v q="$quiet" -v n="$cpus" 'BEGIN { exit !(q > n - 1) }'; then
	skip "a recording beside a busy loop" "other processes kept ${quiet:-unknown} of the ${cpus:-?} CPUs busy without it: no CPU to spare, so a busy loop would only take its share of theirs"
else
	BID=pass-perf-freq1000x3-nosite-_busy
	timeout 120 sh -c 'while :; do :; done' &
	spin=$!
	AT_EXIT="kill $spin 2>/dev/null; $AT_EXIT"
	sleep 0.5 # running before the first run's mark
	"$BIN/perfviews" record --out "$TMP/views" --data "$DATA" --python "$PY" --xz 'xz -0 -T1' \
	    --force "$BID" >"$TMP/out" 2>"$TMP/busy.err"
	kill "$spin"
	wait "$spin" 2>/dev/null
	busy=$(machine_field "$BID" machine.other_cpus)
	if [ -n "$busy" ] && awk -v b="$busy" -v q="$quiet" 'BEGIN { exit !(b >= q + 0.25) }' &&
	    grep -q "^\*\*The machine was busy\*\*: other processes kept $(printf %.2f "$busy") CPUs busy on average (of $cpus) while it recorded" \
	        "$TMP/views/$BID-README.md" &&
	    [ "$(sed -n 3,5p "$TMP/views/$BID-README.md" | grep -c 'machine was busy')" = 1 ] &&
	    grep -q "WARNING: .*$BID-meta.json: the machine was busy: .*Record again on a quiet machine, or with more runs" "$TMP/busy.err"; then
		pass "beside a busy loop: others used $busy CPUs against $quiet without it; the README's first lines and make record's end say busy"
	else
		fail "beside a busy loop" "others used '$busy' CPUs against $quiet without it; $(grep -c 'machine was busy' "$TMP/views/$BID-README.md" "$TMP/busy.err" 2>&1 | paste -s -d' ' -)"
	fi
fi
# An older data set: no machine section, unknown (not quiet).
OLD=$TOP/examples/pass-perf-freq100000-nosite-meta.json
"$BIN/perfviews" readme "$OLD" >"$TMP/README.md"
if ! grep -q '"machine"' "$OLD" && [ -z "$("$BIN/perfviews" get "$OLD" machine.other_cpus)" ] &&
    grep -q "^The machine's state while it recorded is unknown\.$" "$TMP/README.md" &&
    ! grep -q 'machine was busy' "$TMP/README.md"; then
	pass "an older data set: the machine's state unknown"
else
	fail "an older data set" "$(grep -i machine "$TMP/README.md")"
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
