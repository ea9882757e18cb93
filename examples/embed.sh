#!/bin/sh
# embed.sh - the perfviews filters inside another script: a "what got
# slower?" check that a CI job or a benchmark harness could run.
#
#   sh examples/embed.sh [RAW]
#
# RAW is perf script text (.xz is fine); the default is the shipped
# example.  It prints the five hottest functions, the share of samples in
# each shared object, and fails (exit 1) when the interpreter's share of
# samples is above a budget.  The filters' --format csv|json output is made
# for this: no scraping of text columns.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-$here/../bin}
raw=${1:-$here/pass-perf-freq50000-nosite-raw.txt.xz}
budget=${BUDGET:-90} # percent of samples allowed in libpython

[ -x "$bin/flatsort" ] || { echo "embed.sh: run make first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Decompress once; every filter reads the same text.
case $raw in
*.xz) xz -dc "$raw" >"$work/raw.txt" ;;
*) cp "$raw" "$work/raw.txt" ;;
esac

echo "Top 5 functions by self samples:"
"$bin/flatsort" --format csv --limit 5 "$work/raw.txt" |
	awk -F, 'NR > 1 { printf "  %6s%%  %s (%s)\n", $1, $6, $5 }'

echo "Samples by shared object:"
"$bin/flatsort" --by dso --format csv "$work/raw.txt" >"$work/dso.csv"
awk -F, 'NR > 1 { printf "  %6s%%  %s\n", $1, $5 }' "$work/dso.csv"

# The same data, folded, for a flame graph next to the report.
"$bin/collapse" "$work/raw.txt" >"$work/folded.txt"
"$bin/flamesvg" --title "embed.sh" "$work/folded.txt" >"$work/flame.svg"
echo "Flame graph: $(wc -c <"$work/flame.svg") bytes, $(wc -l <"$work/folded.txt") distinct stacks"

python=$(awk -F, 'NR > 1 && $5 ~ /^libpython/ { p += $1 } END { printf "%.0f", p }' \
	"$work/dso.csv")
if [ "$python" -gt "$budget" ]; then
	echo "libpython has $python% of samples, over the budget of $budget%" >&2
	exit 1
fi
echo "libpython has $python% of samples (budget $budget%): ok"
