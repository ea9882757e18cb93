/*
 * test_symbols.c - the symbolizer on this test program itself: names and
 * lines of its own functions at the address perf would print (the file
 * offset), perf maps, unreadable DSOs, and frame rewrites and their cache.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/perf_script.h"
#include "symbols/symbols.h"
#include "unit.h"

/* A function with a name and a line to find. */
__attribute__((noinline)) int
symbols_probe_target(int x)
{
	return x * 3 + 1; /* PROBE_LINE */
}

static char exe[UNIT_MAPPED_PATH];

static struct symbolizer *
all_options(void)
{
	struct symbol_options opt = {true, true, true, true};
	return symbolizer_new(&opt);
}

START_TEST(own_function_named)
{
	struct symbolizer *s = all_options();
	uint64_t off = unit_file_offset((uintptr_t)symbols_probe_target, exe);
	uint64_t symoff = 99;
	struct span name =
	    symbolizer_lookup(s, span_cstr(exe), off + 1, &symoff);
	ck_assert_span(name, "symbols_probe_target");
	ck_assert_uint_eq(symoff, 1);
	symbolizer_free(s);
}
END_TEST

START_TEST(own_function_line)
{
	struct symbolizer *s = all_options();
	uint64_t off = unit_file_offset((uintptr_t)symbols_probe_target, exe);
	struct symbol_location loc[8];
	LIBBFD_LEAKS_BEGIN();
	size_t n = symbolizer_locate(s, span_cstr(exe), off, loc, 8);
	LIBBFD_LEAKS_END();
	ck_assert_uint_ge(n, 1);
	ck_assert_span(loc[n - 1].function, "symbols_probe_target");
	ck_assert(span_starts_with(loc[n - 1].srcline, "test_symbols.c:"));
	symbolizer_free(s);
}
END_TEST

START_TEST(perf_map_absolute)
{
	char dir[] = "/tmp/perfviews-unit.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[128];
	snprintf(path, sizeof path, "%s/tmp/perf-77.map", dir);
	char sub[128];
	snprintf(sub, sizeof sub, "%s/tmp", dir);
	mkdir(sub, 0700);
	FILE *fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("1000 10 py::f:/a.py\n2000 20 py::g:/a.py\n", fp);
	fclose(fp);

	struct symbolizer *s = all_options();
	uint64_t off;
	ck_assert_span(symbolizer_lookup(s, span_cstr(path), 0x2010, &off),
	               "py::g:/a.py");
	ck_assert_uint_eq(off, 0x10);
	ck_assert_uint_eq(symbolizer_lookup(s, span_cstr(path), 0x1800, &off).n,
	                  0);
	symbolizer_free(s);
	unlink(path);
	rmdir(sub);
	rmdir(dir);
}
END_TEST

START_TEST(srclines_with_lines)
{
	ck_assert(srcline_has_line(span_cstr("x.c:12")));
	ck_assert(srcline_has_line(span_cstr("dir with space/x.c:1")));
	ck_assert(!srcline_has_line(span_cstr("libc.so.6[27b25]")));
	ck_assert(!srcline_has_line(span_cstr("??:0")));
	ck_assert(!srcline_has_line(span_cstr(":0")));
	ck_assert(!srcline_has_line(span_cstr("x.c:0")));
	ck_assert(!srcline_has_line(span_cstr("x.c")));
	ck_assert(!srcline_has_line(span_cstr("")));
}
END_TEST

/* Frames of unreadable DSOs pass through; one rewrite per address. */
START_TEST(rewrite_leaves_unknown_dsos)
{
	struct symbolizer *s = all_options();
	struct frame_table table;
	struct perf_frame in[2], *out;

	frame_table_init(&table);
	ck_assert(perf_frame_parse(
	    span_cstr("10 _ZN2ns1fEv+0x1 (/nonexistent/a)"), &in[0]));
	ck_assert(
	    perf_frame_parse(span_cstr("20 [unknown] ([unknown])"), &in[1]));
	for (int i = 0; i < 2; i++)
		in[i].id = frame_table_intern(&table, in[i].symbol, in[i].dso,
		                              in[i].inlined);
	for (int round = 0; round < 2; round++) {
		size_t n = symbolizer_rewrite(s, &table, in, 2, &out);
		ck_assert_uint_eq(n, 2);
		ck_assert_span(out[0].symbol, "ns::f()");
		ck_assert_span(out[0].dso, "/nonexistent/a");
		ck_assert_span(out[1].symbol, "[unknown]");
		ck_assert_uint_eq(out[1].id, in[1].id);
		ck_assert_uint_eq(out[0].addr, 0x10);
	}
	symbolizer_free(s);
	frame_table_free(&table);
}
END_TEST

/*
 * An unknown frame of this program is named, with its offset and line;
 * with another frame table the cache starts afresh, in that table's ids.
 */
START_TEST(rewrite_resolves_own_frames)
{
	struct symbolizer *s = all_options();
	uint64_t off = unit_file_offset((uintptr_t)symbols_probe_target, exe);
	char line[4300];
	struct perf_frame in, *out;
	struct frame_table tables[2];

	snprintf(line, sizeof line, "%" PRIx64 " [unknown] (%s)", off + 1, exe);
	ck_assert(perf_frame_parse(span_cstr(line), &in));
	for (int round = 0; round < 2; round++) {
		struct frame_table *table = &tables[round];
		frame_table_init(table);
		/* Another frame first: ids differ between the tables. */
		frame_table_intern(table, span_cstr("x"), span_cstr("y"),
		                   round == 1);
		in.id = frame_table_intern(table, in.symbol, in.dso, false);
		LIBBFD_LEAKS_BEGIN();
		size_t n = symbolizer_rewrite(s, table, &in, 1, &out);
		LIBBFD_LEAKS_END();
		ck_assert_uint_eq(n, 1);
		ck_assert_span(out[0].symbol, "symbols_probe_target");
		ck_assert_uint_eq(out[0].offset, 1);
		ck_assert_uint_eq(out[0].addr, off + 1);
		ck_assert_span(out[0].dso, exe);
		ck_assert(!out[0].inlined);
		ck_assert(span_starts_with(out[0].srcline, "test_symbols.c:"));
		struct frame_info info = frame_table_get(table, out[0].id);
		ck_assert_span(info.symbol, "symbols_probe_target");
		ck_assert_ptr_eq(info.symbol.p, out[0].symbol.p);
	}
	symbolizer_free(s);
	frame_table_free(&tables[0]);
	frame_table_free(&tables[1]);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {own_function_named,
	                        own_function_line,
	                        perf_map_absolute,
	                        srclines_with_lines,
	                        rewrite_leaves_unknown_dsos,
	                        rewrite_resolves_own_frames,
	                        NULL};
	return unit_main("symbols", tests);
}
