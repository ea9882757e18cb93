#!/bin/sh
# bytecode-make.sh DIR TEMPLATE - build bytecode-loop.c into DIR and write
# TEMPLATE's samples to stdout, with @NAME+N@ the offset in
# _PyEval_EvalFrameDefault of the label NAME (TARGET_NAME, or a named part)
# plus N, in hex, @END+N@ past the function's end, and @DIR@ the directory:
#   DIR/lib/libpython3.99.so     with DWARF, and its interpreter's families
#                                in DIR/lib/python3.99/_opcode_metadata.py
#   DIR/rule/libevalloop.so      with DWARF, no families: the name rule
#   DIR/nodebug/libpython3.98.so without DWARF
set -e
dir=$1
template=$2
here=$(dirname "$0")
mkdir -p "$dir/lib/python3.99" "$dir/rule" "$dir/nodebug"
cc -g -O0 -fPIC -shared -o "$dir/lib/libpython3.99.so" "$here/bytecode-loop.c"
cp "$dir/lib/libpython3.99.so" "$dir/rule/libevalloop.so"
cc -O0 -fPIC -shared -o "$dir/nodebug/libpython3.98.so" "$here/bytecode-loop.c"
cp "$here/bytecode-opcode_metadata.py" "$dir/lib/python3.99/_opcode_metadata.py"
so=$dir/lib/libpython3.99.so
set -- $(nm -S "$so" | awk '$4 == "_PyEval_EvalFrameDefault" { print $1, $2 }')
start=$((0x$1))
end=$((0x$1 + 0x$2))
# name low_pc of each label
objdump --dwarf=info "$so" | awk '
/DW_TAG_label/ { label = 1; name = ""; next }
/DW_TAG/ { label = 0 }
label && /DW_AT_name/ { name = $NF }
label && /DW_AT_low_pc/ { print name, $NF }' >"$dir/labels"
subst=
while read -r name pc; do
	subst="$subst s/@${name#TARGET_}+\\([0-9]*\\)@/\$(printf %x \$(($((pc)) - $start + \\1)))/g;"
done <"$dir/labels"
# The template's @X+N@ become shell arithmetic, then are evaluated.
sed -e "$subst" -e "s/@END+\\([0-9]*\\)@/\$(printf %x \$(($end - $start + \\1)))/g" \
    -e "s|@DIR@|$dir|g" "$template" | while IFS= read -r line; do
	eval "printf '%s\n' \"$line\""
done
