# --bytecode: after each eval-loop frame, the instruction it was in (the
# test's own libpython with its DWARF, bytecode-make.sh): self in its
# own code, a caller's by its return address; an unplaced loop adds none.
d=$(mktemp -d) && sh bytecode-make.sh "$d" bytecode-samples.txt >"$d/in.txt" && $BIN/collapse --bytecode "$d/in.txt" | sed "s|$d|DIR|g"; rm -rf "$d"
