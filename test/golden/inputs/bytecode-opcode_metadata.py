# The part of CPython's Lib/_opcode_metadata.py that bytecode(1) reads,
# for its golden tests: the families of the specialised instructions.
_specializations = {
    "LOAD_ATTR": [
        # a comment, as CPython's has
        "LOAD_ATTR_INSTANCE_VALUE",
    ],
    "CALL": [
        "CALL_PY_EXACT_ARGS",
    ],
}
