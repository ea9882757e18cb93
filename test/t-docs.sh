#!/bin/sh
# t-docs.sh - the documentation agrees with the programs.
#
# For every filter: its man page has the required sections; every long
# option of its table (--list-options: what --help shows) is in the man
# page, and every option of its usage and of the man page's SYNOPSIS is in
# its table; --version names the filter.  The
# README mentions every filter and is at most 300 lines; the ```sh blocks
# of README.md and docs/*.md run as written; their links resolve, anchors
# included, and every page of docs/ is reached from the README; the
# README's picture is what the code draws today (UPDATE=1 writes it).
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
# The programs' names from filters/, so that a new one is checked too.
programs=$(ls "$TOP"/filters/*.c | sed 's|.*/||; s|\.c$||' | paste -s -d'|' -)
cited=$(cat "$TOP"/README.md "$TOP"/ARCHITECTURE.md "$TOP"/common/*/*.[ch] \
    "$TOP"/common/*/*.md "$TOP"/datasets.mk "$TOP"/filters/*.c "$TOP"/docs/*.md \
    2>/dev/null | grep -oE "\\b($programs)\\([1-8]\\)" |
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

# The README is short: what perfviews is, the two commands, a tour of the
# views, where to read more; the rest is in docs/.
lines=$(wc -l <"$TOP/README.md")
if [ "$lines" -le 300 ]; then
	pass "README.md is $lines lines (at most 300)"
else
	fail "README.md" "$lines lines, more than 300: move a section into docs/"
fi

# Each page's ```sh blocks, one script a page, run from the top of the
# tree as written (```shell blocks need a recording, root or a network and
# are not run; t-recipe runs the recipe of docs/benchmarks.md).
examples=0
for page in "$TOP/README.md" "$TOP"/docs/*.md; do
	name=${page#"$TOP"/}
	awk '/^[ \t]*```sh[ \t]*$/ { on = 1; next } /^[ \t]*```/ { on = 0 } on' "$page" \
	    >"$TMP/page.sh"
	[ -s "$TMP/page.sh" ] || continue
	examples=$((examples + 1))
	if (cd "$TOP" && sh -e "$TMP/page.sh") >"$TMP/page.out" 2>&1; then
		if [ -s "$TMP/page.out" ]; then
			pass "$name: its examples run as written"
		else
			fail "$name: examples" "ran but printed nothing"
		fi
	else
		fail "$name: examples" "$(tail -n 3 "$TMP/page.out" | paste -s -d' ' -)"
	fi
done
if [ "$examples" -eq 0 ] || ! grep -q '^```sh$' "$TOP/README.md"; then
	fail "examples" "no \`\`\`sh block in README.md"
fi

# links PAGE: each relative link of a Markdown page, outside code, as
# "TARGET|ANCHOR" (TARGET empty for the page itself; ANCHOR "-" for none).
links() {
	awk '/^[ \t]*```/ { fence = !fence; next }
	    fence { next }
	    {
		gsub(/`[^`]*`/, "")
		while (match($0, /\]\([^) ]*\)/)) {
			l = substr($0, RSTART + 2, RLENGTH - 3)
			$0 = substr($0, RSTART + RLENGTH)
			if (l ~ /^[a-z]+:/) continue
			n = index(l, "#")
			if (n) print substr(l, 1, n - 1) "|" substr(l, n + 1)
			else print l "|-"
		}
	    }' "$1"
}

# anchors PAGE: the anchors of a Markdown page's headings, as GitHub makes
# them: lower case, punctuation dropped, spaces made hyphens, a second of
# the same name suffixed -1.
anchors() {
	LC_ALL=C awk '/^[ \t]*```/ { fence = !fence; next }
	    !fence && /^#+ / {
		s = tolower($0)
		sub(/^#+ +/, "", s)
		gsub(/[^a-z0-9 _-]/, "", s)
		gsub(/ /, "-", s)
		print seen[s]++ ? s "-" seen[s] - 1 : s
	    }' "$1"
}

# Every link between pages resolves, anchor included; every page of docs/
# is reached from the README, following links.
broken=
echo "$TOP/README.md" >"$TMP/reached"
cp "$TMP/reached" "$TMP/todo"
while [ -s "$TMP/todo" ]; do
	page=$(head -n 1 "$TMP/todo")
	sed -i 1d "$TMP/todo"
	dir=$(dirname "$page")
	links "$page" >"$TMP/links"
	while IFS='|' read -r target anchor; do
		file=$dir/$target
		[ -n "$target" ] || file=$page
		if [ ! -e "$file" ]; then
			broken="$broken ${page#"$TOP"/}->$target"
			continue
		fi
		file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
		case $file in *.md) ;; *) continue ;; esac
		if [ "$anchor" != - ] && ! anchors "$file" | grep -qxF -- "$anchor"; then
			broken="$broken ${page#"$TOP"/}->${target}#$anchor"
		fi
		case $file in "$TOP"/README.md | "$TOP"/docs/*.md) ;; *) continue ;; esac
		if ! grep -qxF -- "$file" "$TMP/reached"; then
			echo "$file" >>"$TMP/reached"
			echo "$file" >>"$TMP/todo"
		fi
	done <"$TMP/links"
done
unreached=
for page in "$TOP"/docs/*.md; do
	grep -qxF -- "$page" "$TMP/reached" || unreached="$unreached ${page#"$TOP"/}"
done
if [ -z "$broken" ]; then
	pass "every link of README.md and docs/ resolves, anchors included"
else
	fail "links" "broken:$broken"
fi
if [ -z "$unreached" ]; then
	pass "every page of docs/ is reached from README.md"
else
	fail "pages" "not reached from README.md:$unreached"
fi

# The README's picture is the shipped example's flame graph as make views
# draws it, its frames under 0.5% left out: what the code draws today
# (UPDATE=1 writes it again).
picture=$TOP/docs/example-flamegraph.svg
id=$(sed -n 's/^EXAMPLE_ID *= *//p' "$TOP/datasets.mk")
meta=$TOP/examples/$id-meta.json
if [ -z "$id" ] || ! "$BIN/perfviews" views --quiet --data "$TOP/examples" \
    --out "$TMP/views" "$id" >"$TMP/views.err" 2>&1; then
	fail "the README's picture" "no views of the example '$id': $(tail -n 1 "$TMP/views.err")"
else
	subtitle=$("$BIN/perfviews" readme --subtitle "$meta")
	"$BIN/flamesvg" --colors python --title "$id" --subtitle "$subtitle" \
	    "$TMP/views/$id-folded.txt" >"$TMP/whole.svg"
	"$BIN/flamesvg" --colors python --title "$id" --subtitle "$subtitle" \
	    --minwidth 0.5% "$TMP/views/$id-folded.txt" >"$TMP/picture.svg"
	[ -n "$UPDATE" ] && cp "$TMP/picture.svg" "$picture"
	if ! cmp -s "$TMP/whole.svg" "$TMP/views/$id-flamegraph.svg"; then
		fail "the README's picture" "make views draws $id's flame graph otherwise than flamesvg --colors python --title --subtitle: say how in test/t-docs.sh"
	elif ! grep -q "(docs/example-flamegraph.svg)" "$TOP/README.md"; then
		fail "the README's picture" "README.md does not show docs/example-flamegraph.svg"
	elif cmp -s "$picture" "$TMP/picture.svg"; then
		pass "the README's picture is make views' flame graph of $id, as drawn today"
	else
		fail "the README's picture" "docs/example-flamegraph.svg is not what the code draws today: UPDATE=1 sh test/t-docs.sh writes it again (read git diff docs first)"
	fi
fi
