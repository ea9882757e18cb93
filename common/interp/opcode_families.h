/*
 * opcode_families.h - the family of each instruction of CPython's eval
 * loop: the unspecialised instruction a specialised one stands for
 * (LOAD_ATTR_INSTANCE_VALUE is of LOAD_ATTR).
 *
 * The interpreter says it in its own library: the dictionary
 * _specializations of Lib/_opcode_metadata.py (3.13 and later) or
 * Lib/opcode.py (3.12, 3.11), found beside the DSO that holds the eval
 * loop (PREFIX/lib/libpython3.N.so -> PREFIX/lib/python3.N/, and
 * PREFIX/bin/python3.N -> PREFIX/lib/python3.N/).  Where that file is not
 * found, a rule: the family of NAME is the longest other instruction name
 * B of the eval loop such that NAME is B, '_', and more; else NAME itself.
 * The rule also puts a superinstruction in the family of its first part
 * (3.13's LOAD_FAST_LOAD_FAST in LOAD_FAST), as 3.12's own table does.
 */
#ifndef PERFVIEWS_OPCODE_FAMILIES_H
#define PERFVIEWS_OPCODE_FAMILIES_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"

struct opcode_families {
	struct string_table names; /* specialised and family names */
	uint32_t *family;          /* by id in names: STRING_NONE or a name */
	size_t family_cap;
	char *source; /* the file read, or NULL: the rule */
};

void opcode_families_init(struct opcode_families *f);
void opcode_families_free(struct opcode_families *f);

/*
 * Read the interpreter's table beside the DSO at dso_path; false (and
 * nothing read) when there is none.  A file found but not as expected is
 * a warning naming its line, and then no table.
 */
bool opcode_families_read(struct opcode_families *f, const char *dso_path);

/*
 * The family of name: from the table when one was read, else by the rule
 * over the instruction names in instructions.  Points into name, f or
 * instructions.
 */
struct span opcode_family(const struct opcode_families *f, struct span name,
                          const struct string_table *instructions);

#endif
