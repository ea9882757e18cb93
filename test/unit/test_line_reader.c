/*
 * test_line_reader.c - lines read in blocks from a descriptor
 * (input/line_reader.h).
 */
#include <unistd.h>

#include "base/message.h"
#include "input/line_reader.h"
#include "unit.h"

static int
text_pipe(const char *text)
{
	return unit_pipe(text, strlen(text));
}

START_TEST(lines_long_and_cut)
{
	size_t big = 3 * LINE_READER_MAX_LINE;
	char *text = malloc(big + 16);
	memset(text, 'x', big);
	memcpy(text + big, "\nnext\r\nlast", 11);
	struct line_reader r;
	struct span line;
	int fd = unit_pipe(text, big + 11);

	line_reader_init(&r, fd, "test");
	ck_assert(line_reader_next(&r, &line));
	ck_assert(r.too_long);
	ck_assert(line.n > 0 && line.n < 1024);
	ck_assert(line_reader_next(&r, &line));
	ck_assert(!r.too_long);
	ck_assert_span(line, "next");
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line, "last");
	ck_assert_uint_eq(r.lineno, 3);
	ck_assert(!line_reader_next(&r, &line));
	line_reader_free(&r);
	close(fd);
	free(text);
}
END_TEST

START_TEST(line_of_the_limit_is_whole)
{
	size_t n = LINE_READER_MAX_LINE;
	char *text = malloc(n + 8);
	memset(text, 'y', n);
	memcpy(text + n, "\nz\n", 3);
	struct line_reader r;
	struct span line;
	int fd = unit_pipe(text, n + 3);

	line_reader_init(&r, fd, "test");
	ck_assert(line_reader_next(&r, &line));
	ck_assert(!r.too_long);
	ck_assert_uint_eq(line.n, n);
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line, "z");
	ck_assert(!line_reader_next(&r, &line));
	line_reader_free(&r);
	close(fd);
	free(text);
}
END_TEST

START_TEST(empty_lines_and_unterminated_end)
{
	struct line_reader r;
	struct span line;
	int fd = text_pipe("\n\r\nend");

	line_reader_init(&r, fd, "test");
	ck_assert(line_reader_next(&r, &line));
	ck_assert_uint_eq(line.n, 0);
	ck_assert(line_reader_next(&r, &line));
	ck_assert_uint_eq(line.n, 0);
	ck_assert(!r.unterminated);
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line, "end");
	ck_assert(r.unterminated);
	ck_assert(!line_reader_next(&r, &line));
	ck_assert_uint_eq(r.lineno, 3);
	line_reader_free(&r);
	close(fd);
}
END_TEST

START_TEST(unget_and_peek)
{
	struct line_reader r;
	struct span line;
	int fd = text_pipe("one\ntwo\nthree\n");

	line_reader_init(&r, fd, "test");
	/* A peek consumes nothing. */
	ck_assert_span(line_reader_peek(&r, 6), "one\ntw");
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line, "one");
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line, "two");
	ck_assert_uint_eq(r.lineno, 2);
	line_reader_unget(&r);
	ck_assert_uint_eq(r.lineno, 1);
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line, "two");
	ck_assert_uint_eq(r.lineno, 2);
	/* Peeking past the end gives what there is. */
	ck_assert_span(line_reader_peek(&r, 100), "three\n");
	line_reader_free(&r);
	close(fd);
}
END_TEST

START_TEST(marked_lines_stay_together)
{
	struct line_reader r;
	struct span line;
	int fd = text_pipe("head\na\nb\r\nc\n");

	line_reader_init(&r, fd, "test");
	ck_assert(line_reader_next(&r, &line));
	line_reader_mark(&r);
	ck_assert(line_reader_next(&r, &line));
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line_reader_marked(&r), "a\nb\r\n");
	line_reader_mark_last(&r);
	ck_assert(line_reader_next(&r, &line));
	ck_assert_span(line_reader_marked(&r), "b\r\nc\n");
	line_reader_free(&r);
	close(fd);
}
END_TEST

START_TEST(first_text_line_skips_comments_and_blanks)
{
	ck_assert_span(
	    first_text_line(span_cstr("# c\n\n \t\r\nfoo x\r\nbar\n"), true),
	    "foo x");
	/* A last line without '\n' may be cut: only without whole. */
	ck_assert_ptr_null(first_text_line(span_cstr("# c\nfoo"), true).p);
	ck_assert_span(first_text_line(span_cstr("# c\nfoo"), false), "foo");
	ck_assert_ptr_null(first_text_line(span_cstr("#a\n#b\n\n"), false).p);
	ck_assert_ptr_null(first_text_line(span_cstr(""), false).p);
	/* Indented text is text. */
	ck_assert_span(first_text_line(span_cstr("\n  x\n"), true), "  x");
}
END_TEST

/* Ten bad lines warned one by one, then one line, then silence. */
static void
report_twelve_bad(void *arg)
{
	struct line_reader *r = arg;

	progname = "prog";
	for (unsigned long i = 1; i <= 12; i++)
		line_reader_bad(r, 10 + i, "bad");
	line_reader_summary(r);
	exit(r->bad_lines == 12 && r->first_bad == 11 ? 0 : 3);
}

START_TEST(bad_lines_counted_and_warned)
{
	struct line_reader r;
	struct unit_child c;

	line_reader_init(&r, -1, "in.txt");
	unit_child_run(report_twelve_bad, &r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_msg(strstr(c.err, "prog: in.txt:11: bad\n") == c.err, "%s",
	              c.err);
	ck_assert_ptr_nonnull(strstr(c.err, "prog: in.txt:20: bad\n"));
	ck_assert_ptr_null(strstr(c.err, "in.txt:21"));
	ck_assert_ptr_nonnull(strstr(
	    c.err, "prog: in.txt: further bad lines are counted, not shown\n"));
	ck_assert_ptr_nonnull(
	    strstr(c.err, "prog: in.txt: 12 lines not understood and skipped "
	                  "(first at line 11)\n"));
	line_reader_free(&r);
}
END_TEST

static void
report_bad_strictly(void *arg)
{
	struct line_reader *r = arg;

	progname = "prog";
	r->strict = true;
	line_reader_bad(r, 7, "not a frame");
}

START_TEST(bad_line_fatal_when_strict)
{
	struct line_reader r;
	struct unit_child c;

	line_reader_init(&r, -1, "in.txt");
	unit_child_run(report_bad_strictly, &r, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: in.txt:7: not a frame\n");
	line_reader_free(&r);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {lines_long_and_cut,
	                        line_of_the_limit_is_whole,
	                        empty_lines_and_unterminated_end,
	                        unget_and_peek,
	                        marked_lines_stay_together,
	                        first_text_line_skips_comments_and_blanks,
	                        bad_lines_counted_and_warned,
	                        bad_line_fatal_when_strict,
	                        NULL};
	return unit_main("line_reader", tests);
}
