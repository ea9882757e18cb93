#!/bin/sh
# t-flamesvg-robust.sh - flamesvg on hostile input: never a crash, always
# well-formed XML.
# sanitize: yes
#
# Feeds flamesvg folded stacks whose frames are made of separators, digits,
# blanks, CR, markup characters and bytes that are not UTF-8, from fixed
# seeds, with several option sets: each run must exit 0 or 1 (no samples)
# and its SVG must parse as XML.  The same bytes without the shape of
# folded stacks must be refused: exit 1, nothing on stdout.
. "$(dirname "$0")/lib.sh"

needs_python robust "to parse the SVGs"

for seed in 1 2 3 4 5; do
	awk -v seed=$seed 'BEGIN {
		srand(seed)
		n = split("; ;\t;1;2;.;a;b;<;&;\";--;-;0;#;\r;\n;\n;\377;\303;\251;\346\227", piece, ";")
		for (line = 0; line < 500; line++) {
			printf "root%d;", line % 7
			for (i = 0; i < 40; i++) {
				p = piece[1 + int(rand() * n)]
				printf "%s", p == "\n" ? "x" : p
			}
			printf " %d\n", int(rand() * 100)
		}
	}' >"$TMP/in.$seed"
	for opts in "" "--reverse" "--flamechart --inverted" "--minwidth 0" \
	    "--colors chain --hash --subtitle <&>"; do
		# shellcheck disable=SC2086
		"$BIN/flamesvg" $opts "$TMP/in.$seed" >"$TMP/out.svg" 2>"$TMP/err"
		status=$?
		name="seed $seed${opts:+ $opts}"
		if [ $status -gt 1 ]; then
			fail "$name" "exit $status: $(tail -n 1 "$TMP/err")"
		elif ! "$PYTHON" -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' \
		    "$TMP/out.svg" 2>"$TMP/xml"; then
			fail "$name" "not XML: $(tail -n 1 "$TMP/xml")"
		else
			pass "$name"
		fi
	done
	awk -v seed=$seed 'BEGIN {
		srand(seed)
		n = split("; ;\t;1;2;.;a;b;<;&;\";--;-;0;#;\r;\n;\n;\377;\303;\251;\346\227", piece, ";")
		for (i = 0; i < 20000; i++)
			printf "%s", piece[1 + int(rand() * n)]
		printf "\n"
	}' >"$TMP/soup.$seed"
	"$BIN/flamesvg" "$TMP/soup.$seed" >"$TMP/out.svg" 2>"$TMP/err"
	status=$?
	if [ $status -eq 1 ] && [ ! -s "$TMP/out.svg" ] &&
	    grep -q "soup.$seed:[0-9]*: " "$TMP/err"; then
		pass "seed $seed, not folded stacks: refused"
	else
		fail "seed $seed, not folded stacks" "exit $status, $(wc -c <"$TMP/out.svg") bytes out"
	fi
done
