#!/bin/sh
# t-views-vs-perf.sh - flatsort and bydso agree with perf report.
#
# Records two workloads whose hot functions are known (a C program built
# here with frame pointers, and a Python 3.12 script run with -X perf), then
# compares, for every row perf report shows at 1% or more, perf's
# percentage with ours, within 0.2 points:
#   perf report --no-children --sort sym   flatsort self%
#   perf report --children --sort sym      flatsort total%
#   perf report --no-children --sort dso   bydso DSO %
# perf report weights by period, so the views run with --period, and with
# --inline caller, perf report's attribution of inlined code.  Rows are
# matched by symbol name; perf's unresolved rows (0x...) have no name to
# match and are left out.  A third recording, of the Python workload with
# --call-graph dwarf, has inlined frames at every level: perf report has a
# row for an inlined function per function it was inlined into, flatsort
# one per function (flatsort(1), COMPATIBILITY), so for a name perf shows
# in several rows ours lies between the largest row and their sum.  SKIP,
# with the reason, where perf cannot record.
. "$(dirname "$0")/lib.sh"

HZ=${HZ:-2000}
TOLERANCE=0.2

needs_perf "perf"
needs_python "perf" "to compare the reports"

cat >"$TMP/compare.py" <<'PY'
import csv, re, sys
kind, perf_file, ours_file, tolerance = sys.argv[1:5]
tolerance = float(tolerance)
perf = {}
for line in open(perf_file, errors="replace"):
    if line.startswith("#") or not line.strip():
        continue
    m = re.match(r"\s*([\d.]+)%\s+(?:([\d.]+)%\s+)?(.*?)\s*$", line)
    if not m:
        continue
    share, name = float(m.group(1)), m.group(3)
    if kind != "dso":
        name = re.sub(r"^\[[.kgu]\]\s+", "", name)
        name = re.sub(r" \(inlined\)$", "", name)
        if re.match(r"(0x)?[0-9a-f]+$", name):
            continue  # unresolved: perf has a row per address
        # perf shows argument lists; the views show functions once
        name = re.sub(r"\(.*$", "", name) if "(" in name and not name.startswith("(") else name
    perf.setdefault(name, []).append(share)
ours = {}
rows = list(csv.DictReader(open(ours_file, errors="replace")))
for r in rows:
    if kind == "dso":
        if r["depth"] != "0":
            continue
        name, share = r["name"], float(r["percent"])
    else:
        name = r["symbol"]
        share = float(r["self%" if kind == "self" else "total%"])
    ours[name] = ours.get(name, 0.0) + share
compared, worst, bad, split = 0, 0.0, [], 0
for name, shares in sorted(perf.items(), key=lambda x: -sum(x[1])):
    share, largest = sum(shares), max(shares)
    if share < 1.0:
        continue
    if name not in ours:
        bad.append("%s: perf %.2f%%, missing" % (name, share))
        continue
    # Rows of one inlined function, one per function it was inlined into:
    # a sample through several counts in each, and once in ours.
    low = largest if len(shares) > 1 else share
    d = max(low - ours[name], ours[name] - share, 0.0)
    worst = max(worst, d)
    compared += 1
    split += len(shares) > 1
    if d > tolerance:
        bad.append("%s: perf %s%%, ours %.2f%%" %
                   (name, "+".join("%.2f" % s for s in shares), ours[name]))
print("%d rows (%d split by perf), max deviation %.2f" % (compared, split, worst))
for b in bad:
    print("  " + b)
sys.exit(1 if bad or compared == 0 else 0)
PY

# compare NAME PERF_DATA: the three comparisons for one recording.
compare() {
	name=$1 data=$2
	perf script -i "$data" >"$TMP/$name.txt" 2>/dev/null
	perf report -i "$data" --stdio -g none --no-children --sort sym \
	    >"$TMP/$name.self" 2>/dev/null
	perf report -i "$data" --stdio -g none --children --sort sym \
	    >"$TMP/$name.children" 2>/dev/null
	perf report -i "$data" --stdio -g none --no-children --sort dso \
	    >"$TMP/$name.dso" 2>/dev/null
	"$BIN/flatsort" --period --inline caller --by sym -f csv \
	    "$TMP/$name.txt" >"$TMP/$name.flat.csv"
	"$BIN/bydso" --period --inline caller --depth 1 -f csv \
	    "$TMP/$name.txt" >"$TMP/$name.dso.csv"
	for kind in self total dso; do
		case $kind in
		self) report=$TMP/$name.self ours=$TMP/$name.flat.csv ;;
		total) report=$TMP/$name.children ours=$TMP/$name.flat.csv ;;
		dso) report=$TMP/$name.dso ours=$TMP/$name.dso.csv ;;
		esac
		if out=$("$PYTHON" "$TMP/compare.py" $kind "$report" "$ours" \
		    $TOLERANCE); then
			pass "$name $kind: $(echo "$out" | head -n 1)"
		else
			fail "$name $kind" "$(echo "$out" | head -n 1)"
			echo "$out" | tail -n +2 | head -n 10
		fi
	done
}

# The C workload: phase_big, phase_small and a recursion into spin.
if cc -O0 -g -fno-omit-frame-pointer -o "$TMP/work" \
    "$TOP/test/workloads/calltree_work.c" 2>"$TMP/cc.err"; then
	if perf record -q -e cpu-clock -F "$HZ" -g -o "$TMP/c.data" \
	    "$TMP/work" 30000000 >/dev/null 2>"$TMP/rec.err"; then
		compare c "$TMP/c.data"
		# The call structure is known: spin's total covers its callers.
		grep -q ',spin$' "$TMP/c.flat.csv" &&
		    grep -q ',recurse$' "$TMP/c.flat.csv"
		check "c functions found" test $? -eq 0
	else
		skip "c" "perf record failed: $(head -n 1 "$TMP/rec.err")"
	fi
else
	skip "c" "cannot compile: $(head -n 1 "$TMP/cc.err")"
fi

# The Python workload, with -X perf for Python-level frames.
PY312=${PY312:-$(pyenv_python 3.12)}
[ -n "$PY312" ] || PY312=$(command -v python3.12 || true)
if [ -z "$PY312" ] || ! "$PY312" -X perf -c pass 2>/dev/null; then
	skip "python" "no Python 3.12 that takes -X perf (set PY312)"
elif perf record -q -e cpu-clock -F "$HZ" -g -o "$TMP/py.data" \
    "$PY312" -X perf "$TOP/test/workloads/hot_functions.py" \
    >/dev/null 2>"$TMP/rec.err"; then
	compare python "$TMP/py.data"
	# The interpreter's loop is hot.  (A Python built without frame
	# pointers, like pyenv's, cuts the stacks short: few py:: frames.)
	grep -q ',_PyEval_EvalFrameDefault$' "$TMP/python.flat.csv"
	check "python interpreter found" test $? -eq 0
else
	skip "python" "perf record failed: $(head -n 1 "$TMP/rec.err")"
fi

# The same with dwarf call graphs: perf unwinds the user stacks and adds
# the inlined functions of every frame, which the pyenv build has many of.
if [ -z "$PY312" ] || ! "$PY312" -X perf -c pass 2>/dev/null; then
	skip "python-dwarf" "no Python 3.12 that takes -X perf (set PY312)"
elif perf record -q -e cpu-clock -F "$HZ" --call-graph dwarf \
    -o "$TMP/pyd.data" "$PY312" -X perf \
    "$TOP/test/workloads/hot_functions.py" >/dev/null 2>"$TMP/rec.err"; then
	compare python-dwarf "$TMP/pyd.data"
	# Inlined frames were there to compare: perf marked some.
	grep -q ' (inlined)$' "$TMP/python-dwarf.txt"
	check "python-dwarf inlined frames recorded" test $? -eq 0
else
	skip "python-dwarf" "perf record failed: $(head -n 1 "$TMP/rec.err")"
fi
