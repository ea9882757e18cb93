/*
 * test_category_rules.c - parsing, errors and matching of category rules,
 * the default CPython rules on known names, and category colours.
 */
#include <stdio.h>

#include "flame/palette.h"
#include "input/frame_tidy.h"
#include "match/category_rules.h"
#include "unit.h"

/* The messages of the last parse, one a line. */
static char errors[8192];

static void
collect(void *ctx, const char *message)
{
	(void)ctx;
	size_t n = strlen(errors);
	snprintf(errors + n, sizeof errors - n, "%s\n", message);
}

static size_t
parse(struct category_rules *r, const char *text)
{
	errors[0] = '\0';
	category_rules_init(r);
	return category_rules_parse(r, "t.rules", span_cstr(text), collect,
	                            NULL);
}

/* The category of (sym, dso, module), as a string; module NULL: native. */
static const char *
category(const struct category_rules *r, const char *sym, const char *dso,
         const char *module)
{
	static char out[128];
	struct rule_subject s = {
	    symbol_base_name(span_cstr(sym)), span_cstr(dso),
	    module ? span_cstr(module) : span_make(NULL, 0)};
	uint32_t rule = category_rules_match(r, &s, 0, false);
	struct span name = category_name(r, category_of_rule(r, rule));
	snprintf(out, sizeof out, "%.*s", (int)name.n, name.p);
	return out;
}

START_TEST(parses_rules_comments_and_blanks)
{
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, "# a comment\n"
	                            "\n"
	                            "gc\tsym ^gc_   # trailing comment\n"
	                            "  kernel dso ^\\[kernel\r\n"
	                            "io sym ^read dso ^libc\n"),
	                  0);
	ck_assert_str_eq(errors, "");
	ck_assert_uint_eq(r.count, 3);
	ck_assert_uint_eq(r.rules[0].line, 3);
	ck_assert_uint_eq(r.rules[1].line, 4);
	ck_assert_uint_eq(r.rules[2].npairs, 2);
	ck_assert_str_eq(r.path, "t.rules");
	/* unknown first, then the categories in order of first use. */
	ck_assert_uint_eq(category_count(&r), 4);
	ck_assert_span(category_name(&r, 0), "unknown");
	ck_assert_span(category_name(&r, 1), "gc");
	category_rules_free(&r);
}
END_TEST

START_TEST(first_match_wins)
{
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, "dict sym ^PyDict_GetItem$\n"
	                            "lookup sym GetItem\n"
	                            "dict sym ^PyDict\n"),
	                  0);
	ck_assert_str_eq(category(&r, "PyDict_GetItem", "x", NULL), "dict");
	ck_assert_str_eq(category(&r, "PyObject_GetItem", "x", NULL), "lookup");
	ck_assert_str_eq(category(&r, "PyDict_GetItemRef", "x", NULL),
	                 "lookup");
	ck_assert_str_eq(category(&r, "PyDict_New", "x", NULL), "dict");
	ck_assert_str_eq(category(&r, "list_append", "x", NULL), "unknown");
	/* from skips the earlier rules: the second match of a name. */
	struct rule_subject s = {span_cstr("PyDict_GetItemRef"), span_cstr("x"),
	                         span_make(NULL, 0)};
	ck_assert_uint_eq(category_rules_match(&r, &s, 0, false), 1);
	ck_assert_uint_eq(category_rules_match(&r, &s, 2, false), 2);
	ck_assert_uint_eq(category_rules_match(&r, &s, 3, false), RULE_NONE);
	category_rules_free(&r);
}
END_TEST

START_TEST(both_pairs_must_match)
{
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, "io sym ^read$ dso ^libc\\.\n"
	                            "other sym ^read$\n"),
	                  0);
	ck_assert_str_eq(category(&r, "read", "libc.so.6", NULL), "io");
	ck_assert_str_eq(category(&r, "read", "libfoo.so", NULL), "other");
	ck_assert_str_eq(category(&r, "write", "libc.so.6", NULL), "unknown");
	category_rules_free(&r);
}
END_TEST

START_TEST(modules_only_for_python_frames)
{
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, "import module importlib\n"
	                            "jit dso ^perf-\\d+\\.map$\n"
	                            "program module .\n"),
	                  0);
	ck_assert_str_eq(category(&r, "py::f:<frozen importlib._bootstrap>",
	                          "perf-1.map",
	                          "<frozen importlib._bootstrap>"),
	                 "import");
	ck_assert_str_eq(category(&r, "py::f:/x.py", "perf-1.map", "/x.py"),
	                 "jit");
	/* A native frame has no module: module rules never match it. */
	ck_assert_str_eq(category(&r, "importlib", "libfoo.so", NULL),
	                 "unknown");
	/* module_only skips the rules without a module pair. */
	struct rule_subject s = {span_cstr("py::f:/x.py"),
	                         span_cstr("perf-1.map"), span_cstr("/x.py")};
	ck_assert_uint_eq(category_rules_match(&r, &s, 0, true), 2);
	ck_assert(!r.rules[1].has_module && r.rules[2].has_module);
	category_rules_free(&r);
}
END_TEST

START_TEST(clone_suffixes_do_not_stop_a_match)
{
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, "gc sym ^gc_collect_main$\n"
	                            "dict sym ^(insertdict|dictresize)$\n"),
	                  0);
	ck_assert_str_eq(category(&r, "gc_collect_main.isra.0", "x", NULL),
	                 "gc");
	ck_assert_str_eq(category(&r, "insertdict.constprop.0", "x", NULL),
	                 "dict");
	ck_assert_str_eq(category(&r, "dictresize.cold", "x", NULL), "dict");
	ck_assert_str_eq(category(&r, "dictresize (inlined)", "x", NULL),
	                 "dict");
	category_rules_free(&r);
}
END_TEST

START_TEST(errors_name_file_and_line)
{
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, "ok sym a\n"
	                            "bad sym (\n"
	                            "x symbol y\n"
	                            "sym ^foo\n"
	                            "lonely\n"
	                            "y sym\n"
	                            "z sym a sym b\n"
	                            "w sym a dso b module c\n"
	                            "a/b sym c\n"
	                            "good dso z\n"),
	                  8);
	ck_assert_str_eq(
	    errors,
	    "t.rules:2: bad pattern '(': missing closing parenthesis at "
	    "offset 1\n"
	    "t.rules:3: unknown field 'symbol' (sym, dso or module)\n"
	    "t.rules:4: no category: the rule starts with the field 'sym'\n"
	    "t.rules:5: category 'lonely' has no field and pattern\n"
	    "t.rules:6: field 'sym' has no pattern\n"
	    "t.rules:7: field 'sym' given twice\n"
	    "t.rules:8: too many words: a rule is CATEGORY FIELD PATTERN "
	    "[FIELD PATTERN] (a pattern has no blanks: write \\s)\n"
	    "t.rules:9: bad category name 'a/b' (letters, digits, _ - . +)\n");
	/* The good lines are still read; the caller stops on errors. */
	ck_assert_uint_eq(r.count, 2);
	category_rules_free(&r);
}
END_TEST

START_TEST(long_lines)
{
	/* A 100 kB comment, then a rule of 3,000 names (17 kB). */
	enum { COMMENT = 100000, N = 3000 };
	static char text[COMMENT + N * 8 + 64];
	memset(text, 'c', COMMENT);
	text[0] = '#';
	text[COMMENT - 1] = '\n';
	size_t n = COMMENT;
	n += (size_t)snprintf(text + n, sizeof text - n, "big sym ^(");
	for (int i = 0; i < N; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%sf%d",
		                      i ? "|" : "", i);
	snprintf(text + n, sizeof text - n, ")$\n");
	struct category_rules r;
	ck_assert_uint_eq(parse(&r, text), 0);
	ck_assert_uint_eq(r.rules[0].line, 2);
	ck_assert_str_eq(category(&r, "f2999", "x", NULL), "big");
	ck_assert_str_eq(category(&r, "f3000", "x", NULL), "unknown");
	category_rules_free(&r);
}
END_TEST

START_TEST(load_reports_missing_and_empty_files)
{
	struct category_rules r;
	errors[0] = '\0';
	category_rules_init(&r);
	ck_assert_uint_eq(
	    category_rules_load(&r, "/nonexistent/x.rules", collect, NULL), 1);
	ck_assert_str_eq(errors,
	                 "/nonexistent/x.rules: No such file or directory\n");
	category_rules_free(&r);
	errors[0] = '\0';
	category_rules_init(&r);
	ck_assert_uint_eq(category_rules_load(&r, "/dev/null", collect, NULL),
	                  1);
	ck_assert_str_eq(errors, "/dev/null: no rules\n");
	category_rules_free(&r);
}
END_TEST

/* The shipped rules, on names whose source file says their category. */
START_TEST(default_rules)
{
	static const char *const dsos[] = {"libpython3.11.so.1.0",
	                                   "libpython3.13.so.1.0", "python3.12",
	                                   "python3.11d"};
	static const struct {
		const char *sym, *want;
	} names[] = {
	    {"_PyEval_EvalFrameDefault", "interpreter"},
	    {"_PyEval_EvalFrameDefault.cold", "interpreter"},
	    {"PyObject_GetAttr", "lookup"},
	    {"_PyType_Lookup", "lookup"},
	    {"gc_collect_main.isra.0", "gc"},
	    {"PyObject_Malloc", "memory"},
	    {"_Py_Dealloc", "memory"},
	    {"_Py_NewReference", "memory"},
	    {"Py_INCREF", "refcount"},
	    {"Py_XDECREF", "refcount"},
	    {"_Py_IsImmortal", "refcount"},
	    {"_Py_DECREF_NO_DEALLOC", "refcount"},
	    {"Py_DecRef@plt", "refcount"},
	    {"_PyRuntimeState_GetThreadState", "threadstate"},
	    {"_PyThreadState_GET", "threadstate"},
	    {"current_fast_get", "threadstate"},
	    {"_PyInterpreterState_GET", "threadstate"},
	    {"__tls_get_addr@plt", "threadstate"},
	    {"_PyThreadState_Swap", "gil"},
	    {"_Py_Dealloc@plt", "ld"},
	    {"slot_tp_repr", "dynamic"},
	    {"long_add", "int"},
	    {"float_mul", "float"},
	    {"PyUnicode_Concatenate", "str"},
	    {"insertdict", "dict"},
	    {"list_append", "list"},
	    {"PyTuple_New", "tuple"},
	    {"set_add_entry", "other_objects"},
	    {"PyErr_SetObject", "exceptions"},
	    {"_PyObject_MakeTpCall", "calls"},
	    {"PyImport_ImportModuleLevelObject", "import"},
	    {"_PyPegen_run_parser", "compiler"},
	    {"take_gil", "gil"},
	    {"gen_send_ex2", "async"},
	};
	struct category_rules r;
	category_rules_init(&r);
	errors[0] = '\0';
	ck_assert_uint_eq(category_rules_load(&r,
	                                      "share/perfviews/cpython.rules",
	                                      collect, NULL),
	                  0);
	for (size_t d = 0; d < sizeof dsos / sizeof *dsos; d++)
		for (size_t i = 0; i < sizeof names / sizeof *names; i++)
			ck_assert_msg(
			    strcmp(category(&r, names[i].sym, dsos[d], NULL),
			           names[i].want) == 0,
			    "%s in %s: %s, want %s", names[i].sym, dsos[d],
			    category(&r, names[i].sym, dsos[d], NULL),
			    names[i].want);
	ck_assert_str_eq(
	    category(&r, "clear_page_erms", "[kernel.kallsyms]", NULL),
	    "kernel");
	ck_assert_str_eq(
	    category(&r, "__memmove_avx_unaligned_erms", "libc.so.6", NULL),
	    "libc");
	ck_assert_str_eq(
	    category(&r, "_dl_relocate_object", "ld-linux-x86-64.so.2", NULL),
	    "ld");
	/* A shared libpython's thread-local thread state, through ld.so. */
	ck_assert_str_eq(
	    category(&r, "__tls_get_addr", "ld-linux-x86-64.so.2", NULL),
	    "threadstate");
	/* Reference counting inlined into an extension module. */
	ck_assert_str_eq(category(&r, "Py_DECREF",
	                          "_json.cpython-312-x86_64-linux-gnu.so",
	                          NULL),
	                 "refcount");
	ck_assert_str_eq(category(&r, "py::f:/x.py", "perf-12.map", "/x.py"),
	                 "jit");
	ck_assert_str_eq(category(&r, "inflate", "libz.so.1", NULL),
	                 "other_libraries");
	ck_assert_str_eq(category(&r, "foo",
	                          "_json.cpython-312-x86_64-"
	                          "linux-gnu.so",
	                          NULL),
	                 "extensions");
	/* No catch-all for the interpreter: a new name stays unknown. */
	ck_assert_str_eq(
	    category(&r, "zzz_no_such_function", "libpython3.14.so.1.0", NULL),
	    "unknown");
	ck_assert_str_eq(category(&r, "[libpython3.12.so.1.0]",
	                          "libpython3.12.so.1.0", NULL),
	                 "unknown");
	category_rules_free(&r);
}
END_TEST

START_TEST(category_colours_are_fixed)
{
	struct rgb a = palette_category_colour(span_cstr("interpreter"));
	ck_assert_uint_eq(a.r, 0x1f);
	ck_assert_uint_eq(a.g, 0x77);
	ck_assert_uint_eq(a.b, 0xb4);
	/* The concepts' own, in the hues of their neighbours. */
	struct rgb rc = palette_category_colour(span_cstr("refcount"));
	ck_assert(rc.r == 0x67 && rc.g == 0x00 && rc.b == 0x0d);
	struct rgb ts = palette_category_colour(span_cstr("threadstate"));
	ck_assert(ts.r == 0xbd && ts.g == 0x9e && ts.b == 0x39);
	struct rgb x = palette_category_colour(span_cstr("my_category"));
	struct rgb y = palette_category_colour(span_cstr("my_category"));
	ck_assert(x.r == y.r && x.g == y.g && x.b == y.b);
	struct rgb z = palette_category_colour(span_cstr("other_category"));
	ck_assert(x.r != z.r || x.g != z.g || x.b != z.b);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("category_rules");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, parses_rules_comments_and_blanks);
	tcase_add_test(tc, first_match_wins);
	tcase_add_test(tc, both_pairs_must_match);
	tcase_add_test(tc, modules_only_for_python_frames);
	tcase_add_test(tc, clone_suffixes_do_not_stop_a_match);
	tcase_add_test(tc, errors_name_file_and_line);
	tcase_add_test(tc, long_lines);
	tcase_add_test(tc, load_reports_missing_and_empty_files);
	tcase_add_test(tc, default_rules);
	tcase_add_test(tc, category_colours_are_fixed);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
