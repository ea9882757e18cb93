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

# Finish the Rust names of a folded file as collapse does (frame_tidy.h):
# a frame ending in "::h" and 16 hex digits loses them, a leading "_$"
# its '_', ".." becomes "::" and the escapes their characters.
rust_finish() {
	h='::h[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'
	h="$h[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\$"
	awk -v hash="$h" '{
		n = $NF; s = $0; sub(/ [0-9]+$/, "", s)
		k = split(s, f, ";"); out = ""
		for (i = 1; i <= k; i++) {
			x = f[i]
			if (x ~ hash) {
				sub(hash, "", x); sub(/^_\$/, "$", x)
				gsub(/\.\./, "::", x)
				gsub(/\$LT\$/, "<", x); gsub(/\$GT\$/, ">", x)
				gsub(/\$RF\$/, "\\&", x); gsub(/\$BP\$/, "*", x)
				gsub(/\$SP\$/, "@", x); gsub(/\$C\$/, ",", x)
				gsub(/\$LP\$/, "(", x); gsub(/\$RP\$/, ")", x)
				gsub(/\$u20\$/, " ", x); gsub(/\$u27\$/, "\047", x)
				gsub(/\$u7b\$/, "{", x); gsub(/\$u7d\$/, "}", x)
				gsub(/\$u5b\$/, "[", x); gsub(/\$u5d\$/, "]", x)
				gsub(/\$u7e\$/, "~", x)
			}
			out = out (i > 1 ? ";" : "") x
		}
		print out " " n
	}'
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
	cp "$CORPUS/$exp" "$TMP/exp"
	case ,$kinds, in
	*,rust-legacy,*)
		# The Perl script's Rust names, finished as inferno does.
		rust_finish <"$CORPUS/$exp" | resum >"$TMP/exp"
		;;
	esac
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
	if cmp -s "$TMP/got" "$TMP/exp"; then
		pass "$case (listed: $kinds)"
	else
		fail "$case" "differs by more than the listed $kinds"
		diff "$TMP/exp" "$TMP/got" | head -n 6 | cut -c1-300 | sed 's/^/    /'
	fi
done

# A listed difference that no longer occurs means the list is stale.
awk '!/^#/ && NF { print $1 }' "$LIST" | while read -r input; do
	if ! grep -q "^FAIL test/results[^ ]*/$input-collapsed-" "$TMP/runner.out"; then
		fail "list/$input" "listed as different but every case matches"
	fi
done
