/*
 * test_opcode_families.c - instruction families: the interpreter's
 * _specializations table found beside its DSO, and the name rule
 * (perfdata/opcode_families.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp/opcode_families.h"
#include "unit.h"

/* A prefix with lib/python3.13/_opcode_metadata.py holding text. */
static char *
install(const char *text)
{
	char tmpl[] = "/tmp/test_opcode_families.XXXXXX";
	char *dir = mkdtemp(tmpl);
	ck_assert_ptr_nonnull(dir);
	char path[512];
	snprintf(path, sizeof path, "%s/lib", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/bin", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/lib/python3.13", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/lib/python3.13/_opcode_metadata.py",
	         dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return strdup(dir);
}

static void
uninstall(char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(dir);
}

static const char table[] = "# generated\n"
                            "_specializations = {\n"
                            "    \"LOAD_ATTR\": [\n"
                            "        # a comment\n"
                            "        \"LOAD_ATTR_INSTANCE_VALUE\",\n"
                            "        \"LOAD_ATTR_SLOT\",\n"
                            "    ],\n"
                            "    \"CALL\": [\n"
                            "        \"CALL_BUILTIN_FAST_WITH_KEYWORDS\",\n"
                            "        \"CALL_BUILTIN_FAST\",\n"
                            "    ],\n"
                            "}\n"
                            "_specialized_opmap = {}\n";

static struct span
family(const struct opcode_families *f, const char *name,
       const struct string_table *names)
{
	return opcode_family(f, span_cstr(name), names);
}

START_TEST(table_beside_the_dso)
{
	char *dir = install(table);
	char dso[600], exe[600];
	struct opcode_families f;
	struct string_table names;

	string_table_init(&names);
	snprintf(dso, sizeof dso, "%s/lib/libpython3.13.so.1.0", dir);
	opcode_families_init(&f);
	ck_assert(opcode_families_read(&f, dso));
	ck_assert(
	    span_eq_cstr(family(&f, "LOAD_ATTR_SLOT", &names), "LOAD_ATTR"));
	/* The table, not the name: CALL_BUILTIN_FAST is no family. */
	ck_assert(span_eq_cstr(
	    family(&f, "CALL_BUILTIN_FAST_WITH_KEYWORDS", &names), "CALL"));
	/* Not listed: its own family. */
	ck_assert(span_eq_cstr(family(&f, "LOAD_FAST_LOAD_FAST", &names),
	                       "LOAD_FAST_LOAD_FAST"));
	opcode_families_free(&f);
	/* An executable: PREFIX/bin/python3.13 looks in PREFIX/lib. */
	snprintf(exe, sizeof exe, "%s/bin/python3.13", dir);
	opcode_families_init(&f);
	ck_assert(opcode_families_read(&f, exe));
	opcode_families_free(&f);
	/* Another version has no table there. */
	snprintf(dso, sizeof dso, "%s/lib/libpython3.12.so", dir);
	opcode_families_init(&f);
	ck_assert(!opcode_families_read(&f, dso));
	opcode_families_free(&f);
	string_table_free(&names);
	uninstall(dir);
}
END_TEST

START_TEST(the_name_rule)
{
	struct opcode_families f;
	struct string_table names;
	static const char *const labels[] = {"LOAD_ATTR",
	                                     "LOAD_ATTR_INSTANCE_VALUE",
	                                     "LOAD_FAST",
	                                     "LOAD_FAST__LOAD_FAST",
	                                     "CALL",
	                                     "CALL_BUILTIN_FAST",
	                                     "CALL_BUILTIN_FAST_WITH_KEYWORDS",
	                                     "RETURN_VALUE"};

	opcode_families_init(&f);
	ck_assert(!opcode_families_read(&f, "/nonexistent/libpython3.13.so"));
	string_table_init(&names);
	for (size_t i = 0; i < sizeof labels / sizeof *labels; i++)
		string_table_intern(&names, span_cstr(labels[i]));
	ck_assert(span_eq_cstr(family(&f, "LOAD_ATTR_INSTANCE_VALUE", &names),
	                       "LOAD_ATTR"));
	ck_assert(span_eq_cstr(family(&f, "LOAD_FAST__LOAD_FAST", &names),
	                       "LOAD_FAST"));
	/* The longest name that is a prefix (the rule's documented error). */
	ck_assert(
	    span_eq_cstr(family(&f, "CALL_BUILTIN_FAST_WITH_KEYWORDS", &names),
	                 "CALL_BUILTIN_FAST"));
	ck_assert(
	    span_eq_cstr(family(&f, "RETURN_VALUE", &names), "RETURN_VALUE"));
	ck_assert(span_eq_cstr(family(&f, "LOAD_ATTR", &names), "LOAD_ATTR"));
	string_table_free(&names);
	opcode_families_free(&f);
}
END_TEST

START_TEST(a_table_not_as_expected_is_no_table)
{
	char *dir = install("_specializations = {\n"
	                    "    \"LOAD_ATTR\": [\n"
	                    "        LOAD_ATTR_SLOT,\n"
	                    "    ],\n"
	                    "}\n");
	char dso[600];
	struct opcode_families f;

	snprintf(dso, sizeof dso, "%s/lib/libpython3.13.so", dir);
	opcode_families_init(&f);
	ck_assert(!opcode_families_read(&f, dso));
	ck_assert_ptr_null(f.source);
	opcode_families_free(&f);
	uninstall(dir);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {table_beside_the_dso, the_name_rule,
	                        a_table_not_as_expected_is_no_table, NULL};
	return unit_main("opcode_families", tests);
}
