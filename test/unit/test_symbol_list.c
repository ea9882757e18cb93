/*
 * test_symbol_list.c - perf's choice among symbols at one address, the
 * room of symbols without a size, and lookups by address.
 */
#include "symbols/symbol_list.h"
#include "unit.h"

/* The name of the symbol holding addr, "-" when none. */
static const char *
name_at(const struct symbol_list *l, uint64_t addr)
{
	const struct func_symbol *f = symbol_list_find(l, addr);
	return f != NULL ? f->name : "-";
}

START_TEST(best_alias_as_perf)
{
	struct symbol_list l = {0};
	struct arena names;
	arena_init(&names);
	/* Sized first, even local against global. */
	symbol_list_add(&l, &names, 0x100, 0, "unsized", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x100, 8, "sized", BINDING_LOCAL);
	/* Then not weak. */
	symbol_list_add(&l, &names, 0x200, 8, "weak", BINDING_WEAK);
	symbol_list_add(&l, &names, 0x200, 8, "local", BINDING_LOCAL);
	/* Then global. */
	symbol_list_add(&l, &names, 0x300, 8, "loc", BINDING_LOCAL);
	symbol_list_add(&l, &names, 0x300, 8, "glob", BINDING_GLOBAL);
	/* Then fewer leading underscores. */
	symbol_list_add(&l, &names, 0x400, 8, "__a", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x400, 8, "_b", BINDING_GLOBAL);
	/* Then the longer name, then the first read. */
	symbol_list_add(&l, &names, 0x500, 8, "ab", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x500, 8, "abc", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x600, 8, "first", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x600, 8, "other", BINDING_GLOBAL);
	symbol_list_finish(&l, ALIAS_BEST);

	ck_assert_uint_eq(l.count, 6);
	ck_assert_str_eq(name_at(&l, 0x100), "sized");
	ck_assert_str_eq(name_at(&l, 0x200), "local");
	ck_assert_str_eq(name_at(&l, 0x300), "glob");
	ck_assert_str_eq(name_at(&l, 0x400), "_b");
	ck_assert_str_eq(name_at(&l, 0x500), "abc");
	ck_assert_str_eq(name_at(&l, 0x600), "first");
	symbol_list_free(&l);
	arena_free(&names);
}
END_TEST

/* kallsyms: the last listed, whatever it is. */
START_TEST(last_alias_for_kallsyms)
{
	struct symbol_list l = {0};
	struct arena names;
	arena_init(&names);
	symbol_list_add(&l, &names, 0x100, 0, "a", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x100, 0, "__b", BINDING_WEAK);
	symbol_list_add(&l, &names, 0x200, 0, "c", BINDING_GLOBAL);
	symbol_list_finish(&l, ALIAS_LAST);
	ck_assert_uint_eq(l.count, 2);
	ck_assert_str_eq(name_at(&l, 0x1ff), "__b");
	symbol_list_free(&l);
	arena_free(&names);
}
END_TEST

START_TEST(symbol_ends)
{
	struct symbol_list l = {0};
	struct arena names;
	arena_init(&names);
	/* Added out of order: finishing sorts. */
	symbol_list_add(&l, &names, 0x300, 0, "last", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x100, 0, "open", BINDING_GLOBAL);
	symbol_list_add(&l, &names, 0x200, 0x10, "sized", BINDING_GLOBAL);
	symbol_list_finish(&l, ALIAS_BEST);

	ck_assert_str_eq(name_at(&l, 0xff), "-");
	ck_assert_str_eq(name_at(&l, 0x100), "open");
	ck_assert_str_eq(name_at(&l, 0x1ff), "open");
	ck_assert_str_eq(name_at(&l, 0x20f), "sized");
	ck_assert_str_eq(name_at(&l, 0x210), "-");
	ck_assert_str_eq(name_at(&l, 0x300), "last");
	ck_assert_str_eq(name_at(&l, 0x301), "-");
	const struct func_symbol *f = symbol_list_find(&l, 0x180);
	ck_assert_uint_eq(f->start, 0x100);
	ck_assert_uint_eq(f->end, 0x200);
	symbol_list_free(&l);
	arena_free(&names);
}
END_TEST

START_TEST(names_copied_and_empty_lists)
{
	struct symbol_list l = {0};
	struct arena names;
	arena_init(&names);
	symbol_list_finish(&l, ALIAS_BEST);
	ck_assert_str_eq(name_at(&l, 0), "-");

	char name[] = "before";
	symbol_list_add(&l, &names, 0x10, 4, name, BINDING_LOCAL);
	name[0] = 'X';
	symbol_list_finish(&l, ALIAS_BEST);
	ck_assert_str_eq(name_at(&l, 0x12), "before");
	symbol_list_free(&l);
	ck_assert_uint_eq(l.count, 0);
	ck_assert_ptr_null(l.syms);
	arena_free(&names);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {best_alias_as_perf, last_alias_for_kallsyms,
	                        symbol_ends, names_copied_and_empty_lists,
	                        NULL};
	return unit_main("symbol_list", tests);
}
