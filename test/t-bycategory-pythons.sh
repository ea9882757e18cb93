#!/bin/sh
# t-bycategory-pythons.sh - the default rules on real recordings of CPython
# 3.11, 3.12 and 3.13, made here.
#
# For each pyenv CPython 3.11 to 3.13 present, test/workloads/mixed.py is
# recorded for about two seconds (perf record -e cpu-clock -F 2000
# --call-graph dwarf).  Asserted: unknown stays under 5% of the samples in
# the interpreter's DSO (libpython3.X.so or the python3.X executable),
# with the leaf and with --inline caller attribution; the interpreter,
# memory, gc, str, dict and exceptions categories all have samples, and
# refcount and threadstate with the leaf's; a concept is one category
# whatever the version calls it: reference counting (Py_INCREF, Py_DECREF,
# 3.12's _Py_IsImmortal) is refcount, getting the thread state (3.11's
# _PyRuntimeState_GetThreadState, ld.so's __tls_get_addr under 3.12 and
# 3.13) threadstate, _Py_Dealloc memory, in every version; and with
# -X perf (3.12 and later) --python finds the workload's own code
# (program) and the standard library.  The measured shares are printed.
. "$(dirname "$0")/lib.sh"

needs_perf pythons
needs_python pythons "to check the outputs"
ROUNDS=${BYCATEGORY_ROUNDS:-100}

# The explain csv of a recording: unknown share of the interpreter's DSO,
# and the categories present.
cat >"$TMP/share.py" <<'PY'
import csv, re, sys
interp = unknown = 0
cats = {}
for r in csv.DictReader(open(sys.argv[1], errors="replace")):
    n = int(r["samples"])
    cats[r["category"]] = cats.get(r["category"], 0) + n
    if re.match(r"(lib)?python", r["dso"]):
        interp += n
        unknown += n if r["category"] == "unknown" else 0
missing = [c for c in sys.argv[2].split(",") if not cats.get(c)]
share = 100.0 * unknown / interp if interp else 100.0
print("unknown %d of %d interpreter samples (%.2f%%)%s" % (
    unknown, interp, share,
    "; no samples in " + " ".join(missing) if missing else ""))
sys.exit(0 if interp > 0 and share < 5 and not missing else 1)
PY

# The leaf explain csv of a recording: each concept's functions in its
# category alone (named here, not from the rules), and its share.
cat >"$TMP/concepts.py" <<'PY'
import csv, re, sys
concepts = [
    ("refcount", r"(Py_X?(INC|DEC)REF|_Py_IsImmortal|_Py_DECREF_\w+|Py_(Inc|Dec)Ref)(@plt)?"),
    ("threadstate", r"__tls_get_addr(@plt)?|_PyRuntimeState_GetThreadState"
     r"|_PyThreadState_GET|current_fast_get|_PyInterpreterState_GET"),
    ("memory", r"_Py_Dealloc"),
]
total, wrong, seen = 0, [], {}
for r in csv.DictReader(open(sys.argv[1], errors="replace")):
    total += int(r["samples"])
    for want, names in concepts:
        if re.fullmatch(names, r["symbol"]):
            seen[want] = seen.get(want, 0) + int(r["samples"])
            if r["category"] != want:
                wrong.append("%s is %s" % (r["symbol"], r["category"]))
print(", ".join("%s %.2f%%" % (c, 100.0 * seen.get(c, 0) / total)
                for c, _ in concepts[:2]) +
      ("; " + ", ".join(wrong) if wrong else ""))
sys.exit(0 if not wrong and seen.get("refcount") and seen.get("threadstate")
         else 1)
PY

# record NAME PYTHON ARGS...: perf script text of a recording in $TMP/NAME.txt
record() {
	name=$1
	shift
	if ! perf record -q -e cpu-clock -F 2000 --call-graph dwarf \
	    -o "$TMP/$name.data" -- "$@" >/dev/null 2>"$TMP/record.err"; then
		fail "$name: perf record" "$(head -n 1 "$TMP/record.err")"
		return 1
	fi
	perf script -i "$TMP/$name.data" >"$TMP/$name.txt" 2>/dev/null
	rm -f "$TMP/$name.data"
}

found=0
for v in 3.11 3.12 3.13; do
	py=$(pyenv_python $v)
	if [ -z "$py" ]; then
		skip "python$v" "no pyenv CPython $v"
		continue
	fi
	found=$((found + 1))
	record "py$v" "$py" "$TOP/test/workloads/mixed.py" "$ROUNDS" || continue
	# Reference counting is inlined: with --inline caller it counts
	# for the function it is in.
	for inline in leaf caller; do
		cats=interpreter,memory,gc,str,dict,exceptions
		[ $inline = caller ] || cats=$cats,refcount,threadstate
		"$BIN/bycategory" --inline $inline --explain -f csv \
		    "$TMP/py$v.txt" >"$TMP/py$v.csv" 2>/dev/null
		if out=$("$PYTHON" "$TMP/share.py" "$TMP/py$v.csv" "$cats"); then
			pass "python$v --inline $inline: $out"
		else
			fail "python$v --inline $inline" "$out"
		fi
		[ $inline = leaf ] || continue
		if out=$("$PYTHON" "$TMP/concepts.py" "$TMP/py$v.csv"); then
			pass "python$v: each concept its category: $out"
		else
			fail "python$v: each concept its category" "$out"
		fi
	done
	case $v in 3.11) continue ;; esac
	record "xperf$v" "$py" -X perf "$TOP/test/workloads/mixed.py" \
	    "$((ROUNDS / 2))" || continue
	"$BIN/bycategory" --python -f csv "$TMP/xperf$v.txt" \
	    >"$TMP/xperf$v.csv" 2>/dev/null
	if "$PYTHON" - "$TMP/xperf$v.csv" <<'PY'
import csv, sys
c = {r["category"]: int(r["samples"]) for r in csv.DictReader(open(sys.argv[1]))}
print("# --python: " + ", ".join("%s %d" % kv for kv in c.items() if kv[1]))
sys.exit(0 if c.get("program") and c.get("stdlib") else 1)
PY
	then
		pass "python$v -X perf: --python finds program and stdlib"
	else
		fail "python$v -X perf: --python finds program and stdlib"
	fi
done
[ $found -gt 0 ] || skip pythons "no pyenv CPython 3.11 to 3.13"
