/*
 * test_inline_chain.c - Java's inlined calls written in one frame split
 * into frames (input/inline_chain.h).
 */
#include <stdio.h>
#include <string.h>

#include "input/inline_chain.h"
#include "unit.h"

/* The pieces of symbol, joined with '|'. */
static const char *
pieces(const char *symbol)
{
	static char out[512];
	struct span p[8];
	size_t n = inline_chain_pieces(span_cstr(symbol), p, 8), len = 0;

	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, sizeof out - len, "%s%.*s",
		                        i ? "|" : "", (int)p[i].n, p[i].p);
	return out;
}

START_TEST(chains_split_outer_first)
{
	ck_assert_str_eq(pieces("LA;::f->LB;::g->LC;::h"),
	                 "LA;::f|LB;::g|LC;::h");
	ck_assert_str_eq(pieces("LA;::<init>->LB;::<init>"),
	                 "LA;::<init>|LB;::<init>");
	ck_assert_str_eq(pieces("plain"), "plain");
}
END_TEST

START_TEST(arrows_that_are_not_chains)
{
	ck_assert_str_eq(pieces("std::unique_ptr<T>::operator->() const"),
	                 "std::unique_ptr<T>::operator->() const");
	ck_assert_str_eq(pieces("a::operator->*"), "a::operator->*");
	ck_assert_str_eq(pieces("f<a->b>"), "f<a->b>");
	ck_assert_str_eq(pieces("g(x->y)"), "g(x->y)");
	ck_assert_str_eq(pieces("<fn() -> i32 as T>::f"),
	                 "<fn() -> i32 as T>::f");
	ck_assert_str_eq(pieces("->a"), "->a");
	ck_assert_str_eq(pieces("a->"), "a->");
}
END_TEST

/* A frame of table t, as the frame cache makes one. */
static struct perf_frame
frame(struct frame_table *t, const char *symbol, const char *dso, uint64_t addr)
{
	struct perf_frame f;
	memset(&f, 0, sizeof f);
	f.addr = addr;
	f.offset = 0x10;
	f.symbol = span_cstr(symbol);
	f.dso = span_cstr(dso);
	f.inlined = strcmp(dso, "inlined") == 0;
	f.id = frame_table_intern(t, f.symbol, f.dso, f.inlined);
	return f;
}

START_TEST(frames_split_innermost_first)
{
	struct frame_table t;
	struct inline_chains c;
	frame_table_init(&t);
	inline_chains_init(&c);
	struct perf_frame in[] = {
	    frame(&t, "LA;::f->LB;::g->LC;::h", "/tmp/perf-1.map", 0x100),
	    frame(&t, "LD;::run", "/tmp/perf-1.map", 0x200),
	};
	struct perf_frame *out;

	for (int round = 0; round < 2; round++) { /* computed, then kept */
		size_t n = inline_chains_split(&c, &t, in, 2, &out);
		ck_assert_uint_eq(n, 4);
		ck_assert(span_eq_cstr(out[0].symbol, "LC;::h"));
		ck_assert(span_eq_cstr(out[1].symbol, "LB;::g"));
		ck_assert(span_eq_cstr(out[2].symbol, "LA;::f"));
		ck_assert(span_eq_cstr(out[3].symbol, "LD;::run"));
		ck_assert(out[0].inlined && out[1].inlined);
		ck_assert(inline_named(&out[0]) && inline_named(&out[1]));
		ck_assert(!out[2].inlined && !inline_named(&out[2]));
		for (size_t i = 0; i < 3; i++) {
			ck_assert_uint_eq(out[i].addr, 0x100);
			ck_assert(span_eq_cstr(out[i].dso, "/tmp/perf-1.map"));
			struct frame_info info = frame_table_get(&t, out[i].id);
			ck_assert(span_eq(info.symbol, out[i].symbol));
			ck_assert(info.inlined == out[i].inlined);
		}
		ck_assert_uint_eq(out[0].offset, 0);
		ck_assert_uint_eq(out[2].offset, 0x10);
		ck_assert_uint_eq(out[3].id, in[1].id);
	}

	/* No chain: the frames themselves.  perf's inlined are not named. */
	struct perf_frame plain[] = {
	    frame(&t, "g", "inlined", 0x300),
	    frame(&t, "a::operator->", "/usr/lib/x.so", 0x300),
	};
	ck_assert_uint_eq(inline_chains_split(&c, &t, plain, 2, &out), 2);
	ck_assert_ptr_eq(out, plain);
	ck_assert(plain[0].inlined && !inline_named(&plain[0]));

	inline_chains_free(&c);
	frame_table_free(&t);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {chains_split_outer_first,
	                        arrows_that_are_not_chains,
	                        frames_split_innermost_first, NULL};
	return unit_main("inline_chain", tests);
}
