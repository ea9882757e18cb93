/*
 * test_perf_frame.c - the parser of perf script frame lines
 * (input/perf_frame.h), one test per form, each from a line of a real
 * recording; and the srcline lines that may follow a frame.
 */
#include "input/perf_frame.h"
#include "unit.h"

static struct perf_frame
frame(const char *line)
{
	struct perf_frame f;
	memset(&f, 0, sizeof f);
	ck_assert_msg(perf_frame_parse(span_cstr(line), &f), "no frame: %s",
	              line);
	return f;
}

START_TEST(frame_kernel)
{
	struct perf_frame f = frame(
	    "\tffffffff815de804 lock_vma_under_rcu+0x74 ([kernel.kallsyms])");
	ck_assert_uint_eq(f.addr, 0xffffffff815de804ULL);
	ck_assert_span(f.symbol, "lock_vma_under_rcu");
	ck_assert_uint_eq(f.offset, 0x74);
	ck_assert_span(f.dso, "[kernel.kallsyms]");
	ck_assert(!f.inlined);
}
END_TEST

START_TEST(frame_unknown)
{
	struct perf_frame f = frame("\t               0 [unknown] ([unknown])");
	ck_assert_uint_eq(f.addr, 0);
	ck_assert_span(f.symbol, "[unknown]");
	ck_assert_span(f.dso, "[unknown]");
}
END_TEST

START_TEST(frame_perf_map)
{
	struct perf_frame f =
	    frame("\t    7f80aa75579b py::f:<string>+0x0 (/tmp/perf-2101.map)");
	ck_assert_span(f.symbol, "py::f:<string>");
	ck_assert_span(f.dso, "/tmp/perf-2101.map");
}
END_TEST

START_TEST(frame_inlined)
{
	struct perf_frame f =
	    frame("\t    7f0a1b2c3d4e _IO_new_file_write+0x24 (inlined)");
	ck_assert(f.inlined);
	ck_assert_span(f.symbol, "_IO_new_file_write");
}
END_TEST

START_TEST(frame_cpp_nested_parentheses)
{
	struct perf_frame f = frame(
	    "\t  4011a0 std::function<int (int)>::operator()(int) const+0x10 "
	    "(/usr/bin/app)");
	ck_assert_span(f.symbol,
	               "std::function<int (int)>::operator()(int) const");
	ck_assert_span(f.dso, "/usr/bin/app");
	f = frame("\t7f7241fbe6d8 arrayOopDesc::base(BasicType) const "
	          "(/opt/jdk/lib/libjvm.so)");
	ck_assert_span(f.symbol, "arrayOopDesc::base(BasicType) const");
}
END_TEST

START_TEST(frame_go_rust_java)
{
	struct perf_frame f = frame("\t 45d2f0 main.(*T).m+0x30 (/tmp/gobin)");
	ck_assert_span(f.symbol, "main.(*T).m");
	f = frame("\t 55aa10 core::fmt::write::h0123abcdef+0x1 (/tmp/rustbin)");
	ck_assert_span(f.symbol, "core::fmt::write::h0123abcdef");
	f = frame("\t7f722d12e1d4 LBusy;::main (/tmp/perf-19982.map)");
	ck_assert_span(f.symbol, "LBusy;::main");
}
END_TEST

START_TEST(frame_dso_with_spaces)
{
	struct perf_frame f = frame("\t7f00 Interpreter ([JIT app cache])");
	ck_assert_span(f.symbol, "Interpreter");
	ck_assert_span(f.dso, "[JIT app cache]");
	f = frame("\t  1234 main (/tmp/my prog (deleted))");
	ck_assert_span(f.dso, "/tmp/my prog (deleted)");
}
END_TEST

START_TEST(frame_unindented)
{
	struct perf_frame f =
	    frame("ffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])");
	ck_assert_span(f.symbol, "native_write_msr_safe");
}
END_TEST

START_TEST(frame_rejects_srcline)
{
	struct perf_frame f;
	ck_assert(!perf_frame_parse(span_cstr("  dl-cacheinfo.h:267"), &f));
	ck_assert(!perf_frame_parse(span_cstr("  :0"), &f));
	ck_assert(!perf_frame_parse(
	    span_cstr("  [kernel.kallsyms][ffffffff815de804]"), &f));
}
END_TEST

START_TEST(frame_offset_and_address_forms)
{
	struct perf_frame f = frame("\t7f12 f+0x1F (/x)");
	ck_assert_uint_eq(f.addr, 0x7f12);
	ck_assert_uint_eq(f.offset, 0x1f);
	ck_assert_span(f.symbol, "f");
	/* "+0x" without digits, or "+" alone, is part of the name. */
	f = frame("\t1 g+0x (/x)");
	ck_assert_span(f.symbol, "g+0x");
	ck_assert_uint_eq(f.offset, 0);
	f = frame("\t1 a+b (/x)");
	ck_assert_span(f.symbol, "a+b");
	/* No DSO printed: an argument list is not one. */
	f = frame("\t1 f(int)");
	ck_assert_span(f.symbol, "f(int)");
	ck_assert_uint_eq(f.dso.n, 0);
	ck_assert(!f.inlined);
	f = frame("\tffffffffffffffff h (/x)");
	ck_assert_uint_eq(f.addr, UINT64_MAX);
	struct perf_frame g;
	/* Seventeen hex digits are no address. */
	ck_assert(
	    !perf_frame_parse(span_cstr("\t1ffffffffffffffff h (/x)"), &g));
	ck_assert(!perf_frame_parse(span_cstr("\t7f12x h (/x)"), &g));
	ck_assert(!perf_frame_parse(span_cstr(""), &g));
}
END_TEST

START_TEST(srcline_forms)
{
	ck_assert(perf_srcline_looks_valid(span_cstr("dl-cacheinfo.h:267")));
	ck_assert(perf_srcline_looks_valid(span_cstr("??:0")));
	ck_assert(perf_srcline_looks_valid(span_cstr("libc.so.6[27b25]")));
	ck_assert(perf_srcline_looks_valid(span_cstr("/my src/a b.c:12")));
	ck_assert(
	    perf_srcline_looks_valid(span_cstr("[kernel.kallsyms][ffff8100]")));
	ck_assert(!perf_srcline_looks_valid(span_cstr("")));
	ck_assert(!perf_srcline_looks_valid(span_cstr("not a srcline")));
	ck_assert(!perf_srcline_looks_valid(span_cstr("a b:")));

	ck_assert(srcline_has_line(span_cstr("dl-cacheinfo.h:267")));
	ck_assert(srcline_has_line(span_cstr("/my src/a b.c:10")));
	ck_assert(!srcline_has_line(span_cstr("??:0")));
	ck_assert(!srcline_has_line(span_cstr("??:12")));
	ck_assert(!srcline_has_line(span_cstr("a.c:0")));
	ck_assert(!srcline_has_line(span_cstr("libc.so.6[27b25]")));
	ck_assert(!srcline_has_line(span_cstr(":12")));
	ck_assert(!srcline_has_line(span_cstr("a.c:")));
	ck_assert(!srcline_has_line(span_cstr("")));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {frame_kernel,
	                        frame_unknown,
	                        frame_perf_map,
	                        frame_inlined,
	                        frame_cpp_nested_parentheses,
	                        frame_go_rust_java,
	                        frame_dso_with_spaces,
	                        frame_unindented,
	                        frame_rejects_srcline,
	                        frame_offset_and_address_forms,
	                        srcline_forms,
	                        NULL};
	return unit_main("perf_frame", tests);
}
