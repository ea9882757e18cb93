/*
 * test_frame_cache.c - frame lines parsed once, and their frame ids
 * (input/frame_cache.h).
 */
#include "input/frame_cache.h"
#include "unit.h"

static bool
parse(struct frame_cache *c, const char *line, struct perf_frame *f)
{
	memset(f, 0, sizeof *f);
	return frame_cache_parse(c, span_cstr(line), f);
}

START_TEST(same_line_same_parse_and_id)
{
	struct frame_cache c;
	struct perf_frame a, b, g;

	frame_cache_init(&c, FRAME_CACHE_BUDGET);
	ck_assert(parse(&c, "\t7f12 f+0x1a (/lib/x.so)", &a));
	ck_assert(parse(&c, "\t7f12 f+0x1a (/lib/x.so)", &b));
	ck_assert_uint_eq(a.id, b.id);
	ck_assert_uint_eq(b.addr, 0x7f12);
	ck_assert_uint_eq(b.offset, 0x1a);
	ck_assert_span(b.symbol, "f");
	ck_assert_span(b.dso, "/lib/x.so");
	ck_assert(!b.inlined);
	ck_assert_uint_eq(c.lines.count, 1);
	/* Other indentation: the same line. */
	ck_assert(parse(&c, "      7f12 f+0x1a (/lib/x.so)", &b));
	ck_assert_uint_eq(b.id, a.id);
	ck_assert_uint_eq(c.lines.count, 1);
	/* Another address of f: another line, the same frame. */
	ck_assert(parse(&c, "\t7f30 f+0x38 (/lib/x.so)", &b));
	ck_assert_uint_eq(b.id, a.id);
	ck_assert_uint_eq(b.addr, 0x7f30);
	ck_assert_uint_eq(b.offset, 0x38);
	ck_assert_uint_eq(c.lines.count, 2);
	/* Another function, or f inlined: other frames. */
	ck_assert(parse(&c, "\t7f30 g (/lib/x.so)", &g));
	ck_assert_uint_ne(g.id, a.id);
	ck_assert(parse(&c, "\t7f30 f (inlined)", &g));
	ck_assert_uint_ne(g.id, a.id);
	ck_assert(g.inlined);
	ck_assert_uint_eq(frame_table_count(&c.frames), 3);
	frame_cache_free(&c);
}
END_TEST

START_TEST(not_a_frame)
{
	struct frame_cache c;
	struct perf_frame f;

	frame_cache_init(&c, FRAME_CACHE_BUDGET);
	ck_assert(!parse(&c, "  dl-cacheinfo.h:267", &f));
	ck_assert(!parse(&c, "", &f));
	ck_assert(!parse(&c, "   ", &f));
	ck_assert_uint_eq(c.lines.count, 0);
	ck_assert_uint_eq(frame_table_count(&c.frames), 0);
	frame_cache_free(&c);
}
END_TEST

START_TEST(budget_zero_still_parses)
{
	struct frame_cache c;
	struct perf_frame a, b;

	frame_cache_init(&c, 0);
	ck_assert(parse(&c, "\t10 main+0x4 (/bin/a)", &a));
	ck_assert(parse(&c, "\t10 main+0x4 (/bin/a)", &b));
	ck_assert_uint_eq(c.lines.count, 0);
	ck_assert_uint_eq(a.id, b.id);
	ck_assert_span(b.symbol, "main");
	ck_assert_span(b.dso, "/bin/a");
	ck_assert_uint_eq(b.offset, 4);
	frame_cache_free(&c);

	/* Room for the first line only: the second is parsed each time. */
	const char *one = "\t10 f (/bin/a)", *two = "\t20 g (/bin/a)";
	frame_cache_init(&c, strlen(one));
	ck_assert(parse(&c, one, &a));
	ck_assert_uint_eq(c.budget, 1); /* the tab is not kept */
	ck_assert(parse(&c, two, &b));
	ck_assert(parse(&c, two, &b));
	ck_assert_uint_eq(c.lines.count, 1);
	ck_assert_span(b.symbol, "g");
	ck_assert_uint_ne(a.id, b.id);
	frame_cache_free(&c);
}
END_TEST

START_TEST(cached_spans_outlive_the_line)
{
	struct frame_cache c;
	struct perf_frame f;
	char line[64];

	frame_cache_init(&c, FRAME_CACHE_BUDGET);
	strcpy(line, "\t10 std::vector<int>::at(int) const+0x4 (/bin/a)");
	ck_assert(parse(&c, line, &f));
	uint32_t id = f.id;
	/* The reader's buffer is reused; the cache must not point into it. */
	char again[64];
	strcpy(again, line);
	memset(line, 'Z', sizeof line - 1);
	ck_assert(parse(&c, again, &f));
	memset(again, 'Y', sizeof again - 1);
	ck_assert_uint_eq(f.id, id);
	ck_assert_span(f.symbol, "std::vector<int>::at(int) const");
	ck_assert_span(f.dso, "/bin/a");
	ck_assert_uint_eq(f.srcline.n, 0);
	/* A frame without a DSO keeps none. */
	ck_assert(parse(&c, "\t10 lonely", &f));
	ck_assert(parse(&c, "\t10 lonely", &f));
	ck_assert_span(f.symbol, "lonely");
	ck_assert_ptr_null(f.dso.p);
	ck_assert_uint_eq(f.dso.n, 0);
	frame_cache_free(&c);
}
END_TEST

START_TEST(long_lines_hash_by_their_ends)
{
	struct frame_cache c;
	struct perf_frame a, b;

	/* Same length, same 16 bytes at each end, different middles. */
	frame_cache_init(&c, FRAME_CACHE_BUDGET);
	ck_assert(parse(&c,
	                "\t7f00000000000001 aaaaaaaaaaaaaaaa_x_middle_one "
	                "(/usr/lib/libsame.so)",
	                &a));
	ck_assert(parse(&c,
	                "\t7f00000000000001 aaaaaaaaaaaaaaaa_x_middle_two "
	                "(/usr/lib/libsame.so)",
	                &b));
	ck_assert_uint_ne(a.id, b.id);
	ck_assert_span(a.symbol, "aaaaaaaaaaaaaaaa_x_middle_one");
	ck_assert_span(b.symbol, "aaaaaaaaaaaaaaaa_x_middle_two");
	ck_assert_uint_eq(c.lines.count, 2);
	frame_cache_free(&c);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    same_line_same_parse_and_id,   not_a_frame,
	    budget_zero_still_parses,      cached_spans_outlive_the_line,
	    long_lines_hash_by_their_ends, NULL};
	return unit_main("frame_cache", tests);
}
