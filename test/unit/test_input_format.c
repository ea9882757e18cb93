/*
 * test_input_format.c - telling perf script text from folded stacks, with
 * certainty (input/input_format.h); a perf.data told by its first bytes,
 * from its path or from a file read already.
 */
#include <fcntl.h>
#include <unistd.h>

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

START_TEST(perf_data_by_its_first_bytes)
{
	char head[8];

	unit_dir_make();
	unit_dir_write("perf.data", "PERFILE2 and the rest");
	unit_dir_write("text", "python3.12 15072 1.0: 1 cpu-clock:\n");
	unit_dir_write("short", "PERF");
	ck_assert(input_is_perf_data(unit_dir_path("perf.data")));
	ck_assert(!input_is_perf_data(unit_dir_path("text")));
	ck_assert(!input_is_perf_data(unit_dir_path("short")));
	ck_assert(!input_is_perf_data(unit_dir_path("nonesuch")));
	ck_assert(!input_is_perf_data("-"));
	/* Whatever was read of it: its offset stays where it was. */
	int fd = open(unit_dir_path("perf.data"), O_RDONLY);
	ck_assert_int_eq(read(fd, head, 4), 4);
	ck_assert(input_fd_is_perf_data(fd));
	ck_assert_int_eq(lseek(fd, 0, SEEK_CUR), 4);
	close(fd);
	fd = open(unit_dir_path("text"), O_RDONLY);
	ck_assert(!input_fd_is_perf_data(fd));
	close(fd);
	int pipes[2];
	ck_assert_int_eq(pipe(pipes), 0);
	ck_assert_int_eq(write(pipes[1], "PERFILE2", 8), 8);
	ck_assert(!input_fd_is_perf_data(pipes[0])); /* a pipe cannot say */
	close(pipes[0]);
	close(pipes[1]);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {format_certain_or_not, headerless_frames,
	                        perf_data_by_its_first_bytes, NULL};
	return unit_main("input_format", tests);
}
