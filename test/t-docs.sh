#!/bin/sh
# t-docs.sh - the documentation agrees with the programs.
#
# For every filter: its man page has the required sections; every long
# option of its table (--list-options: what --help shows) is in the man
# page, and every option of its usage and of the man page's SYNOPSIS is in
# its table; --version names the filter.  The
# README mentions every filter, and its ```sh blocks run as written.
. "$(dirname "$0")/lib.sh"

for src in "$TOP"/filters/*.c; do
	f=$(basename "$src" .c)
	man=$TOP/man/$f.1
	if [ ! -f "$man" ]; then
		fail "$f: man page" "no man/$f.1"
		continue
	fi
	missing=
	for section in NAME SYNOPSIS OPTIONS EXAMPLES "EXIT STATUS" COMPATIBILITY; do
		grep -q "^\.SH \"*$section" "$man" || missing="$missing $section"
	done
	if [ -z "$missing" ]; then pass "$f: man sections"; else fail "$f: man sections" "missing$missing"; fi

	prog=$BIN/$f
	if ! "$prog" --help >"$TMP/help" 2>&1; then
		fail "$f: --help" "exit status $?"
		continue
	fi
	# The options of its table (every one --help shows), and of its usage.
	"$prog" --list-options | sort -u >"$TMP/help.opts"
	# (perfviews without a command prints every command's usage.)
	{ "$prog" --no-such-option; "$prog"; } 2>&1 </dev/null >/dev/null |
		sed -n '/^usage:/,/^Try/{/^Try/!p}' |
		grep -o -- '--[a-z][a-z-]*' | sort -u >"$TMP/usage.opts"
	not_in_table=$(comm -23 "$TMP/usage.opts" "$TMP/help.opts" | paste -s -d' ' -)
	if [ -s "$TMP/help.opts" ] && [ -z "$not_in_table" ]; then
		pass "$f: its usage names only options of its table"
	else
		fail "$f: usage" "not in its table: $not_in_table"
	fi
	# Options in the man page: \-\-name in roff.
	grep -o '\\-\\-[a-z][a-z\\-]*' "$man" | sed 's/\\//g' | sort -u >"$TMP/man.opts"
	sed -n '/^\.SH SYNOPSIS/,/^\.SH/p' "$man" |
		grep -o '\\-\\-[a-z][a-z\\-]*' | sed 's/\\//g' | sort -u >"$TMP/syn.opts"
	not_in_man=$(comm -23 "$TMP/help.opts" "$TMP/man.opts" | paste -s -d' ' -)
	not_in_help=$(comm -23 "$TMP/syn.opts" "$TMP/help.opts" | paste -s -d' ' -)
	if [ -z "$not_in_man" ] && [ -z "$not_in_help" ]; then
		pass "$f: its table and its man page list the same options"
	else
		fail "$f: options" "in --help only: $not_in_man; in SYNOPSIS only: $not_in_help"
	fi
	if "$prog" --version | grep -q "^$f (perfviews) "; then
		pass "$f: --version"
	else
		fail "$f: --version"
	fi
	grep -q "\`$f\`" "$TOP/README.md" && pass "$f: in README" ||
		fail "$f: in README" "README.md never names $f"
done

# perfviews(5), the formats of a data set: every meta.json field, every
# kind of file (the table's suffixes) and the raw file's run lines.
man5=$TOP/man/perfviews.5
missing=
for section in NAME SYNOPSIS DESCRIPTION FILES EXAMPLES "SEE ALSO"; do
	grep -q "^\.SH \"*$section" "$man5" || missing="$missing $section"
done
if [ -z "$missing" ]; then pass "perfviews(5): man sections"; else fail "perfviews(5): man sections" "missing$missing"; fi
sed 's/\\-/-/g; s/\\&//g' "$man5" >"$TMP/man5"
missing=
for field in $("$BIN/perfviews" meta --fields | awk '{ print $1 }'); do
	grep -qF "$field" "$TMP/man5" || missing="$missing $field"
done
for suffix in $(sed -n 's/.*\.\(alt_\)*suffix = "\([^"]*\)".*/\2/p' "$TOP/common/dataset/file_kinds.c"); do
	grep -qF -- "$suffix" "$TMP/man5" || missing="$missing $suffix"
done
for name in RUN_MARK_START RUN_MARK_ENDED RUN_MARK_END; do
	marker=$(sed -n "s/^#define $name *\"\(.*\)\"$/\1/p" "$TOP/common/input/run_marks.h")
	[ -n "$marker" ] || missing="$missing $name"
	grep -qF "$marker" "$TMP/man5" || missing="$missing '$marker'"
done
if [ -n "$marker" ] && [ -z "$missing" ]; then
	pass "perfviews(5) names every meta.json field, kind of file and the run marker"
else
	fail "perfviews(5)" "missing:$missing"
fi

# Every man page the tree cites, NAME(N), is one it has.
cited=$(cat "$TOP"/README.md "$TOP"/ARCHITECTURE.md "$TOP"/common/*/*.[ch] \
    "$TOP"/common/*/*.md "$TOP"/common/*/*.mk "$TOP"/filters/*.c "$TOP"/docs/*.md \
    2>/dev/null | grep -oE '\b(perfviews|collapse|flatsort|calltree|bydso|bycategory|flamesvg|flatdiff|diffstacks|fileaccess|strip-swapper|pyprofile)\([1-8]\)' |
    sort -u)
absent=
for page in $cited; do
	name=${page%(*}
	n=${page#*(}
	[ -f "$TOP/man/$name.${n%)}" ] || absent="$absent $page"
done
if [ -n "$cited" ] && [ -z "$absent" ] && ! grep -rqs 'SPEC §' "$TOP"/README.md \
    "$TOP"/ARCHITECTURE.md "$TOP"/Makefile "$TOP"/common "$TOP"/filters "$TOP"/man "$TOP"/test/*.sh \
    --exclude=t-docs.sh; then
	pass "every document the tree cites is in it"
else
	fail "cited documents" "absent:$absent; SPEC in: $(grep -rls --exclude=t-docs.sh 'SPEC §' "$TOP"/README.md "$TOP"/common "$TOP"/filters "$TOP"/man "$TOP"/test/*.sh | paste -s -d' ' -)"
fi

# The README's ```sh blocks, run from the top of the tree.
awk '/^```sh$/ { on = 1; next } /^```/ { on = 0 } on' "$TOP/README.md" \
    >"$TMP/readme.sh"
if [ ! -s "$TMP/readme.sh" ]; then
	fail "README examples" "no \`\`\`sh block"
elif (cd "$TOP" && sh -e "$TMP/readme.sh") >"$TMP/readme.out" 2>&1; then
	if [ -s "$TMP/readme.out" ]; then
		pass "README examples run as written"
	else
		fail "README examples" "ran but printed nothing"
	fi
else
	fail "README examples" "$(tail -n 3 "$TMP/readme.out" | paste -s -d' ' -)"
fi
