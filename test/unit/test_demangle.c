/*
 * test_demangle.c - which names are demangled, into what, and interning.
 */
#include "symbols/demangle.h"
#include "unit.h"

START_TEST(mangled_names_recognised)
{
	ck_assert(name_looks_mangled("_ZN2ns1fEv"));
	ck_assert(name_looks_mangled("_RNvCs15kBYyAo9fc_7mycrate7example"));
	ck_assert(!name_looks_mangled("main"));
	ck_assert(!name_looks_mangled("_start"));
	ck_assert(!name_looks_mangled("__libc_start_main"));
	ck_assert(!name_looks_mangled("_"));
	ck_assert(!name_looks_mangled(""));
}
END_TEST

START_TEST(cxx_and_rust_demangled)
{
	struct string_table names;
	string_table_init(&names);
	ck_assert_str_eq(demangle(&names, NULL, "_ZN2ns5outerEi"),
	                 "ns::outer(int)");
	/* Rust's legacy mangling: the hash goes, as perf shows it. */
	ck_assert_str_eq(
	    demangle(&names, NULL, "_ZN4core3fmt5write17h0123456789abcdefE"),
	    "core::fmt::write");
	ck_assert_str_eq(
	    demangle(&names, NULL, "_RNvCs15kBYyAo9fc_7mycrate7example"),
	    "mycrate::example");
	string_table_free(&names);
}
END_TEST

/* Each distinct name is stored once; names left alone are not stored. */
START_TEST(names_interned)
{
	struct string_table names;
	string_table_init(&names);
	const char *a = demangle(&names, NULL, "_ZN2ns1fEv");
	const char *b = demangle(&names, NULL, "_ZN2ns1fEv");
	ck_assert_ptr_eq(a, b);
	ck_assert_uint_eq(names.count, 1);

	static const char plain[] = "main", broken[] = "_Zx";
	ck_assert_ptr_eq(demangle(&names, NULL, plain), plain);
	ck_assert_ptr_eq(demangle(&names, NULL, broken), broken);
	ck_assert_uint_eq(names.count, 1);
	string_table_free(&names);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {mangled_names_recognised,
	                        cxx_and_rust_demangled, names_interned, NULL};
	return unit_main("demangle", tests);
}
