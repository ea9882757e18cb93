#!/bin/sh
# t-views-invariants.sh - the text views add up, on every corpus input.
# sanitize: yes
#
# For each perf script file of the shared corpus: flatsort's self counts
# sum to the sample total; in calltree every node equals its self plus its
# children (inverted: every node its children, and the self of a leaf
# function at the top is its whole count); bydso's DSO shares sum to 100%
# (within rounding); and the csv and json outputs carry the same numbers
# as the text.
. "$(dirname "$0")/lib.sh"

if [ ! -d "$CORPUS/test" ]; then
	skip "corpus" "$CORPUS not found"
	exit 0
fi
needs_python "corpus" "to check the outputs"

cat >"$TMP/check.py" <<'PY'
import csv, json, re, sys

def verify(view, base, args):
    inverted = "--inverted" in args
    text = open(base + ".txt", errors="replace").read().splitlines()
    rows = list(csv.DictReader(open(base + ".csv", errors="replace")))
    doc = json.load(open(base + ".json"))
    total = doc["total"]
    m = re.match(r"# %s: total (\d+) " % view, text[0])
    assert m and int(m.group(1)) == total, "text and json totals differ"
    body = [l for l in text if not l.startswith("#")]

    def tree_nodes(nodes, depth, out):
        for n in nodes:
            out.append((depth, n["count"], n.get("self"), n["percent"]))
            tree_nodes(n.get("children", []), depth + 1, out)
        return out

    if view == "flatsort":
        assert sum(int(r["self"]) for r in rows) == total, "self sums differ"
        text_rows = [l.split()[:4] for l in body]
        csv_rows = [[r["self%"] + "%", r["self"], r["total%"] + "%", r["total"]]
                    for r in rows]
        json_rows = [["%.2f%%" % j["self%"], str(j["self"]),
                      "%.2f%%" % j["total%"], str(j["total"])] for j in doc["rows"]]
        assert text_rows == csv_rows == json_rows, "formats differ"
    else:
        nodes = tree_nodes(doc["roots"], 0, [])
        text_nodes = [l.split()[:3 if view == "calltree" else 2] for l in body]
        csv_nodes = [[r["percent"] + "%", r["count"]] +
                     ([r["self"]] if view == "calltree" else []) for r in rows]
        json_nodes = [["%.2f%%" % p, str(c)] +
                      ([str(s)] if view == "calltree" else [])
                      for d, c, s, p in nodes]
        assert text_nodes == csv_nodes == json_nodes, "formats differ"
        assert [int(r["depth"]) for r in rows] == [d for d, c, s, p in nodes]
        top = [c for d, c, s, p in nodes if d == 0]
        assert sum(top) == total, "top level sums to %d, not %d" % (sum(top), total)
        if view == "bydso":
            share = sum(p for d, c, s, p in nodes if d == 0)
            assert abs(share - 100) < 0.01 * len(top) + 1e-9, "shares %.2f" % share
        elif inverted:
            def check(ns, depth):
                for n in ns:
                    kids = n.get("children", [])
                    want = n["count"] if depth == 0 else 0
                    assert n["self"] == want, "self of %s" % n["name"]
                    if kids:
                        assert sum(k["count"] for k in kids) == n["count"], \
                            "node %s does not add up" % n["name"]
                        check(kids, depth + 1)
            check(doc["roots"], 0)
        else:
            def check(ns):
                for n in ns:
                    kids = n.get("children", [])
                    if kids:
                        assert n["self"] + sum(k["count"] for k in kids) == \
                            n["count"], "node %s does not add up" % n["name"]
                        check(kids)
                    else:
                        assert n["self"] == n["count"], "leaf %s" % n["name"]
            check(doc["roots"])

# One run for every case (a line: name, view, base, options; by tabs).
for line in open(sys.argv[1]):
    name, view, base, *args = line.rstrip("\n").split("\t")
    try:
        verify(view, base, args)
        print("PASS " + name)
    except Exception as e:
        print("FAIL %s: %s" % (name, e or type(e).__name__))
PY

# run VIEW FILE OPTIONS...: the view in three formats, kept for the checks.
n=0
run() {
	view=$1 file=$2
	shift 2
	name="$view $* $(basename "$file")"
	n=$((n + 1))
	for f in text csv json; do
		if ! "$BIN/$view" "$@" -f $f "$file" >"$TMP/out$n.$f" \
		    2>"$TMP/err"; then
			fail "$name" "exit $? ($(head -n 1 "$TMP/err"))"
			return
		fi
	done
	mv "$TMP/out$n.text" "$TMP/out$n.txt"
	printf '%s\t%s\t%s' "$name" "$view" "$TMP/out$n" >>"$TMP/cases"
	printf '\t%s' "$@" >>"$TMP/cases"
	echo >>"$TMP/cases"
}

: >"$TMP/cases"
for file in "$CORPUS"/test/perf-*.txt; do
	run flatsort "$file"
	run flatsort "$file" --period --by dso
	run calltree "$file"
	run calltree "$file" --inverted --percent-limit 2
	run bydso "$file"
	run bydso "$file" --depth 3 --percent-limit 1
done
"$PYTHON" "$TMP/check.py" "$TMP/cases" >"$TMP/checked" 2>&1
status=$?
while IFS= read -r line; do
	case $line in
	"PASS "*) pass "${line#PASS }" ;;
	"FAIL "*) n=${line#FAIL }; fail "${n%%: *}" "${n#*: }" ;;
	*) echo "    $line" ;;
	esac
done <"$TMP/checked"
[ $status -eq 0 ] || fail "the checks" "exit $status"
