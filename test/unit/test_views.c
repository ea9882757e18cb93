/*
 * test_views.c - unit tests of the text views' shared pieces: JSON and CSV
 * escaping (report.h), the tree of weights (tree.h), and the profile
 * (profile.h) read from perf script and folded files.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/json_write.h"
#include "views/profile.h"
#include "views/report.h"
#include "views/tree.h"

/* What a writer function prints, as a NUL-terminated string. */
static char printed[4096];

static void
json_of(const char *s, size_t n)
{
	FILE *f = fmemopen(printed, sizeof printed, "w");
	json_write_string(f, span_make(s, n));
	fclose(f);
}

static void
csv_of(const char *s)
{
	FILE *f = fmemopen(printed, sizeof printed, "w");
	csv_write_field(f, span_cstr(s));
	fclose(f);
}

START_TEST(json_escapes_quotes_and_controls)
{
	json_of("a\"b\\c\n\x01", 7);
	ck_assert_str_eq(printed, "\"a\\\"b\\\\c\\u000a\\u0001\"");
}
END_TEST

START_TEST(json_replaces_invalid_utf8)
{
	json_of("\xc3\xa9-\xff-\xe2\x82-\xed\xa0\x80", 11);
	ck_assert_str_eq(
	    printed,
	    "\"\xc3\xa9-\\ufffd-\\ufffd\\ufffd-\\ufffd\\ufffd\\ufffd\"");
}
END_TEST

START_TEST(csv_quotes_only_when_needed)
{
	csv_of("plain::name");
	ck_assert_str_eq(printed, "plain::name");
	csv_of("f<a, b>");
	ck_assert_str_eq(printed, "\"f<a, b>\"");
	csv_of("say \"hi\"");
	ck_assert_str_eq(printed, "\"say \"\"hi\"\"\"");
}
END_TEST

START_TEST(tree_finds_children_and_sorts)
{
	struct string_table names;
	struct tree t;

	string_table_init(&names);
	uint32_t a = string_table_intern(&names, span_cstr("a"));
	uint32_t b = string_table_intern(&names, span_cstr("b"));
	tree_init(&t);
	uint32_t root = tree_child(&t, TREE_NONE, a, TREE_NONE);
	uint32_t x = tree_child(&t, root, a, TREE_NONE);
	uint32_t y = tree_child(&t, root, b, TREE_NONE);
	ck_assert_uint_eq(tree_child(&t, root, a, TREE_NONE), x);
	ck_assert_uint_ne(tree_child(&t, root, a, b), x);
	t.nodes[x].count = 1;
	t.nodes[y].count = 5;
	tree_sort(&t, &names);
	ck_assert_uint_eq(t.first_root, root);
	ck_assert_uint_eq(t.nodes[root].first_child, y);
	ck_assert_uint_eq(t.nodes[y].next_sibling, x);
	tree_free(&t);
	string_table_free(&names);
}
END_TEST

/* A profile read from text written to a temporary file. */
static void
read_text(struct profile *p, const struct profile_options *opt,
          const char *text)
{
	char path[] = "/tmp/test_views.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
	close(fd);
	profile_init(p, opt);
	profile_read(p, path);
	unlink(path);
}

START_TEST(profile_inlined_frames_take_container_dso)
{
	struct profile_options opt = {0};
	struct profile p;

	read_text(&p, &opt,
	          "a 1 1.0: 10 cpu-clock:\n"
	          "\t10 inl+0x1 (inlined)\n"
	          "\t10 outer+0x1 (/lib/libx.so)\n"
	          "\t20 main+0x1 (/bin/a)\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(p.total, 1);
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_uint_eq(s.self, 0);
	const struct function *leaf = profile_function(&p, s.functions[0]);
	ck_assert(leaf->inlined);
	ck_assert(span_eq_cstr(profile_text(&p, leaf->dso), "libx.so"));
	ck_assert(span_eq_cstr(profile_text(&p, s.comm), "a"));
	profile_free(&p);

	opt.inline_mode = INLINE_CALLER;
	opt.period = true;
	read_text(&p, &opt,
	          "a 1 1.0: 10 cpu-clock:\n"
	          "\t10 inl+0x1 (inlined)\n"
	          "\t10 outer+0x1 (/lib/libx.so)\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(p.total, 10);
	s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.self, 1);
	profile_free(&p);
}
END_TEST

START_TEST(profile_reads_folded_annotations)
{
	struct profile_options opt = {0};
	struct profile p;

	read_text(&p, &opt, "cmd;main;clear_page_[k] 3\ncmd;[libc.so.6] 2\n");
	ck_assert(profile_finish(&p));
	ck_assert(p.stream.saw_folded);
	ck_assert_uint_eq(p.total, 5);
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.n, 2);
	const struct function *leaf = profile_function(&p, s.functions[0]);
	ck_assert(span_eq_cstr(profile_text(&p, leaf->name), "clear_page"));
	ck_assert(
	    span_eq_cstr(profile_text(&p, leaf->dso), "[kernel.kallsyms]"));
	s = profile_stack_get(&p, 1);
	leaf = profile_function(&p, s.functions[0]);
	ck_assert(span_eq_cstr(profile_text(&p, leaf->dso), "libc.so.6"));
	profile_free(&p);
}
END_TEST

int
main(void)
{
	Suite *suite = suite_create("views");
	TCase *tc = tcase_create("views");
	SRunner *runner;
	int failed;

	cli_start("test_views");
	tcase_add_test(tc, json_escapes_quotes_and_controls);
	tcase_add_test(tc, json_replaces_invalid_utf8);
	tcase_add_test(tc, csv_quotes_only_when_needed);
	tcase_add_test(tc, tree_finds_children_and_sorts);
	tcase_add_test(tc, profile_inlined_frames_take_container_dso);
	tcase_add_test(tc, profile_reads_folded_annotations);
	suite_add_tcase(suite, tc);
	runner = srunner_create(suite);
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
