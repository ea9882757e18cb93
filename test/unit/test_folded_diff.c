/*
 * test_folded_diff.c - the comment lines of a differential folded file
 * (input/folded_diff.h): what diffstacks writes, flamesvg reads back;
 * other comments and cut lines are not taken for them.
 */
#include <stdio.h>

#include "input/folded_diff.h"
#include "unit.h"

/* What a writer wrote, without its newline, in a buffer of its own. */
static struct span
written(void (*write)(FILE *out, void *arg), void *arg)
{
	static char *text;
	static size_t n;
	free(text); /* the last call's, no longer used */
	FILE *f = open_memstream(&text, &n);

	write(f, arg);
	fclose(f);
	ck_assert(n > 0 && text[n - 1] == '\n');
	return span_make(text, n - 1);
}

static void
write_header(FILE *out, void *a_widths)
{
	folded_diff_write_header(out, *(bool *)a_widths, "B against A: 3 of 9");
}

static void
write_test(FILE *out, void *significant)
{
	folded_diff_write_test(out, 0.000123456, 0.0031, *(bool *)significant);
}

START_TEST(header_written_and_read_back)
{
	bool a_widths = false;
	struct span line = written(write_header, &a_widths), summary;
	char side = 'x';

	ck_assert_span(line, "# perfviews-diff: widths=B; B against A: 3 of 9");
	ck_assert(folded_diff_read_header(line, &side, &summary));
	ck_assert_int_eq(side, 'B');
	ck_assert_span(summary, "B against A: 3 of 9");
	a_widths = true;
	ck_assert(folded_diff_read_header(written(write_header, &a_widths),
	                                  &side, &summary));
	ck_assert_int_eq(side, 'A');
	/* No summary; a column this reader does not know. */
	ck_assert(folded_diff_read_header(
	    span_cstr("# perfviews-diff: widths=A."), &side, &summary));
	ck_assert_ptr_null(summary.p);
	ck_assert(folded_diff_read_header(
	    span_cstr("# perfviews-diff: widths=C; x"), &side, &summary));
	ck_assert_int_eq(side, 0);
	/* Cut after the column, or another comment: no header. */
	ck_assert(!folded_diff_read_header(
	    span_cstr("# perfviews-diff: widths=B"), &side, &summary));
	ck_assert(!folded_diff_read_header(span_cstr("# p=1 q=1 yes"), &side,
	                                   &summary));
}
END_TEST

START_TEST(test_written_and_read_back)
{
	bool significant = true;
	struct span line = written(write_test, &significant);
	struct folded_diff_test t;

	ck_assert_span(line, "# p=0.000123 q=0.0031 yes");
	ck_assert(folded_diff_read_test(line, &t));
	ck_assert(t.significant);
	ck_assert(t.p > 0.0001229f && t.p < 0.0001231f);
	ck_assert(t.q > 0.00309f && t.q < 0.00311f);
	significant = false;
	ck_assert(folded_diff_read_test(written(write_test, &significant), &t));
	ck_assert(!t.significant);
	ck_assert(!folded_diff_read_test(span_cstr("# p=0.5"), &t));
	ck_assert(!folded_diff_read_test(span_cstr("# a comment"), &t));
	ck_assert(!folded_diff_read_test(span_cstr("a;b 1 2"), &t));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {header_written_and_read_back,
	                        test_written_and_read_back, NULL};
	return unit_main("folded_diff", tests);
}
