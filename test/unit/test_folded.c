/*
 * test_folded.c - folded stacks: lines, frames, the reader, the order of
 * stacks (input/folded.h).
 */
#include <stdio.h>
#include <unistd.h>

#include "input/folded.h"
#include "input/input_format.h"
#include "unit.h"

/* Is the start of an input certainly folded stacks? */
static bool
folded_detect(struct span head)
{
	return input_format_guess(head, true).format == INPUT_FOLDED;
}

START_TEST(folded_lines)
{
	struct folded_line f;

	ck_assert(folded_parse_line(span_cstr("a;b;c 12"), &f));
	ck_assert_span(f.stack, "a;b;c");
	ck_assert_int_eq(f.ncounts, 1);
	ck_assert(f.count[0] == 12);
	ck_assert(folded_parse_line(span_cstr("a;with space (x) 7"), &f));
	ck_assert_span(f.stack, "a;with space (x)");
	ck_assert(folded_parse_line(span_cstr("a;b 81 112"), &f));
	ck_assert_int_eq(f.ncounts, 2);
	ck_assert(f.count[0] == 81 && f.count[1] == 112);
	ck_assert(folded_parse_line(span_cstr("p;frac 12.5"), &f));
	ck_assert(f.count[0] == 12.5);
	ck_assert(!folded_parse_line(span_cstr("this line has no count"), &f));
	ck_assert(!folded_parse_line(span_cstr("42"), &f));
	/* Beyond a uint64_t: no count, so the stack has none. */
	ck_assert(folded_parse_line(span_cstr("a 18446744073709549568"), &f));
	ck_assert(!folded_parse_line(span_cstr("a 18446744073709551616"), &f));
	ck_assert(!folded_parse_line(
	    span_cstr("p;x 777777777777777777777777777777777777777777777"),
	    &f));

	struct span rest = span_cstr("a;b;c"), frame;
	ck_assert(folded_next_frame(&rest, &frame));
	ck_assert_span(frame, "a");
	ck_assert(folded_next_frame(&rest, &frame));
	ck_assert(folded_next_frame(&rest, &frame));
	ck_assert_span(frame, "c");
	ck_assert(!folded_next_frame(&rest, &frame));
	ck_assert(folded_detect(span_cstr("a;b 1\n")));
	ck_assert(!folded_detect(span_cstr("python 1 1.0: 1 cycles:\n")));
}
END_TEST

START_TEST(counts_are_whole_tokens)
{
	struct folded_line f;

	ck_assert(!folded_parse_line(span_cstr("a;b 1x"), &f));
	ck_assert(!folded_parse_line(span_cstr("a;b .5"), &f));
	ck_assert(!folded_parse_line(span_cstr("a;b 1.2.3"), &f));
	ck_assert(!folded_parse_line(span_cstr("a;b -3"), &f));
	/* Trailing blanks are not part of the count. */
	ck_assert(folded_parse_line(span_cstr("a;b 3 \t"), &f));
	ck_assert_span(f.stack, "a;b");
	ck_assert(f.count[0] == 3);
	/* One blank separates the count; more belong to the stack. */
	ck_assert(folded_parse_line(span_cstr("a;  3"), &f));
	ck_assert_span(f.stack, "a; ");
}
END_TEST

START_TEST(empty_frames_and_detection)
{
	struct span rest = span_cstr("a;;b"), frame;

	ck_assert(folded_next_frame(&rest, &frame));
	ck_assert_span(frame, "a");
	ck_assert(folded_next_frame(&rest, &frame));
	ck_assert_span(frame, "");
	ck_assert(folded_next_frame(&rest, &frame));
	ck_assert_span(frame, "b");
	ck_assert(!folded_next_frame(&rest, &frame));
	/* Comments first are skipped; an indented line is not folded. */
	ck_assert(folded_detect(span_cstr("# x\n\na;b 1\n")));
	ck_assert(!folded_detect(span_cstr("\ta;b 1\n")));
	/* The text is taken whole: a last line without '\n' counts. */
	ck_assert(folded_detect(span_cstr("a;b 1")));
}
END_TEST

START_TEST(folded_reader_counts_in_one_count_file)
{
	const char *text = "a;b 5\na;Thread 5 7\n# comment\n\nnocount\n";
	struct folded_reader r;
	struct folded_line f;
	int fd = unit_pipe(text, strlen(text));

	folded_reader_init(&r, fd, "test");
	ck_assert(folded_reader_next(&r, &f));
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_span(f.stack, "a;Thread 5");
	ck_assert(f.count[0] == 7);
	ck_assert_int_eq(f.ncounts, 1);
	ck_assert(!folded_reader_next(&r, &f));
	ck_assert_uint_eq(r.lines.bad_lines, 1);
	ck_assert_uint_eq(r.lines.first_bad, 5);
	folded_reader_free(&r);
	close(fd);
}
END_TEST

START_TEST(folded_reader_diff_file)
{
	/* Two counts on every line of the head (64 KiB): a diff file. */
	enum { LINES = 10000 };
	static char text[LINES * 8 + 64];
	size_t n = 0;
	for (int i = 0; i < LINES; i++)
		n += (size_t)sprintf(text + n, "a;b 5 6\n");
	n += (size_t)sprintf(text + n, "a;c 7\na;d 1 2\n");
	struct folded_reader r;
	struct folded_line f;
	int fd = unit_pipe(text, n);

	folded_reader_init(&r, fd, "test");
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_int_eq(f.ncounts, 2);
	ck_assert(f.count[0] == 5 && f.count[1] == 6);
	ck_assert_uint_eq(f.lineno, 1);
	for (int i = 1; i < LINES; i++)
		ck_assert(folded_reader_next(&r, &f));
	/* One count in a diff file is a bad line. */
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_span(f.stack, "a;d");
	ck_assert_uint_eq(f.lineno, LINES + 2);
	ck_assert(!folded_reader_next(&r, &f));
	ck_assert_int_eq(r.ncounts, 2);
	ck_assert_uint_eq(r.stacks, LINES + 1);
	ck_assert_uint_eq(r.lines.bad_lines, 1);
	ck_assert_uint_eq(r.lines.first_bad, LINES + 1);
	folded_reader_free(&r);
	close(fd);
}
END_TEST

START_TEST(folded_reader_counts_fixed_by_head)
{
	/* A line of one count in the head: "b 2" is the first leaf. */
	const char *text = "# c\na;b 2 5\na;c 3\n";
	struct folded_reader r;
	struct folded_line f;
	int fd = unit_pipe(text, strlen(text));

	folded_reader_init(&r, fd, "test");
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_span(f.stack, "a;b 2");
	ck_assert(f.count[0] == 5);
	ck_assert_int_eq(f.ncounts, 1);
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_span(f.stack, "a;c");
	ck_assert(!folded_reader_next(&r, &f));
	ck_assert_uint_eq(r.lines.bad_lines, 0);
	folded_reader_free(&r);
	close(fd);

	/* Every line of two counts: a diff file. */
	text = "a;b 2 5\na;c 3 4\n";
	fd = unit_pipe(text, strlen(text));
	folded_reader_init(&r, fd, "test");
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_span(f.stack, "a;b");
	ck_assert_int_eq(f.ncounts, 2);
	folded_reader_free(&r);
	close(fd);
}
END_TEST

static void
take_comment(void *ctx, struct span line)
{
	char *seen = ctx;
	size_t n = strlen(seen);

	snprintf(seen + n, 64 - n, "[%.*s]", (int)line.n, line.p);
}

START_TEST(folded_reader_hands_over_comments)
{
	const char *text = "# one\na;b 5 6\n\n#two\na;d 1 2\n";
	char seen[64] = "";
	struct folded_reader r;
	struct folded_line f;
	int fd = unit_pipe(text, strlen(text));

	folded_reader_init(&r, fd, "test");
	r.comment = take_comment;
	r.comment_ctx = seen;
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_str_eq(seen, "[# one]");
	ck_assert(folded_reader_next(&r, &f));
	ck_assert_span(f.stack, "a;d");
	ck_assert_str_eq(seen, "[# one][#two]");
	ck_assert(!folded_reader_next(&r, &f));
	ck_assert_uint_eq(r.stacks, 2);
	folded_reader_free(&r);
	close(fd);
}
END_TEST

START_TEST(compare_as_folded_text)
{
	struct string_table names;

	string_table_init(&names);
	uint32_t a = string_table_intern(&names, span_cstr("a"));
	uint32_t ab = string_table_intern(&names, span_cstr("ab"));
	uint32_t b = string_table_intern(&names, span_cstr("b"));
	uint32_t s_a[] = {a}, s_a_b[] = {a, b}, s_ab[] = {ab};

	ck_assert_int_eq(folded_compare(&names, s_a, 1, s_a, 1, -1), 0);
	/* "a" < "a;b": a stack that ends sorts first. */
	ck_assert_int_lt(folded_compare(&names, s_a, 1, s_a_b, 2, -1), 0);
	ck_assert_int_gt(folded_compare(&names, s_a_b, 2, s_a, 1, -1), 0);
	/* "a;b" < "ab": ';' (0x3b) is below 'b'. */
	ck_assert_int_lt(folded_compare(&names, s_a_b, 2, s_ab, 1, -1), 0);
	/* As whole lines, "a 1" < "a;b 1" and "a 1" < "ab 1". */
	ck_assert_int_lt(folded_compare(&names, s_a, 1, s_ab, 1, ' '), 0);
	ck_assert_int_lt(folded_compare(&names, s_a, 1, s_a_b, 2, ' '), 0);
	string_table_free(&names);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {folded_lines,
	                        counts_are_whole_tokens,
	                        empty_frames_and_detection,
	                        folded_reader_counts_in_one_count_file,
	                        folded_reader_diff_file,
	                        folded_reader_counts_fixed_by_head,
	                        folded_reader_hands_over_comments,
	                        compare_as_folded_text,
	                        NULL};
	return unit_main("folded", tests);
}
