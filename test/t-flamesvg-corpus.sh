#!/bin/sh
# t-flamesvg-corpus.sh - flamesvg against flamegraph.pl's reference SVGs.
# sanitize: yes
#
# For every case of $CORPUS/svg (COMMANDS.tsv gives flamegraph.pl's
# options), run flamesvg with the same options and compare the frame
# tables that tools/svg_frames.py makes of both SVGs: the same frames with
# the same y, x, width, height, title and label.  Colours are flamesvg's
# own, so the fill column is left out, and so is the root's label:
# flamesvg labels the root with its title, "all (N samples, 100%)",
# flamegraph.pl leaves it blank.  The cases listed in
# test/flamesvg-corpus-differences.tsv differ on purpose; for those the
# listed behaviour is checked instead.
. "$(dirname "$0")/lib.sh"

SVG_DIR=$CORPUS/svg
LIST=$TOP/test/flamesvg-corpus-differences.tsv
if [ ! -f "$SVG_DIR/COMMANDS.tsv" ]; then
	skip corpus "$SVG_DIR not found (../shared is missing)"
	exit 0
fi
needs_python corpus "for svg_frames.py"

# The frame table without the fill column, and the size line, for
# comparing: "# svg width=W height=H" and y x width height title label.
# The root is the one frame whose title ends in ", 100%)" (other frames'
# percentages have decimals); its label is blanked.
frames_table() {
	"$PYTHON" "$CORPUS/tools/svg_frames.py" "$1" >"$TMP/raw.tsv" ||
		return 1
	sed -n 's/^# svg \(width=[^ ]* height=[^ ]*\).*/# \1/p' "$TMP/raw.tsv"
	grep -v '^#' "$TMP/raw.tsv" | cut -f 1-4,6- |
	    awk -F '\t' -v OFS='\t' '$5 ~ /^all \(.*, 100%\)$/ { $6 = "" } 1'
}

# The reference table, made by the corpus from flamegraph.pl's SVG (which
# is not always well-formed XML: it does not escape the subtitle).
reference_table() {
	sed -n 's/^# svg \(width=[^ ]* height=[^ ]*\).*/# \1/p' \
	    "$SVG_DIR/$1.frames.tsv"
	grep -v '^#' "$SVG_DIR/$1.frames.tsv" | cut -f 1-4,6-
}

# A table with the "; +1.23%" of diff titles removed.
without_deltas() {
	sed 's/; [-+]\{0,1\}[0-9.]*%)\t/)\t/'
}

# Split flamegraph.pl's space-joined command line back into arguments,
# one per line: an option's value runs up to the next option, and the last
# word is the input.
split_args() {
	printf '%s\n' "$1" | awk '
	BEGIN { split("hash reverse inverted flamechart negate random cp help", f, " ")
		for (i in f) flag["--" f[i]] = 1 }
	{
		n = split($0, w, " ")
		for (i = 2; i < n; i++) {
			if (w[i] ~ /^--/) {
				print w[i]
				if (flag[w[i]]) continue
				v = w[++i]
				while (i + 1 < n && w[i + 1] !~ /^--/) v = v " " w[++i]
				print v
			} else {
				print w[i]
			}
		}
		print w[n]
	}'
}

run_flamesvg() {
	split_args "$1" >"$TMP/args"
	# Arguments may hold spaces and '<': read them one per line.
	set --
	while IFS= read -r arg; do
		set -- "$@" "$arg"
	done <"$TMP/args"
	(cd "$SVG_DIR" && "$BIN/flamesvg" "$@") >"$TMP/out.svg" 2>"$TMP/err"
}

listed_kind() {
	awk -F '\t' -v c="$1" '$1 == c { print $2 }' "$LIST"
}

check_listed() {
	name=$1 kind=$2 status=$3
	case $kind in
	unsupported | bad-usage)
		if [ "$status" = 2 ]; then pass "$name ($kind)"; else
			fail "$name" "$kind: exit $status, want 2"; fi ;;
	empty)
		if [ "$status" = 1 ] && frames_table "$TMP/out.svg" >"$TMP/ours" &&
		    [ "$(grep -vc '^#' "$TMP/ours")" = 0 ] &&
		    grep -q 'No samples' "$TMP/out.svg"; then
			pass "$name ($kind)"
		else
			fail "$name" "$kind: exit $status or no valid 'No samples' SVG"
		fi ;;
	utf8-repair)
		if [ "$status" = 0 ] && frames_table "$TMP/out.svg" >"$TMP/ours" &&
		    grep -q "$(printf '\357\277\275')" "$TMP/ours"; then
			pass "$name ($kind)"
		else
			fail "$name" "$kind: exit $status or no U+FFFD in the frames"
		fi ;;
	frames-differ)
		reference_table "$name" >"$TMP/theirs"
		if [ "$status" = 0 ] && frames_table "$TMP/out.svg" >"$TMP/ours" &&
		    ! cmp -s "$TMP/theirs" "$TMP/ours"; then
			pass "$name ($kind)"
		else
			fail "$name" "$kind: exit $status, or the frames now agree (update the list)"
		fi ;;
	delta-differs | superset)
		reference_table "$name" | without_deltas | sort >"$TMP/theirs"
		if [ "$status" != 0 ] || ! frames_table "$TMP/out.svg" >"$TMP/ours"; then
			fail "$name" "$kind: exit $status or unreadable SVG"
			return
		fi
		without_deltas <"$TMP/ours" | sort >"$TMP/ours.nodelta"
		missing=$(comm -23 "$TMP/theirs" "$TMP/ours.nodelta" | wc -l)
		extra=$(comm -13 "$TMP/theirs" "$TMP/ours.nodelta" | wc -l)
		ok=false
		if [ "$missing" = 0 ]; then
			case $kind in
			superset)
				[ "$extra" -gt 0 ] && ok=true ;;
			delta-differs)
				reference_table "$name" | sort >"$TMP/theirs.full"
				sort "$TMP/ours" >"$TMP/ours.full"
				[ "$extra" = 0 ] &&
				    ! cmp -s "$TMP/theirs.full" "$TMP/ours.full" && ok=true ;;
			esac
		fi
		if $ok; then
			pass "$name ($kind, $extra more frames)"
		else
			fail "$name" "$kind: $missing frames missing, $extra more"
			comm -3 "$TMP/theirs" "$TMP/ours.nodelta" | head -n 6 | sed 's/^/    /'
		fi ;;
	subtitle)
		reference_table dd-default | grep -v '^#' >"$TMP/theirs.frames"
		if [ "$status" = 0 ] && frames_table "$TMP/out.svg" >"$TMP/ours" &&
		    "$PYTHON" "$CORPUS/tools/svg_frames.py" "$TMP/out.svg" \
		    >"$TMP/raw.tsv" &&
		    grep -q "^# text#subtitle .* text='Sub <b>'$" "$TMP/raw.tsv" &&
		    grep -v '^#' "$TMP/ours" |
		    awk -F '\t' -v OFS='\t' '{ $1 -= 24; print }' |
		    cmp -s - "$TMP/theirs.frames"; then
			pass "$name ($kind)"
		else
			fail "$name" "$kind: bad SVG, subtitle, or frames"
		fi ;;
	*)
		fail "$name" "unknown kind '$kind' in $(basename "$LIST")" ;;
	esac
}

matched=0
listed=0
tab=$(printf '\t')
while IFS="$tab" read -r name size rc command; do
	[ -n "$name" ] || continue
	run_flamesvg "$command"
	status=$?
	kind=$(listed_kind "$name")
	if [ -n "$kind" ]; then
		check_listed "$name" "$kind" "$status"
		listed=$((listed + 1))
		continue
	fi
	if [ "$rc" != rc=0 ]; then
		fail "$name" "flamegraph.pl failed ($rc) and the case is not listed"
		continue
	fi
	if [ "$status" != 0 ]; then
		fail "$name" "exit $status: $(head -n 1 "$TMP/err")"
		continue
	fi
	reference_table "$name" >"$TMP/theirs"
	if ! frames_table "$TMP/out.svg" >"$TMP/ours"; then
		fail "$name" "svg_frames.py cannot read the SVG"
		continue
	fi
	if cmp -s "$TMP/theirs" "$TMP/ours"; then
		pass "$name"
		matched=$((matched + 1))
	else
		fail "$name" "frames differ from flamegraph.pl's"
		diff "$TMP/theirs" "$TMP/ours" | head -n 8 | sed 's/^/    /'
	fi
done <"$SVG_DIR/COMMANDS.tsv"
echo "# $SUITE: $matched cases match flamegraph.pl, $listed listed as different"
