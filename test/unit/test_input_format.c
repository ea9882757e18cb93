/*
 * test_input_format.c - telling perf script text from folded stacks, with
 * certainty (input/input_format.h).
 */
#include "input/input_format.h"
#include "unit.h"

static enum input_format
guess(const char *text)
{
	return input_format_guess(span_cstr(text), true).format;
}

START_TEST(format_certain_or_not)
{
	ck_assert_int_eq(guess(""), INPUT_EMPTY);
	ck_assert_int_eq(guess("# only\n\n# comments\n"), INPUT_EMPTY);
	ck_assert_int_eq(guess("a 1 1.0: 5 cycles:\n\t1 f (x)\n\n"),
	                 INPUT_PERF);
	ck_assert_int_eq(
	    guess("      python3.12 14905  ffffffff821e7bc3 xas\n"
	          "      python3.12 14905  ffffffff821e7bc4 xas\n"),
	    INPUT_PERF);
	/* the header of -F comm,pid,ip,sym is "stack COUNT" too */
	ck_assert_int_eq(guess("python3.12 15072 \n\tffffffff821f5127 f\n\n"),
	                 INPUT_PERF);
	ck_assert_int_eq(guess("14905 \n14905 \n"), INPUT_PERF);
	/* old perfs: frames not indented */
	ck_assert_int_eq(
	    guess("java 19983 cycles:\nffffffff8103d0ca f "
	          "([kernel.kallsyms])\n7f7241 g (/x/libjvm.so)\n"),
	    INPUT_PERF);
	ck_assert_int_eq(guess("a;b;c 12\na;b 3\n"), INPUT_FOLDED);
	ck_assert_int_eq(guess("python 5\n"), INPUT_FOLDED);
	ck_assert_int_eq(guess("a;b 1.5 2\n"), INPUT_FOLDED);
	ck_assert_int_eq(guess("hello\nworld\n"), INPUT_UNKNOWN);
	ck_assert_int_eq(guess("\x7f"
	                       "ELF\x02\x01\n\xff\xfe garbage\n"),
	                 INPUT_UNKNOWN);
	/* one folded-looking line among junk is no certainty */
	ck_assert_int_eq(guess("x\ny\nz\nw;v 3\n"), INPUT_UNKNOWN);
	ck_assert_int_eq(guess("a 1 1.0: 5 cycles:\n\t1 f (x)\n\nx;y 2.5\n"),
	                 INPUT_AMBIGUOUS);
	/* a first line longer than the head */
	struct input_guess g =
	    input_format_guess(span_cstr("python;aaaaaaaaaaaaaaaaaaa"), false);
	ck_assert_int_eq(g.format, INPUT_UNKNOWN);
	ck_assert(g.cut);
	ck_assert_uint_eq(g.first_line, 1);
}
END_TEST

/* Frame lines and nothing that starts a sample: -F ip,sym. */
START_TEST(headerless_frames)
{
	const char *with_chains = "\n\t 1462a handle_amd\n\t 0 [unknown]\n\n"
	                          "\n\tffffffff815de7cb lock_vma\n\n";
	const char *without = "     7f9fdf70762a handle_amd\n"
	                      " ffffffff815ff607 pte_offset_map\n";
	struct input_guess g;

	g = input_format_guess(span_cstr(with_chains), true);
	ck_assert_int_eq(g.format, INPUT_PERF);
	ck_assert(g.headerless);
	ck_assert_uint_eq(g.first_line, 2);
	g = input_format_guess(span_cstr(without), true);
	ck_assert_int_eq(g.format, INPUT_PERF);
	ck_assert(g.headerless);
	/* A text cut inside a sample is not headerless once a header came. */
	g = input_format_guess(
	    span_cstr("\t1 f (x)\n\na 1 1.0: 5 cycles:\n\t1 f (x)\n\n"), true);
	ck_assert_int_eq(g.format, INPUT_PERF);
	ck_assert(!g.headerless);
	g = input_format_guess(span_cstr("python3.12 15072 \n\tffff f\n\n"),
	                       true);
	ck_assert(!g.headerless);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {format_certain_or_not, headerless_frames, NULL};
	return unit_main("input_format", tests);
}
