#!/bin/sh
# t-forms.sh - every form of perf script text, from one real recording.
#
# Records a C workload twice (without call chains, and with -g), then for
# each of many `perf script` field selections and options checks that
#   - collapse --strict (a bad line is fatal) reads as many samples as perf
#     recorded (perf report --stats);
#   - where the selection keeps symbols, flatsort's five top self functions
#     have the sample counts `perf report --no-children -n` gives them;
# and that -F ip,sym (no field that starts a sample) is one clear error;
# SKIP, with the reason, where perf cannot record.
. "$(dirname "$0")/lib.sh"

needs_perf "forms"
if ! cc -O0 -g -fno-omit-frame-pointer -o "$TMP/work" \
    "$TOP/test/workloads/calltree_work.c" 2>"$TMP/cc.err"; then
	skip "forms" "cannot compile: $(head -n 1 "$TMP/cc.err")"
	exit 0
fi

# Each selection: perf script options, then whether symbols are kept.
SELECTIONS='default||sym
comm,pid,ip,sym|-F comm,pid,ip,sym|sym
comm,tid,ip,sym,dso|-F comm,tid,ip,sym,dso|sym
comm,ip,sym|-F comm,ip,sym|sym
comm,tid,ip|-F comm,tid,ip|-
comm,pid,time|-F comm,pid,time|-
pid,time,event,ip,sym,symoff|-F pid,time,event,ip,sym,symoff|sym
+pid|-F +pid|sym
-comm|-F -comm|sym
-tid|-F -tid|sym
-time|-F -time|sym
+cpu|-F +cpu|sym
-period|-F -period|sym
-event|-F -event|sym
-dso|-F -dso|sym
-ip|-F -ip|-
+srcline|-F +srcline|sym
+addr|-F +addr|sym
--ns|--ns|sym
--reltime|--reltime|sym
--header|--header|sym
--show-mmap-events|--show-mmap-events|sym
+cpu,-event --ns --show-mmap-events|-F +cpu,-event --ns --show-mmap-events|sym'

# top5 FILE: "count name" of the first five names of a perf report -n,
# each name's count summed over its rows: a recording may hold two
# functions of one name (_start of ld.so and of the program), which perf
# shows apart and the views without a DSO column cannot.
top5() {
	awk '/^#/ || NF < 4 { next }
	    { name = $4; for (i = 5; i <= NF; i++) name = name " " $i
	      if (name ~ /^0x[0-9a-f]+$/) next
	      if (!(name in count)) order[++n] = name
	      count[name] += $2 }
	    END { for (i = 1; i <= n && i <= 5; i++) print count[order[i]], order[i] }' "$1"
}

for mode in plain callchain; do
	case $mode in plain) g= ;; callchain) g=-g ;; esac
	data=$TMP/$mode.data
	if ! perf record -q -e cpu-clock -F 4000 --sample-cpu -d $g \
	    -o "$data" "$TMP/work" 60000000 >/dev/null 2>"$TMP/rec.err"; then
		skip "$mode" "perf record failed: $(head -n 1 "$TMP/rec.err")"
		continue
	fi
	want=$(perf report -i "$data" --stats 2>/dev/null |
	    awk '/SAMPLE events:/ { print $3; exit }')
	perf report -i "$data" --stdio -n -g none --no-children --sort sym \
	    2>/dev/null >"$TMP/report"
	top5 "$TMP/report" >"$TMP/perf.top"
	echo "$SELECTIONS" | while IFS='|' read -r name opts syms; do
		t="$mode $name"
		# shellcheck disable=SC2086
		if ! perf script -i "$data" $opts >"$TMP/s.txt" 2>"$TMP/s.err"
		then
			skip "$t" "perf script $opts: $(head -n 1 "$TMP/s.err")"
			continue
		fi
		"$BIN/collapse" --strict "$TMP/s.txt" >"$TMP/folded" \
		    2>"$TMP/c.err"
		status=$?
		got=$(awk '{ s += $NF } END { print s + 0 }' "$TMP/folded")
		if [ $status -eq 0 ] && [ "$got" = "$want" ]; then
			pass "$t: collapse reads $got samples"
		else
			fail "$t" "collapse read $got of $want samples: $(head -n 2 "$TMP/c.err" | paste -s -d' ' -)"
		fi
		"$BIN/flatsort" -f csv "$TMP/s.txt" >"$TMP/flat.csv" \
		    2>"$TMP/f.err"
		status=$?
		[ "$syms" = sym ] || continue
		if [ $status -ne 0 ]; then
			fail "$t: flatsort" "exit $status: $(head -n 1 "$TMP/f.err")"
			continue
		fi
		# Our count of each of perf's top five, by name.
		awk -F, 'NR == FNR { if (FNR > 1) n[$6] += $2; next }
		    { name = $0; sub(/^[0-9]+ /, "", name)
		      print (name in n ? n[name] : "missing"), name }' \
		    "$TMP/flat.csv" "$TMP/perf.top" >"$TMP/ours.top"
		if cmp -s "$TMP/perf.top" "$TMP/ours.top"; then
			pass "$t: flatsort's top functions as perf report's"
		else
			fail "$t: flatsort" "top functions differ from perf report's"
			paste -d'|' "$TMP/perf.top" "$TMP/ours.top" | head -n 5 |
			    sed 's/^/    perf|ours: /'
		fi
	done
	# No field that starts a sample: one clear error, nothing written.
	t="$mode ip,sym"
	perf script -i "$data" -F ip,sym >"$TMP/s.txt" 2>/dev/null
	"$BIN/collapse" "$TMP/s.txt" >"$TMP/folded" 2>"$TMP/c.err"
	status=$?
	if [ $status -eq 1 ] && [ ! -s "$TMP/folded" ] &&
	    [ "$(wc -l <"$TMP/c.err")" -eq 1 ] &&
	    grep -q ':[0-9]*: frame lines with no sample header: .*-F comm' \
	    "$TMP/c.err"; then
		pass "$t: one error naming the fields to add"
	else
		fail "$t" "exit $status, $(wc -l <"$TMP/c.err") lines: $(head -n 1 "$TMP/c.err")"
	fi
done

# Dwarf call chains of Python 3.12: perf prints "(inlined)" for functions
# whose debug name is not their symbol (__GI___libc_free), at an address
# of their own.  bydso must give their samples to the DSO perf report
# gives them to (within 0.2 points), not to the caller's.
PY312=${PY312:-$(pyenv_python 3.12)}
[ -n "$PY312" ] || PY312=$(command -v python3.12 || true)
if [ -z "$PY312" ]; then
	skip "dwarf" "no Python 3.12 (set PY312)"
	exit 0
fi
if ! perf record -q -e cpu-clock -F 4000 --call-graph dwarf \
    -o "$TMP/dwarf.data" "$PY312" -c '
import json
for i in range(2000):
    a = [bytes(1000) for _ in range(200)]
    s = json.dumps({"k": list(range(50)), "s": "x" * 100})
    del a' >/dev/null 2>"$TMP/rec.err"; then
	skip "dwarf" "perf record failed: $(head -n 1 "$TMP/rec.err")"
	exit 0
fi
perf script -i "$TMP/dwarf.data" >"$TMP/dwarf.txt" 2>/dev/null
perf report -i "$TMP/dwarf.data" --stdio -g none --no-children --sort dso \
    2>/dev/null >"$TMP/dso.report"
"$BIN/bydso" --period --inline caller --depth 1 -f csv "$TMP/dwarf.txt" \
    >"$TMP/dso.csv" 2>"$TMP/dso.err"
if out=$(awk -F, 'NR == FNR { if (FNR > 1 && $1 == 0) ours[$4] = $2; next }
    /^#/ || !/%/ { next }
    { split($0, f, " "); share = f[1]; sub(/%/, "", share); name = f[2]
      if (share < 0.5) next
      d = ours[name] - share; if (d < 0) d = -d
      if (d > worst) worst = d; n++
      if (d > 0.2) { bad = bad sprintf(" %s: perf %.2f%%, ours %.2f%%;", name, share, ours[name]) } }
    END { printf "%d DSOs, max deviation %.2f%s\n", n, worst, bad
          exit (bad != "" || n == 0) }' "$TMP/dso.csv" "$TMP/dso.report"); then
	pass "dwarf bydso: $out"
else
	fail "dwarf bydso" "$out"
fi
