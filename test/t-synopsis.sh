#!/bin/sh
# t-synopsis.sh - each man page's SYNOPSIS says what --help says.
#
# For every program, and every command of perfviews: the SYNOPSIS of its
# man page, as man(1) shows it (groff), has the words of the usage lines
# its --help prints (made from its table of options, base/usage.h), in
# the same order, form by form.  A difference is reported with the
# program, the words that differ, and the options one names and the other
# does not.
. "$(dirname "$0")/lib.sh"

if ! command -v groff >/dev/null 2>&1; then
	skip "man pages" "no groff to render them"
	exit 0
fi

# synopsis MAN: its SYNOPSIS's forms, a line each, single spaces.  One
# form per output line: lines as long as groff takes, no hyphenation.
synopsis() {
	groff -man -Tascii -rLL=2000n -rHY=0 -P-c -P-b -P-u "$1" 2>/dev/null |
		sed -n '/^SYNOPSIS$/,/^[A-Z]/{/^[A-Z]/!p}' |
		sed 's/^  *//; s/  */ /g; s/ $//; /^$/d'
}

# usage_forms: the usage lines of --help on stdin, a form a line: a form
# begins at "usage: " or 7 spaces, its continuations are indented more.
usage_forms() {
	awk 'NR == 1 && !/^usage: / { exit }
	     NR > 1 && !/^ / { exit }
	     { sub(/^usage: /, "       ") }
	     /^       [^ ]/ { if (form != "") print form; form = ""; }
	     { sub(/^ +/, ""); form = form (form == "" ? "" : " ") $0 }
	     END { if (form != "") print form }' | sed 's/  */ /g'
}

# options WORDS: the options a file of words (one a line) names.
options() {
	tr -d '[]' <"$1" | grep -o -- '^--*[a-zA-Z0-9][a-zA-Z0-9-]*' | sort -u
}

# compare NAME MAN_FORMS HELP_FORMS: pass when the words agree, else
# fail naming what differs.
compare() {
	tr ' ' '\n' <"$2" >"$TMP/man.words"
	tr ' ' '\n' <"$3" >"$TMP/help.words"
	if [ ! -s "$3" ]; then
		fail "$1: SYNOPSIS" "--help prints no usage"
	elif [ ! -s "$2" ]; then
		fail "$1: SYNOPSIS" "the man page's SYNOPSIS has no form of it"
	elif cmp -s "$2" "$3"; then
		pass "$1: SYNOPSIS is its usage, word for word"
	else
		options "$TMP/man.words" >"$TMP/man.opts"
		options "$TMP/help.words" >"$TMP/help.opts"
		# Each run of words that differ: "man page 'X', --help 'Y'".
		words=$(diff "$TMP/man.words" "$TMP/help.words" | awk '
			function out() {
				if (n++ < 3)
					printf "%sman page \047%s\047, --help \047%s\047",
					    (n > 1 ? "; " : ""), m, h
				m = h = ""
			}
			/^[0-9]/ { if (NR > 1) out(); next }
			/^< / { m = m (m == "" ? "" : " ") substr($0, 3) }
			/^> / { h = h (h == "" ? "" : " ") substr($0, 3) }
			END { out() }')
		help_only=$(comm -13 "$TMP/man.opts" "$TMP/help.opts" | paste -s -d' ' -)
		man_only=$(comm -23 "$TMP/man.opts" "$TMP/help.opts" | paste -s -d' ' -)
		fail "$1: SYNOPSIS" "$words${help_only:+; options in --help only: \
$help_only}${man_only:+; in the man page only: $man_only}"
		diff "$2" "$3" | sed 's/^/    /'
	fi
}

for src in "$TOP"/filters/*.c; do
	f=$(basename "$src" .c)
	[ "$f" = perfviews ] && continue
	synopsis "$TOP/man/$f.1" >"$TMP/man"
	"$BIN/$f" --help | usage_forms >"$TMP/help"
	compare "$f" "$TMP/man" "$TMP/help"
done

# perfviews: each command's forms, as its own --help prints them.
synopsis "$TOP/man/perfviews.1" >"$TMP/man.all"
"$BIN/perfviews" --help | usage_forms >"$TMP/help.all"
commands=$(awk '{ print $2 }' "$TMP/help.all" | uniq)
if [ -z "$commands" ]; then
	fail "perfviews: SYNOPSIS" "perfviews --help names no command"
fi
for c in $commands; do
	awk -v c="$c" '$1 == "perfviews" && $2 == c' "$TMP/man.all" >"$TMP/man"
	"$BIN/perfviews" "$c" --help | usage_forms >"$TMP/help"
	# A command's own subcommand with a program of its own (perfviews
	# suite run): the forms its --help prints follow.
	for w in $(awk '$3 ~ /^[a-z]/ { print $3 }' "$TMP/man" | uniq); do
		grep -q "^perfviews $c $w\( \|\$\)" "$TMP/help" ||
			"$BIN/perfviews" "$c" "$w" --help | usage_forms >>"$TMP/help"
	done
	compare "perfviews $c" "$TMP/man" "$TMP/help"
done
# A command the man page gives a SYNOPSIS and the program has not.
extra=$(awk '$1 == "perfviews" { print $2 }' "$TMP/man.all" | sort -u |
	while read -r c; do
		printf '%s\n' $commands | grep -qx -- "$c" || printf '%s ' "$c"
	done)
if [ -z "$extra" ] && grep -q '^perfviews ' "$TMP/man.all"; then
	pass "perfviews: the man page's SYNOPSIS has only its commands"
else
	fail "perfviews: SYNOPSIS" "commands perfviews does not have: $extra"
fi
