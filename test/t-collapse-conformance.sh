#!/bin/sh
# t-collapse-conformance.sh - collapse --period against stackcollapse-perf.pl.
#
# Runs the corpus's own runner over every input and option.  Every case
# must be byte-identical to the Perl script's output, or be listed in
# test/conformance-differences.txt, in which case the difference must be
# exactly the one listed (see that file).
. "$(dirname "$0")/lib.sh"

if [ ! -x "$CORPUS/tools/run_collapse_conformance.sh" ]; then
	skip corpus "no $CORPUS (../shared is not beside the checkout)"
	exit 0
fi
LIST=$TOP/test/conformance-differences.txt
COLLAPSE="$BIN/collapse --period" "$CORPUS/tools/run_collapse_conformance.sh" \
    >"$TMP/runner.out" 2>&1
grep -c '^PASS' "$TMP/runner.out" >"$TMP/npass"
if ! grep -q '^SUMMARY' "$TMP/runner.out"; then
	fail runner "no summary from run_collapse_conformance.sh"
	exit 0
fi
grep '^PASS' "$TMP/runner.out" | while read -r _ exp; do
	pass "$(basename "$exp" .txt)"
done

# Re-sum a folded file (after an edit merged stacks) in sorted order.
resum() {
	awk '{ n = $NF; sub(/ [0-9]+$/, ""); sum[$0] += n }
	     END { for (s in sum) print s " " sum[s] }' | LC_ALL=C sort
}

grep '^FAIL' "$TMP/runner.out" | while read -r _ exp _; do
	case=$(basename "$exp" .txt)
	input=${case%-collapsed-*}
	opt=${case##*-collapsed-}
	kinds=$(awk -v i="$input" '$1 == i { print $2 }' "$LIST")
	in=$CORPUS/test/$input.txt
	if [ -z "$kinds" ]; then
		fail "$case" "differs and is not listed in conformance-differences.txt"
		$BIN/collapse --period --"$opt" "$in" 2>/dev/null |
			diff "$CORPUS/$exp" - | head -n 6 | sed 's/^/    /'
		continue
	fi
	case ,$kinds, in
	*,last-sample,*)
		last=$(awk '/^[^ \t#]/ && NF > 0 { n = NR } END { print n }' "$in")
		head -n $((last - 1)) "$in" >"$TMP/in.txt"
		;;
	*) cp "$in" "$TMP/in.txt" ;;
	esac
	$BIN/collapse --period --"$opt" "$TMP/in.txt" 2>/dev/null >"$TMP/got"
	case ,$kinds, in
	*,quotes,*)
		tr -d "\"'" <"$TMP/got" | resum >"$TMP/edited"
		mv "$TMP/edited" "$TMP/got"
		;;
	esac
	case ,$kinds, in
	*,empty-symbol,*)
		# The DSOs of frames printed with no symbol at all.
		dsos=$(sed -n 's|^[ \t]*[0-9a-f][0-9a-f]*  (\(.*/\)\{0,1\}\([^/]*\))$|\2|p' \
		    "$TMP/in.txt" | sort -u)
		for d in $dsos; do
			sed "s/;\[$d\( <[0-9a-f]*>\)\{0,1\}\]\(;\| [0-9]*$\)/; \2/g" \
			    "$TMP/got" >"$TMP/edited"
			mv "$TMP/edited" "$TMP/got"
		done
		resum <"$TMP/got" >"$TMP/edited"
		mv "$TMP/edited" "$TMP/got"
		;;
	esac
	if cmp -s "$TMP/got" "$CORPUS/$exp"; then
		pass "$case (listed: $kinds)"
	else
		fail "$case" "differs by more than the listed $kinds"
		diff "$CORPUS/$exp" "$TMP/got" | head -n 6 | cut -c1-300 | sed 's/^/    /'
	fi
done

# A listed difference that no longer occurs means the list is stale.
awk '!/^#/ && NF { print $1 }' "$LIST" | while read -r input; do
	if ! grep -q "^FAIL test/results[^ ]*/$input-collapsed-" "$TMP/runner.out"; then
		fail "list/$input" "listed as different but every case matches"
	fi
done
