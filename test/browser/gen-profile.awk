# gen-profile.awk - a big folded profile for flamesvg's browser test and
# benchmark: `awk -v seed=1 -v stacks=100000 -f gen-profile.awk | sort`;
# -v maxdepth=N makes stacks up to N frames deep (default 40).
#
# Stacks look like a Python program under perf: a process root, interpreter
# frames alternating with Python-level frames, native and kernel leaves.
# Callers are drawn so that stacks share long beginnings, as real ones do;
# nearly every stack is distinct.
BEGIN {
	if (seed == "") seed = 1
	if (stacks == "") stacks = 100000
	if (maxdepth == "") maxdepth = 40
	srand(seed)
	for (i = 0; i < stacks; i++) {
		line = "python3"
		node = 0
		depth = 4 + int(rand() * (maxdepth - 4))
		for (d = 0; d < depth; d++) {
			child = int(rand() ^ 3 * 9)
			node = (node * 31 + child * 7 + d) % 7919
			line = line ";" frame(node, d, depth)
		}
		print line " " (1 + int(rand() * 20))
	}
}

function frame(node, d, depth) {
	if (d == depth - 1 && node % 5 == 0)
		return "do_syscall_64_[k]"
	if (d == depth - 1 && node % 5 == 1)
		return "memcpy_avx_unaligned"
	if (d % 2 == 1)
		return (node % 3 == 0) ? "_PyEval_EvalFrameDefault" : "PyObject_Call"
	return "py::handler_" node ":/srv/app/module_" (node % 113) ".py"
}
