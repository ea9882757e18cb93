/*
 * test_tables.c - string, frame and stack interning, the line reader and
 * the folded reader.
 */
#include <stdio.h>
#include <unistd.h>

#include "input/folded.h"
#include "input/frame_table.h"
#include "input/line_reader.h"
#include "base/tuple_table.h"
#include "base/string_table.h"
#include "unit.h"

START_TEST(strings_dense_ids)
{
	struct string_table t;
	char buf[32];

	string_table_init(&t);
	for (int i = 0; i < 100000; i++) {
		int n = snprintf(buf, sizeof buf, "name%d", i);
		ck_assert_uint_eq(string_table_intern(&t, span_make(buf, n)),
		                  i);
	}
	for (int i = 0; i < 100000; i += 997) {
		int n = snprintf(buf, sizeof buf, "name%d", i);
		ck_assert_uint_eq(string_table_intern(&t, span_make(buf, n)),
		                  i);
		ck_assert_str_eq(string_table_cstr(&t, i), buf);
	}
	ck_assert_uint_eq(t.count, 100000);
	ck_assert_uint_eq(string_table_find(&t, span_cstr("absent")),
	                  UINT32_MAX);
	/* Embedded NUL bytes are part of the string. */
	uint32_t a = string_table_intern(&t, span_make("a\0b", 3));
	uint32_t b = string_table_intern(&t, span_make("a\0c", 3));
	ck_assert_uint_ne(a, b);
	string_table_free(&t);
}
END_TEST

START_TEST(tuples_dense_ids)
{
	struct tuple_table t;
	uint32_t s1[] = {1, 2, 3}, s2[] = {1, 2}, s3[] = {1, 2, 3};
	uint32_t n;

	tuple_table_init(&t);
	uint32_t a = tuple_table_intern(&t, s1, 3);
	uint32_t b = tuple_table_intern(&t, s2, 2);
	uint32_t c = tuple_table_intern(&t, s3, 3);
	ck_assert_uint_eq(a, c);
	ck_assert_uint_ne(a, b);
	ck_assert_uint_eq(tuple_table_count(&t), 2);
	const uint32_t *ids = tuple_table_get(&t, b, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(ids[0], 1);
	ck_assert_uint_eq(ids[1], 2);
	for (uint32_t i = 0; i < 50000; i++)
		tuple_table_intern(&t, &i, 1);
	ck_assert_uint_eq(tuple_table_count(&t), 50002);
	ids = tuple_table_get(&t, 50001, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ids[0], 49999);
	tuple_table_free(&t);
}
END_TEST

START_TEST(frames_split_symbol_and_dso)
{
	struct frame_table t;

	frame_table_init(&t);
	uint32_t a = frame_table_intern(&t, span_cstr("main"),
	                                span_cstr("/bin/a"), false);
	uint32_t b = frame_table_intern(&t, span_cstr("main"),
	                                span_cstr("/bin/b"), false);
	uint32_t c = frame_table_intern(&t, span_cstr("main"),
	                                span_cstr("/bin/a"), true);
	ck_assert_uint_ne(a, b);
	ck_assert_uint_ne(a, c);
	struct frame_info f = frame_table_get(&t, c);
	ck_assert_span(f.symbol, "main");
	ck_assert_span(f.dso, "/bin/a");
	ck_assert(f.inlined);
	frame_table_free(&t);
}
END_TEST

static int
text_fd(const char *text, size_t n)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	if (fork() == 0) {
		close(fds[0]);
		while (n > 0) {
			ssize_t w = write(fds[1], text, n);
			if (w <= 0)
				_exit(1);
			text += w;
			n -= (size_t)w;
		}
		_exit(0);
	}
	close(fds[1]);
	return fds[0];
}

START_TEST(lines_long_and_cut)
{
	size_t big = 3 * LINE_READER_MAX_LINE;
	char *text = malloc(big + 16);
	memset(text, 'x', big);
	memcpy(text + big, "\nnext\r\nlast", 11);
	struct line_reader r;
	struct span line;
	int fd = text_fd(text, big + 11);

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

START_TEST(folded_reader_counts_fixed_by_first_line)
{
	const char *text = "a;b 5\na;Thread 5 7\n# comment\n\nnocount\n";
	struct folded_reader r;
	struct folded_line f;
	int fd = text_fd(text, strlen(text));

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

int
main(void)
{
	Suite *s = suite_create("tables");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, strings_dense_ids);
	tcase_add_test(tc, tuples_dense_ids);
	tcase_add_test(tc, frames_split_symbol_and_dso);
	tcase_add_test(tc, lines_long_and_cut);
	tcase_add_test(tc, folded_lines);
	tcase_add_test(tc, folded_reader_counts_fixed_by_first_line);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
