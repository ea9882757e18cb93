#!/bin/sh
# t-bytecode.sh - bytecode(1) on real recordings of CPython 3.12 and 3.13,
# made here, of workloads whose work is known.
#
# For each pyenv CPython 3.12 and 3.13 present, test/workloads/
# bytecode_work.py runs each of its loops about a CPU second under perf record
# -e cpu-clock -F 2000 --call-graph dwarf: a float loop, an attribute-load
# loop, a call loop, a dict-subscript loop.  Asserted, as for any
# recording of them: the expected family leads, by self where the work is
# in the instruction's own code (BINARY_OP for floats, LOAD_ATTR), by
# total where it is in the C functions the instruction calls (CALL,
# BINARY_SUBSCR); at least 95% of the eval loop's own samples are placed
# in an instruction or a named part.  The float and attribute loops are
# also recorded with -g (pyenv's builds keep no frame pointers: self
# only).  perf script's text of one recording gives the view perf.data
# gives.  The measured shares are printed.
. "$(dirname "$0")/lib.sh"

needs_perf bytecode
needs_python bytecode "to check the outputs"
SECONDS_EACH=${BYTECODE_SECONDS:-1}

# check.py CSV SORT FAMILY: FAMILY leads the instructions by SORT (self or
# total), and 95% of the eval loop's own samples are placed.
cat >"$TMP/check.py" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sort, want = sys.argv[2], sys.argv[3]
own = sum(int(r["self"]) for r in rows)
placed = sum(int(r["self"]) for r in rows if r["kind"] != "unplaced")
inst = [r for r in rows if r["kind"] == "instruction"]
lead = max(inst, key=lambda r: int(r[sort]))["instruction"] if inst else None
share = 100.0 * placed / own if own else 0.0
print("%s leads by %s (%s %s%%); %d of %d own samples placed (%.2f%%)" % (
    lead, sort, lead and max(int(r[sort]) for r in inst),
    lead and max(float(r[sort + "_pct"]) for r in inst), placed, own, share))
sys.exit(0 if lead == want and own >= 100 and share >= 95 else 1)
PY

# record NAME CALLGRAPH PYTHON KIND: $TMP/NAME.data
record() {
	if ! perf record -q -e cpu-clock -F 2000 $2 -o "$TMP/$1.data" -- \
	    "$3" "$TOP/test/workloads/bytecode_work.py" "$4" \
	    "$SECONDS_EACH" >/dev/null 2>"$TMP/record.err"; then
		fail "$1: perf record" "$(head -n 1 "$TMP/record.err")"
		return 1
	fi
}

# expect NAME INPUT SORT FAMILY
expect() {
	if ! "$BIN/bytecode" --by family -f csv "$2" >"$TMP/$1.csv" \
	    2>"$TMP/$1.err"; then
		fail "$1" "bytecode: $(head -n 1 "$TMP/$1.err")"
	elif out=$("$PYTHON" "$TMP/check.py" "$TMP/$1.csv" "$3" "$4"); then
		pass "$1: $out"
	else
		fail "$1" "$out"
	fi
}

found=0
for v in 3.12 3.13; do
	py=$(pyenv_python $v)
	if [ -z "$py" ]; then
		skip "python$v" "no pyenv CPython $v"
		continue
	fi
	found=$((found + 1))
	for work in float:self:BINARY_OP attr:self:LOAD_ATTR \
	    call:total:CALL subscr:total:BINARY_SUBSCR; do
		kind=${work%%:*} rest=${work#*:}
		sort=${rest%%:*} family=${rest#*:}
		name=py$v-$kind-dwarf
		record "$name" "--call-graph dwarf" "$py" "$kind" || continue
		expect "$name" "$TMP/$name.data" "$sort" "$family"
		case $sort in
		self)
			name=py$v-$kind-fp
			record "$name" -g "$py" "$kind" || continue
			expect "$name" "$TMP/$name.data" self "$family"
			;;
		esac
	done
	# perf script's text (frame lines with addresses) and perf.data.
	name=py$v-subscr-dwarf
	if [ -f "$TMP/$name.data" ]; then
		perf script -i "$TMP/$name.data" >"$TMP/$name.txt" 2>/dev/null
		"$BIN/bytecode" -f csv "$TMP/$name.txt" >"$TMP/text.csv" 2>&1
		"$BIN/bytecode" -f csv "$TMP/$name.data" >"$TMP/data.csv" 2>&1
		data=$TMP/$name.data # check sets name
		check "python$v: perf script text and perf.data, one view" \
		    cmp -s "$TMP/text.csv" "$TMP/data.csv"
		# collapse --bytecode: the frame after the innermost eval-loop
		# frame, summed, is bytecode's total of each instruction and part.
		"$BIN/collapse" --bytecode "$data" | awk '
		    { n = $NF; sub(/ [0-9]+$/, ""); k = split($0, f, ";"); op = ""
		      for (i = 1; i < k; i++) if (f[i] == "_PyEval_EvalFrameDefault") op = f[i + 1]
		      if (op != "") t[op] += n }
		    END { for (op in t) print op, t[op] }' | sort >"$TMP/folded.tot"
		awk -F, 'NR > 1 && $7 != "unplaced" { print $1, $4 }' "$TMP/data.csv" |
		    sort >"$TMP/view.tot"
		check "python$v: collapse --bytecode splits the eval loop as bytecode counts it" \
		    cmp -s "$TMP/folded.tot" "$TMP/view.tot"
	fi
	rm -f "$TMP"/*.data "$TMP"/*.txt
done
[ $found -gt 0 ] || skip bytecode "no pyenv CPython 3.12 or 3.13"

# 3.11 (labels in ceval.c), and a CPython built with frame pointers
# recorded with -g, whose stacks reach the callers: the float loop's time
# is BINARY_OP's by total, every own sample placed.
py=$(pyenv_python 3.11)
if [ -z "$py" ]; then
	skip python3.11 "no pyenv CPython 3.11"
elif record py3.11-float-dwarf "--call-graph dwarf" "$py" float; then
	expect py3.11-float-dwarf "$TMP/py3.11-float-dwarf.data" total BINARY_OP
fi
# The one t-python builds (fp_python), once it is whole; none is built here.
fpdir=${PERFVIEWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/perfviews}/python-3.13-fp
fp=${FP_PYTHON:-$fpdir/bin/python3.13}
if ! [ -x "$fp" ] || ! { [ -n "${FP_PYTHON:-}" ] || [ -f "$fpdir/.perfviews-python" ]; }; then
	skip "frame-pointer build" "none at $fp (t-python builds it)"
elif record fp-float-g -g "$fp" float; then
	expect "frame-pointer build, -g, float" "$TMP/fp-float-g.data" total BINARY_OP
fi
