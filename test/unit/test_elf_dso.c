/*
 * test_elf_dso.c - this test program read as an ELF DSO: its functions
 * and PLT stubs, file offsets turned into its own addresses, its DWARF;
 * and the reasons files cannot be read.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "symbols/elf_dso.h"
#include "unit.h"

/* A function to find. */
__attribute__((noinline)) int
elf_probe_target(int x)
{
	return x * 7 + 3;
}

static char exe[UNIT_MAPPED_PATH];

START_TEST(own_functions)
{
	struct elf_dso e = {0};
	struct symbol_list syms = {0};
	struct arena names;
	arena_init(&names);
	uint64_t off = unit_file_offset((uintptr_t)elf_probe_target, exe);

	ck_assert_ptr_null(elf_dso_open(&e, exe, &syms, &names));
	symbol_list_finish(&syms, ALIAS_BEST);
	const struct func_symbol *f =
	    symbol_list_find(&syms, elf_dso_address(&e, off + 4));
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->name, "elf_probe_target");
	ck_assert_uint_eq(elf_dso_address(&e, off + 4) - f->start, 4);
	ck_assert_uint_gt(f->end, f->start + 4);

	/*
	 * A PLT stub of a shared library's function this program calls: one
	 * of libbfd (the ASan build links the sanitizers' interceptors of
	 * libc's functions in, and calls them without a stub).
	 */
	bool plt = false;
	for (size_t i = 0; i < syms.count; i++)
		plt = plt ||
		      strcmp(syms.syms[i].name, "bfd_check_format@plt") == 0;
	ck_assert(plt);

	/* Built with -g: the program's own DWARF and symbols. */
	ck_assert_ptr_eq(e.dwarf, e.file);
	ck_assert_ptr_nonnull(e.dwarf_symbols);

	symbol_list_free(&syms);
	elf_dso_close(&e);
	ck_assert_ptr_null(e.file);
	arena_free(&names);
}
END_TEST

/* An offset in no loaded section is left as it is. */
START_TEST(offsets_outside_sections)
{
	struct elf_dso e = {0};
	struct symbol_list syms = {0};
	struct arena names;
	arena_init(&names);
	unit_file_offset((uintptr_t)elf_probe_target, exe);
	ck_assert_ptr_null(elf_dso_open(&e, exe, &syms, &names));
	ck_assert_uint_eq(elf_dso_address(&e, UINT64_C(1) << 60), UINT64_C(1)
	                                                              << 60);
	symbol_list_free(&syms);
	elf_dso_close(&e);
	arena_free(&names);
}
END_TEST

START_TEST(unreadable_files)
{
	struct elf_dso e = {0};
	struct symbol_list syms = {0};
	struct arena names;
	arena_init(&names);
	char path[] = "/tmp/perfviews-unit-elf.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "#!/bin/sh\n", 10), 10);
	close(fd);

	ck_assert_str_eq(
	    elf_dso_open(&e, "/nonexistent/libgone.so", &syms, &names),
	    "No such file or directory");
	ck_assert_str_eq(elf_dso_open(&e, path, &syms, &names),
	                 "not an ELF file");
	ck_assert_ptr_null(e.file);
	ck_assert_uint_eq(syms.count, 0);
	elf_dso_close(&e);
	unlink(path);
	arena_free(&names);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {own_functions, offsets_outside_sections,
	                        unreadable_files, NULL};
	return unit_main("elf_dso", tests);
}
