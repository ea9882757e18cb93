#!/bin/sh
# t-bycategory.sh - bycategory adds up, on every corpus input and on the
# CPython recordings shipped with the tree.
# sanitize: yes
#
# For each input, with the default rules: the text, csv and json forms
# carry the same rows and numbers, unknown is always a row, the samples
# sum to the total and the shares to 100% (within rounding); --explain's
# functions sum to each category; --inline caller sums too; --inclusive
# counts lie between the self count and the total; the SVG is well-formed,
# its segments tile each bar and their shares sum to 100%; --each gives
# each input the column it has alone.  On the CPython recordings (the
# example, the shared recording), unknown stays under 5% of the
# interpreter's samples: a CPython that renames functions shows here.
. "$(dirname "$0")/lib.sh"

needs_python bycategory "to check the outputs"

cat >"$TMP/check.py" <<'PY'
import csv, json, re, sys, xml.etree.ElementTree as ET
base = sys.argv[1]
text = open(base + ".txt", errors="replace").read().splitlines()
rows = list(csv.DictReader(open(base + ".csv", errors="replace")))
doc = json.load(open(base + ".json"))
total = doc["total"]
m = re.match(r"# bycategory: total (\d+) ", text[0])
assert m and int(m.group(1)) == total, "text and json totals differ"
body = [l for l in text if not l.startswith("#")]
t = [l.split()[:3] for l in body]
c = [[r["category"], r["samples"], r["percent"] + "%"] for r in rows]
j = [[r["category"], str(r["samples"]), "%.2f%%" % r["percent"]]
     for r in doc["rows"]]
assert t == c == j, "formats differ"
assert rows[-1]["category"] == "unknown", "unknown is not the last row"
counts = {r["category"]: int(r["samples"]) for r in rows}
assert sum(counts.values()) == total, "samples sum to %d, not %d" % (
    sum(counts.values()), total)
share = sum(float(r["percent"]) for r in rows)
assert abs(share - 100) <= 0.005 * len(rows) + 1e-9, "shares sum to %.2f" % share

# --explain: each function once, summing to its category.
ex = list(csv.DictReader(open(base + ".explain.csv", errors="replace")))
by = {}
for r in ex:
    by[r["category"]] = by.get(r["category"], 0) + int(r["samples"])
    assert (r["rule"] == "-") == (r["category"] == "unknown"), r
assert {k: v for k, v in counts.items() if v} == by, "explain differs"

caller = list(csv.DictReader(open(base + ".caller.csv")))
assert sum(int(r["samples"]) for r in caller) == total, "--inline caller"

incl = list(csv.DictReader(open(base + ".incl.csv")))
for r in incl:
    n = int(r["samples"])
    assert counts.get(r["category"], 0) <= n <= total, "inclusive %s" % r

# The SVG: segments tile the bar, shares sum to 100%.
svg = ET.parse(base + ".svg").getroot()
ns = {"s": "http://www.w3.org/2000/svg"}
bars = svg.findall(".//s:g[@class='bar']", ns)
assert len(bars) == 1, "%d bars" % len(bars)
segs = bars[0].findall("s:g[@class='seg']", ns)
assert [s.get("data-category") for s in segs] == \
    [r["category"] for r in rows if int(r["samples"])], "segment order"
edges = [(float(s.find("s:rect", ns).get("x")),
          float(s.find("s:rect", ns).get("width"))) for s in segs]
for (x, w), (nx, _) in zip(edges, edges[1:]):
    assert abs(x + w - nx) < 0.02, "segments do not tile"
assert abs(edges[-1][0] + edges[-1][1] - 1190) < 0.02, "bar end"
assert all(s.find("s:title", ns) is not None for s in segs), "title"
ssum = sum(float(s.get("data-share")) for s in segs)
assert abs(ssum - 100) <= 0.005 * len(segs) + 1e-9, "svg shares %.2f" % ssum
legend = svg.findall(".//s:g[@class='key']", ns)
assert [k.get("data-category") for k in legend] == \
    [r["category"] for r in rows], "legend"
PY

# run NAME FILE: every form of one input, then the checks.
run() {
	name=$1 file=$2
	set -- "$BIN/bycategory"
	if ! "$@" "$file" >"$TMP/out.txt" 2>"$TMP/err" ||
	    ! "$@" -f csv "$file" >"$TMP/out.csv" 2>>"$TMP/err" ||
	    ! "$@" -f json "$file" >"$TMP/out.json" 2>>"$TMP/err" ||
	    ! "$@" -f svg "$file" >"$TMP/out.svg" 2>>"$TMP/err" ||
	    ! "$@" --explain -f csv "$file" >"$TMP/out.explain.csv" 2>>"$TMP/err" ||
	    ! "$@" --inline caller -f csv "$file" >"$TMP/out.caller.csv" 2>>"$TMP/err" ||
	    ! "$@" --inclusive -f csv "$file" >"$TMP/out.incl.csv" 2>>"$TMP/err"; then
		fail "$name" "exit status ($(grep -v skipped "$TMP/err" | head -n 1))"
		return
	fi
	if out=$("$PYTHON" "$TMP/check.py" "$TMP/out" 2>&1); then
		pass "$name"
	else
		fail "$name" "$(echo "$out" | tail -n 1)"
	fi
}

# unknown_share NAME FILE: unknown among the interpreter's samples < 5%.
unknown_share() {
	"$BIN/bycategory" --explain -f csv "$2" >"$TMP/explain.csv" 2>/dev/null
	if out=$("$PYTHON" - "$TMP/explain.csv" <<'PY'
import csv, re, sys
interp = unknown = 0
for r in csv.DictReader(open(sys.argv[1], errors="replace")):
    if re.match(r"(lib)?python", r["dso"]):
        interp += int(r["samples"])
        unknown += int(r["samples"]) if r["category"] == "unknown" else 0
assert interp > 0, "no interpreter samples"
share = 100.0 * unknown / interp
print("unknown %d of %d interpreter samples (%.2f%%)" % (unknown, interp, share))
sys.exit(0 if share < 5 else 1)
PY
	); then
		pass "$1: $out"
	else
		fail "$1" "$out"
	fi
}

if [ -d "$CORPUS/test" ]; then
	for file in "$CORPUS"/test/perf-*.txt; do
		run "corpus $(basename "$file")" "$file"
	done
	set -- "$CORPUS"/test/perf-*.txt
	# --each: a column per input, each what the input gives alone.
	"$BIN/bycategory" -f json "$1" >"$TMP/a.json" 2>/dev/null
	"$BIN/bycategory" -f json "$2" >"$TMP/b.json" 2>/dev/null
	"$BIN/bycategory" --each -f json "$1" "$2" >"$TMP/ab.json" 2>/dev/null
	if "$PYTHON" - "$TMP/a.json" "$TMP/b.json" "$TMP/ab.json" <<'PY'
import json, sys
a, b, ab = (json.load(open(p)) for p in sys.argv[1:4])
for col, one in enumerate((a, b)):
    assert ab["inputs"][col]["total"] == one["total"]
    mine = {r["category"]: r["samples"][col] for r in ab["rows"]
            if r["samples"][col]}
    alone = {r["category"]: r["samples"] for r in one["rows"] if r["samples"]}
    assert mine == alone, (col, mine, alone)
PY
	then
		pass "--each: a column per input"
	else
		fail "--each: a column per input"
	fi
else
	skip "corpus" "$CORPUS not found"
fi

xz -dc "$TOP/examples/pass-perf-freq50000-nosite-raw.txt.xz" >"$TMP/example.txt"
run "example pass-perf-freq50000-nosite" "$TMP/example.txt"
unknown_share "example (3.12, libpython)" "$TMP/example.txt"
shared=$SHARED/recordings/pass-perf-freq100000-nosite-raw.txt.xz
if [ -f "$shared" ]; then
	xz -dc "$shared" >"$TMP/shared.txt"
	unknown_share "shared pass-perf-freq100000-nosite" "$TMP/shared.txt"
else
	skip "shared recording" "$shared not found"
fi
