/*
 * test_frame_tidy.c - display names of frames and commands, and the kinds
 * of DSO (input/frame_tidy.h).
 */
#include <stdio.h>

#include "input/frame_tidy.h"
#include "unit.h"

static const char *
tidy(const char *symbol, const char *dso, bool addrs, bool java)
{
	static char out[1024];
	size_t n = frame_tidy(span_cstr(symbol), span_cstr(dso), 0x7f12, addrs,
	                      java, out);
	out[n] = '\0';
	return out;
}

START_TEST(argument_lists_removed)
{
	ck_assert_str_eq(tidy("f(int)", "/x", false, false), "f");
	ck_assert_str_eq(
	    tidy("ns::C::m(int, char const*) const", "/x", false, false),
	    "ns::C::m");
	ck_assert_str_eq(tidy("plain", "/x", false, false), "plain");
}
END_TEST

START_TEST(template_parentheses_kept)
{
	ck_assert_str_eq(tidy("std::function<int (int)>::operator()(int) const",
	                      "/x", false, false),
	                 "std::function<int (int)>::operator");
	ck_assert_str_eq(tidy("std::operator<< <char>(std::ostream&, char)",
	                      "/x", false, false),
	                 "std::operator<< <char>");
	ck_assert_str_eq(tidy("a::operator->() const", "/x", false, false),
	                 "a::operator->");
	ck_assert_str_eq(
	    tidy("(anonymous namespace)::helper(int)", "/x", false, false),
	    "(anonymous namespace)::helper");
	ck_assert_str_eq(tidy("foo::{lambda(int)#1}::operator()(int) const",
	                      "/x", false, false),
	                 "foo::{lambda(int)#1}::operator");
	/* Cut at the call operator's "()", as inferno cuts it. */
	ck_assert_str_eq(tidy("C::operator()", "/x", false, false),
	                 "C::operator");
	ck_assert_str_eq(
	    tidy("Table::operator[](unsigned long)", "/x", false, false),
	    "Table::operator[]");
	ck_assert_str_eq(tidy("std::vector<std::pair<int, int> >::push_back("
	                      "std::pair<int, int>&&)",
	                      "/x", false, false),
	                 "std::vector<std::pair<int, int> >::push_back");
}
END_TEST

START_TEST(go_and_java)
{
	ck_assert_str_eq(tidy("net/http.(*Client).Do", "/x", false, false),
	                 "net/http.(*Client).Do");
	ck_assert_str_eq(tidy("Ljava/io/PrintStream;::print", "/tmp/perf-1.map",
	                      false, true),
	                 "java/io/PrintStream:::print");
	ck_assert_str_eq(tidy("LBusy;::main", "/tmp/perf-1.map", false, true),
	                 "LBusy:::main");
	ck_assert_str_eq(tidy("Lorg/Foo;.call(Lorg/Bar;)V", "/x", false, true),
	                 "org/Foo:.call");
}
END_TEST

START_TEST(unknown_symbols)
{
	ck_assert_str_eq(tidy("[unknown]", "/usr/lib/libc.so.6", false, false),
	                 "[libc.so.6]");
	ck_assert_str_eq(tidy("[unknown]", "[unknown]", false, false),
	                 "[unknown]");
	ck_assert_str_eq(tidy("[unknown]", "/usr/lib/libc.so.6", true, false),
	                 "[libc.so.6 <7f12>]");
	ck_assert_str_eq(tidy("", "", false, false), "[unknown]");
}
END_TEST

START_TEST(quotes_kept_semicolons_replaced)
{
	ck_assert_str_eq(
	    tidy("RegExp:[&<>\\\"\\']", "/tmp/perf-1.map", false, false),
	    "RegExp:[&<>\\\"\\']");
	ck_assert_str_eq(tidy("a;b", "/x", false, false), "a:b");
}
END_TEST

START_TEST(dso_kinds)
{
	ck_assert(dso_is_kernel(span_cstr("[kernel.kallsyms]")));
	ck_assert(dso_is_kernel(span_cstr("[nf_conntrack]")));
	ck_assert(dso_is_kernel(span_cstr("/lib/modules/x/vmlinux")));
	/* Distributions' debug images, with their versions. */
	ck_assert(dso_is_kernel(
	    span_cstr("/usr/lib/debug/boot/vmlinux-6.1.0-13-amd64")));
	ck_assert(dso_is_kernel(span_cstr("/boot/vmlinux-5.15.0+")));
	ck_assert(dso_is_kernel(span_cstr("vmlinux")));
	ck_assert(dso_is_kernel(span_cstr("vmlinux.debug")));
	ck_assert(dso_is_kernel(span_cstr("/lib/modules/6.1/kernel/nf.ko")));
	ck_assert(
	    dso_is_kernel(span_cstr("/lib/modules/6.1/kernel/nf.ko.zst")));
	ck_assert(!dso_is_kernel(span_cstr("/usr/bin/vmlinuxtool")));
	ck_assert(!dso_is_kernel(span_cstr("/opt/vmlinux-tools/bin/x")));
	ck_assert(!dso_is_kernel(span_cstr("/boot/vmlinux-6.1 (deleted)")));
	ck_assert(!dso_is_kernel(span_cstr("/usr/lib/libko.so")));
	ck_assert(!dso_is_kernel(span_cstr("[unknown]")));
	ck_assert(!dso_is_kernel(span_cstr("/usr/lib/libc.so.6")));
	ck_assert(dso_is_jit(span_cstr("/tmp/perf-3688.map")));
	ck_assert(!dso_is_jit(span_cstr("/tmp/perf-.map")));
	ck_assert(!dso_is_jit(span_cstr("/tmp/perf-12.mapx")));
	ck_assert(dso_is_jit(span_cstr("/root/.debug/jit/jitted-12-3.so")));
	ck_assert(dso_is_python(span_cstr("/usr/lib/libpython3.12.so.1.0")));
	ck_assert(dso_is_python(span_cstr("/usr/bin/python3.12")));
	ck_assert(!dso_is_python(span_cstr("/usr/lib/libc.so.6")));
	ck_assert(symbol_is_python(span_cstr("py::fib:/tmp/x.py")));
}
END_TEST

static const char *
rust(const char *symbol)
{
	static char out[1024];
	size_t n = rust_legacy_tidy(span_cstr(symbol), out);
	out[n] = '\0';
	return out;
}

START_TEST(rust_legacy_finished)
{
	ck_assert_str_eq(rust("std::fs::File::open::h5c1e9a04f7d3b268"),
	                 "std::fs::File::open");
	ck_assert_str_eq(
	    rust(
	        "_$LT$alloc..vec..Vec$LT$T$C$A$GT$$u20$as$u20$core..ops..drop.."
	        "Drop$GT$::drop::h2e6a9d14c08f7b35"),
	    "<alloc::vec::Vec<T,A> as core::ops::drop::Drop>::drop");
	/* As inferno: the '_' before an escape is kept inside the path. */
	ck_assert_str_eq(
	    rust("a::_$u7b$$u7b$closure$u7d$$u7d$::h91d4e7a2c6b0f358"),
	    "a::_{{closure}}");
	ck_assert_str_eq(rust("f$RF$$BP$$SP$$LP$$RP$$u7e$::h91d4e7a2c6b0f358"),
	                 "f&*@()~");
	/* An unknown escape: the rest as it is; a single '.' stays. */
	ck_assert_str_eq(rust("a.b$XY$..c::h91d4e7a2c6b0f358"), "a.b$XY$..c");
	/* Not a hash: 15 digits, not hex, no "::", or nothing before. */
	ck_assert_str_eq(rust("a::h91d4e7a2c6b0f35"), "");
	ck_assert_str_eq(rust("a::h91d4e7a2c6b0f35g"), "");
	ck_assert_str_eq(rust("ah91d4e7a2c6b0f358"), "");
	ck_assert_str_eq(rust("::h91d4e7a2c6b0f358"), "");
	ck_assert_str_eq(rust("_ZN3std2rt10lang_start17h91d4e7a2c6b0f358E"),
	                 "");
	/* In the display name, finished before the argument list is cut. */
	ck_assert_str_eq(tidy("_$LT$$LP$A$C$B$RP$$u20$as$u20$T$GT$::f::"
	                      "h91d4e7a2c6b0f358",
	                      "/x", false, false),
	                 "<(A,B) as T>::f");
}
END_TEST

START_TEST(name_length_and_unknown)
{
	ck_assert_uint_eq(frame_name_length(span_cstr("f(int)")), 1);
	ck_assert_uint_eq(frame_name_length(span_cstr("main.(*T).m")), 11);
	ck_assert_uint_eq(
	    frame_name_length(span_cstr("(anonymous namespace)::f(int)")), 24);
	ck_assert_uint_eq(frame_name_length(span_cstr("operator new(unsigned "
	                                              "long)")),
	                  12);
	ck_assert_uint_eq(frame_name_length(span_cstr("")), 0);
	ck_assert(frame_symbol_unknown(span_cstr("[unknown]")));
	ck_assert(frame_symbol_unknown(span_cstr("")));
	ck_assert(!frame_symbol_unknown(span_cstr("[unknown]x")));
}
END_TEST

START_TEST(comm_and_srcline_text)
{
	char out[64];
	size_t n = comm_tidy(span_cstr("Web Content;2"), out);
	ck_assert_uint_eq(n, 13);
	ck_assert(memcmp(out, "Web_Content:2", n) == 0);

	strcpy(out, "f");
	n = srcline_append(out + 1, span_cstr("a;b.c:12"));
	out[1 + n] = '\0';
	ck_assert_uint_eq(n, 9);
	ck_assert_str_eq(out, "f:a:b.c:12");
}
END_TEST

START_TEST(jit_dsos_are_not_kernel)
{
	ck_assert(dso_is_jit(span_cstr("[JIT] tid 5")));
	ck_assert(!dso_is_kernel(span_cstr("[JIT] tid 5")));
	ck_assert(dso_is_jit(span_cstr("/tmp/perf-12.map")));
	ck_assert(!dso_is_jit(span_cstr("/tmp/perf-12")));
	ck_assert(!dso_is_python(span_cstr("/usr/lib/mypython.so")));
	ck_assert(!symbol_is_python(span_cstr("py:x")));
}
END_TEST

static const char *
base(const char *name)
{
	static char out[256];
	struct span s = symbol_base_name(span_cstr(name));
	snprintf(out, sizeof out, "%.*s", (int)s.n, s.p);
	return out;
}

START_TEST(clone_suffixes_removed)
{
	ck_assert_str_eq(base("gc_collect_main.isra.0"), "gc_collect_main");
	ck_assert_str_eq(base("insertdict.constprop.0.isra.0"), "insertdict");
	ck_assert_str_eq(base("dictresize.part.3"), "dictresize");
	ck_assert_str_eq(base("_PyEval_EvalFrameDefault.cold"),
	                 "_PyEval_EvalFrameDefault");
	ck_assert_str_eq(base("f.cold.12"), "f");
	ck_assert_str_eq(base("g.lto_priv.0"), "g");
	ck_assert_str_eq(base("h.localalias"), "h");
	ck_assert_str_eq(base("k.llvm.1234567"), "k");
	ck_assert_str_eq(base("Py_DECREF (inlined)"), "Py_DECREF");
	ck_assert_str_eq(base("Py_DECREF.isra.0 (inlined)"), "Py_DECREF");
	ck_assert_str_eq(base("trailing  "), "trailing");
	/* Not clone suffixes: kept. */
	ck_assert_str_eq(base("[libpython3.12.so.1.0]"),
	                 "[libpython3.12.so.1.0]");
	ck_assert_str_eq(base("x.5"), "x.5");
	ck_assert_str_eq(base("isra.0"), "isra.0");
	ck_assert_str_eq(base(".cold"), ".cold");
	ck_assert_str_eq(base("a.b.isra"), "a.b.isra");
	ck_assert_str_eq(base("py::f:/x/y.cold"), "py::f:/x/y.cold");
	ck_assert_str_eq(base(""), "");
}
END_TEST

START_TEST(python_modules)
{
	ck_assert_span(python_frame_module(span_cstr("py::fib:/tmp/x.py")),
	               "/tmp/x.py");
	ck_assert_span(
	    python_frame_module(span_cstr("py::ABCMeta.__new__:<frozen abc>")),
	    "<frozen abc>");
	ck_assert_span(python_frame_module(span_cstr("py::f:C:/w/x.py")),
	               "C:/w/x.py");
	struct span none = python_frame_module(span_cstr("PyObject_Malloc"));
	ck_assert_ptr_null(none.p);
	struct span empty = python_frame_module(span_cstr("py::nofile"));
	ck_assert_ptr_nonnull(empty.p);
	ck_assert_uint_eq(empty.n, 0);
}
END_TEST

static const char *
label(const char *symbol)
{
	static char out[512];
	size_t n = python_frame_label(span_cstr(symbol), out);
	out[n] = '\0';
	return out;
}

/* Python frames shown short: the benchmark's, an installed package's, the
 * standard library's, any other file's. */
START_TEST(python_names_short)
{
	const char *bench = "py::advance:/d/.pyperformance/venv/lib/python3.13/"
	                    "site-packages/pyperformance/data-files/benchmarks/"
	                    "bm_nbody/run_benchmark.py";
	ck_assert_span(python_frame_function(span_cstr(bench)), "advance");
	ck_assert_str_eq(label(bench), "advance (bm_nbody/run_benchmark.py)");
	ck_assert_str_eq(label("py::Runner.bench_time_func.<locals>.task_func:"
	                       "/v/lib/python3.13/site-packages/pyperf/"
	                       "_runner.py"),
	                 "Runner.bench_time_func.<locals>.task_func "
	                 "(pyperf/_runner.py)");
	ck_assert_str_eq(label("py::decode:/usr/lib/python3/dist-packages/"
	                       "x/y.py"),
	                 "decode (x/y.py)");
	ck_assert_str_eq(label("py::decode:/opt/py/lib/python3.13t/json/"
	                       "decoder.py"),
	                 "decode (json/decoder.py)");
	ck_assert_str_eq(label("py::fib:/home/u/proj/bench/fib.py"),
	                 "fib (bench/fib.py)");
	ck_assert_str_eq(label("py::fib:/fib.py"), "fib (/fib.py)");
	ck_assert_str_eq(label("py::fib:fib.py"), "fib (fib.py)");
	ck_assert_str_eq(label("py::_find_and_load:<frozen importlib._"
	                       "bootstrap>"),
	                 "_find_and_load (<frozen importlib._bootstrap>)");
	ck_assert_str_eq(label("py::nofile"), "nofile");
	/* A directory named like the standard library, but not it. */
	ck_assert_str_eq(label("py::f:/lib/python3.x/a/b.py"), "f (a/b.py)");
	ck_assert_str_eq(label("PyObject_Malloc"), "");
	ck_assert_ptr_null(
	    python_frame_function(span_cstr("PyObject_Malloc")).p);
}
END_TEST

START_TEST(perf_maps)
{
	ck_assert(dso_is_perf_map(span_cstr("/tmp/perf-4242.map")));
	ck_assert(dso_is_perf_map(span_cstr("perf-1.map")));
	ck_assert(!dso_is_perf_map(span_cstr("/tmp/perf-.map")));
	ck_assert(!dso_is_perf_map(span_cstr("/tmp/perf-12a.map")));
	ck_assert(!dso_is_perf_map(span_cstr("/tmp/perf.map")));
	ck_assert(!dso_is_perf_map(span_cstr("/usr/lib/libperf-1.so")));
}
END_TEST

static const char *
family(const char *dso)
{
	static char out[256];
	size_t n = dso_family_name(span_cstr(dso), out);
	out[n] = '\0';
	return out;
}

START_TEST(dso_families_set_versions_aside)
{
	/* Python's interpreters and libraries, of any version, are one. */
	ck_assert_str_eq(family("libpython3.11.so.1.0"), "libpython.so");
	ck_assert_str_eq(family("libpython3.12.so.1.0"), "libpython.so");
	ck_assert_str_eq(family("python3.11"), "python");
	ck_assert_str_eq(family("python3.12"), "python");
	ck_assert_str_eq(family("python3.13t"), "python");
	ck_assert_str_eq(family("python3.12d"), "python");
	ck_assert_str_eq(family("_json.cpython-311-x86_64-linux-gnu.so"),
	                 "_json.cpython-x86_64-linux-gnu.so");
	ck_assert_str_eq(family("_json.cpython-313t-x86_64-linux-gnu.so"),
	                 "_json.cpython-x86_64-linux-gnu.so");
	/* Shared library versions. */
	ck_assert_str_eq(family("libc.so.6"), "libc.so");
	ck_assert_str_eq(family("libstdc++.so.6.0.30"), "libstdc++.so");
	ck_assert_str_eq(family("libglib-2.0.so.0.7400.6"), "libglib.so");
	ck_assert_str_eq(family("libfoo.so"), "libfoo.so");
	ck_assert_str_eq(family("perf-4242.map"), "perf.map");
	/* Numbers without a dot are part of the name. */
	ck_assert_str_eq(family("ld-linux-x86-64.so.2"), "ld-linux-x86-64.so");
	ck_assert_str_eq(family("libbz2.so.1.0"), "libbz2.so");
	ck_assert_str_eq(family("python3"), "python3");
	ck_assert_str_eq(family("x264"), "x264");
	/* Not a version: after a digit or a dot, or in brackets. */
	ck_assert_str_eq(family("foo.1.2"), "foo.1.2");
	ck_assert_str_eq(family("a-1.2x"), "a-1.2x");
	ck_assert_str_eq(family("[kernel.kallsyms]"), "[kernel.kallsyms]");
	ck_assert_str_eq(family("[unknown]"), "[unknown]");
	ck_assert_str_eq(family("perf-.map"), "perf-.map");
	ck_assert_str_eq(family("libsoup-3.0.so.0"), "libsoup.so");
	ck_assert_str_eq(family(".so.1"), ".so");
	ck_assert_str_eq(family(""), "");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {dso_families_set_versions_aside,
	                        argument_lists_removed,
	                        template_parentheses_kept,
	                        go_and_java,
	                        unknown_symbols,
	                        quotes_kept_semicolons_replaced,
	                        dso_kinds,
	                        name_length_and_unknown,
	                        rust_legacy_finished,
	                        comm_and_srcline_text,
	                        jit_dsos_are_not_kernel,
	                        clone_suffixes_removed,
	                        python_modules,
	                        python_names_short,
	                        perf_maps,
	                        NULL};
	return unit_main("frame_tidy", tests);
}
