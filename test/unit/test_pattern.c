/*
 * test_pattern.c - user patterns, with pcre2 (match/pattern.h).
 */
#include "base/message.h"
#include "match/pattern.h"
#include "unit.h"

static bool
matches(const char *regex, const char *subject)
{
	struct pattern *p = pattern_compile(regex, "--test");
	bool m = pattern_match(p, span_cstr(subject));
	pattern_free(p);
	return m;
}

START_TEST(matches_anywhere)
{
	ck_assert(matches("swapper", "swapper"));
	ck_assert(matches("wap", "swapper"));
	ck_assert(matches("per$", "swapper"));
	ck_assert(!matches("^wap", "swapper"));
	ck_assert(matches("^swap", "swapper"));
	ck_assert(!matches("swap$", "swapper"));
	ck_assert(matches("^$", ""));
	ck_assert(!matches("x", ""));
	ck_assert(matches("a|b", "cb"));
	ck_assert(!matches("A", "a"));
	ck_assert(matches("(?i)A", "a"));
	ck_assert(matches("\\d+", "cpu12"));
}
END_TEST

START_TEST(subject_is_the_span_only)
{
	struct pattern *p = pattern_compile("^ab$", "--test");
	const char *text = "abc";

	/* The bytes past the span are not part of the subject. */
	ck_assert(pattern_match(p, span_make(text, 2)));
	ck_assert(!pattern_match(p, span_make(text, 3)));
	ck_assert(!pattern_match(p, span_make(text, 1)));
	pattern_free(p);
	/* A NUL byte in the span is matched like any other byte. */
	p = pattern_compile("a\\x00b", "--test");
	ck_assert(pattern_match(p, span_make("xa\0b", 4)));
	ck_assert(!pattern_match(p, span_make("xa\0b", 3)));
	pattern_free(p);
	/* Reused: one match data serves every call. */
	p = pattern_compile("[0-9]", "--test");
	for (int i = 0; i < 1000; i++)
		ck_assert(pattern_match(p, span_cstr("x9")) &&
		          !pattern_match(p, span_cstr("xy")));
	pattern_free(p);
	pattern_free(NULL);
}
END_TEST

static void
compile(void *regex)
{
	progname = "strip-swapper";
	pattern_free(pattern_compile(regex, "--exclude"));
}

START_TEST(bad_pattern_is_a_usage_error)
{
	struct unit_child c;

	unit_child_run(compile, "ab(c", &c);
	ck_assert_int_eq(c.status, 2);
	const char *start = "strip-swapper: --exclude 'ab(c': ";
	ck_assert_msg(strncmp(c.err, start, strlen(start)) == 0, "%s", c.err);
	ck_assert_msg(strstr(c.err, " at offset 4\n") != NULL, "%s", c.err);
	ck_assert_msg(strstr(c.err, "Try 'strip-swapper --help'.\n") != NULL,
	              "%s", c.err);

	unit_child_run(compile, "x[", &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_msg(strstr(c.err, " at offset 2\n") != NULL, "%s", c.err);

	unit_child_run(compile, "a*", &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {matches_anywhere, subject_is_the_span_only,
	                        bad_pattern_is_a_usage_error, NULL};
	return unit_main("pattern", tests);
}
