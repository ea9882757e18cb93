/*
 * bytecode-loop.c - a tiny eval loop for bytecode(1)'s golden tests: a
 * function named as CPython's, whose instructions begin at labels
 * TARGET_<NAME> (computed gotos, as CPython's build makes them), with a
 * named part (error), an inner label that begins nothing (PRED_1), an
 * inlined helper and a called one.  bytecode-make.sh builds it.
 */
int sink;

static inline __attribute__((always_inline)) void
decref(int *x)
{
	if (--*x == 0)
		sink++;
}

__attribute__((noinline)) int
called(int x)
{
	return x * 3 + sink;
}

int
_PyEval_EvalFrameDefault(const unsigned char *code, int n)
{
	static void *targets[] = {
	    &&TARGET_LOAD_FAST, &&TARGET_LOAD_ATTR,
	    &&TARGET_LOAD_ATTR_INSTANCE_VALUE, &&TARGET_CALL,
	    &&TARGET_RETURN_VALUE};
	int acc = n, ref = 2;
	const unsigned char *pc = code;

	if (code == 0)
		goto error;
	goto *targets[*pc++];
TARGET_LOAD_FAST:
	acc += 1;
	decref(&ref);
	goto *targets[*pc++];
TARGET_LOAD_ATTR:
PRED_1:
	acc += 2;
	acc *= sink;
	goto *targets[*pc++];
TARGET_LOAD_ATTR_INSTANCE_VALUE:
	acc += 3;
	acc ^= sink;
	goto *targets[*pc++];
TARGET_CALL:
	acc += called(acc);
	acc -= sink;
	goto *targets[*pc++];
TARGET_RETURN_VALUE:
	return acc;
error:
	sink = -1;
	return -1;
}
