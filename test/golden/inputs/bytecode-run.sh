#!/bin/sh
# bytecode-run.sh TEMPLATE DSO [OPTION...] - bytecode(1) on TEMPLATE's
# samples (bytecode-make.sh), their DSO lib/libpython3.99.so replaced by
# DSO (a path under the build directory; "-": kept), with the build
# directory's path written DIR: the same output on every machine.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
template=$1 dso=$2
shift 2
sh "$(dirname "$0")/bytecode-make.sh" "$d" "$template" >"$d/in.txt" || exit 1
[ "$dso" = - ] || sed -i "s|$d/lib/libpython3.99.so|$d/$dso|" "$d/in.txt"
"$BIN/bytecode" "$@" "$d/in.txt" >"$d/out" 2>"$d/err"
status=$?
sed "s|$d|DIR|g" "$d/out"
sed "s|$d|DIR|g" "$d/err" >&2
exit $status
