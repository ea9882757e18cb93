/*
 * test_dwarf_lines.c - inlined chains and source lines in this test
 * program's own DWARF: a call inside an always-inlined function gives the
 * inlined function at the line of the call, then its caller at the line
 * where it was inlined, as addr2line -f -i -s prints them.
 */
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "symbols/dwarf_lines.h"
#include "symbols/libbfd.h"
#include "unit.h"

/* Where probe_catch was called from, and the lines of the chain. */
static uintptr_t caught_return;
static int inner_line, outer_line;

__attribute__((noinline, noclone)) void
probe_catch(int inner, int outer)
{
	caught_return = (uintptr_t)__builtin_return_address(0);
	inner_line = inner;
	outer_line = outer;
	__asm__ volatile("" ::: "memory");
}

static inline __attribute__((always_inline)) int
probe_inlined(int x, int call_line)
{
	probe_catch(__LINE__, call_line);
	return x + 1;
}

__attribute__((noinline)) int
probe_outer(int x)
{
	return probe_inlined(x, __LINE__) * 2;
}

/* This program, opened with libbfd, and its symbol table. */
struct program {
	bfd *file;
	asymbol **symbols;
};

static struct program
program_open(void)
{
	struct program p;
	static char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
	ck_assert_int_gt(n, 0);
	path[n] = '\0';
	bfd_init();
	p.file = bfd_openr(path, NULL);
	ck_assert_ptr_nonnull(p.file);
	ck_assert(bfd_check_format(p.file, bfd_object));
	long bytes = bfd_get_symtab_upper_bound(p.file);
	ck_assert_int_gt(bytes, 0);
	p.symbols = malloc((size_t)bytes);
	ck_assert_int_gt(bfd_canonicalize_symtab(p.file, p.symbols), 0);
	return p;
}

static void
program_close(struct program *p)
{
	free(p->symbols);
	bfd_close(p->file);
}

static int
first_object_bias(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	*(uintptr_t *)data = info->dlpi_addr;
	return 1; /* the program comes first */
}

/* The address in the program's own address space of a runtime one. */
static uint64_t
program_address(uintptr_t runtime)
{
	uintptr_t bias = 0;
	dl_iterate_phdr(first_object_bias, &bias);
	return (uint64_t)(runtime - bias);
}

static size_t
chain_at(struct dwarf_lines *l, struct program *p, uint64_t vma,
         struct symbol_location *out, size_t max)
{
	LIBBFD_LEAKS_BEGIN();
	size_t n = dwarf_lines_at(l, p->file, p->symbols, vma, out, max);
	LIBBFD_LEAKS_END();
	return n;
}

static void
ck_assert_srcline(struct span srcline, int line)
{
	char want[64];
	snprintf(want, sizeof want, "test_dwarf_lines.c:%d", line);
	ck_assert_span(srcline, want);
}

START_TEST(inlined_chain)
{
	ck_assert_int_eq(probe_outer(3), 8);
	struct program p = program_open();
	struct dwarf_lines l;
	dwarf_lines_init(&l);
	/* The call instruction: the byte before the return address. */
	uint64_t vma = program_address(caught_return - 1);
	struct symbol_location chain[8];

	size_t n = chain_at(&l, &p, vma, chain, 8);
	ck_assert_uint_eq(n, 2);
	ck_assert_span(chain[0].function, "probe_inlined");
	ck_assert_srcline(chain[0].srcline, inner_line);
	ck_assert_span(chain[1].function, "probe_outer");
	ck_assert_srcline(chain[1].srcline, outer_line);

	/* At most max entries: the innermost. */
	struct symbol_location one;
	ck_assert_uint_eq(chain_at(&l, &p, vma, &one, 1), 1);
	ck_assert_span(one.function, "probe_inlined");
	/* Lines are interned: the same bytes the second time. */
	ck_assert_ptr_eq(one.srcline.p, chain[0].srcline.p);

	dwarf_lines_free(&l);
	program_close(&p);
}
END_TEST

START_TEST(function_entry_line)
{
	struct program p = program_open();
	struct dwarf_lines l;
	dwarf_lines_init(&l);
	uint64_t vma = program_address((uintptr_t)probe_catch);
	struct symbol_location chain[8];

	size_t n = chain_at(&l, &p, vma, chain, 8);
	ck_assert_uint_eq(n, 1);
	ck_assert_span(chain[0].function, "probe_catch");
	ck_assert(span_starts_with(chain[0].srcline, "test_dwarf_lines.c:"));

	dwarf_lines_free(&l);
	program_close(&p);
}
END_TEST

START_TEST(nothing_found)
{
	struct program p = program_open();
	struct dwarf_lines l;
	dwarf_lines_init(&l);
	struct symbol_location chain[8];
	uint64_t vma = program_address((uintptr_t)probe_catch);

	ck_assert_uint_eq(dwarf_lines_at(&l, NULL, NULL, vma, chain, 8), 0);
	ck_assert_uint_eq(chain_at(&l, &p, vma, chain, 0), 0);
	/* Address 0 is in no section. */
	ck_assert_uint_eq(chain_at(&l, &p, 0, chain, 8), 0);

	dwarf_lines_free(&l);
	program_close(&p);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {inlined_chain, function_entry_line,
	                        nothing_found, NULL};
	return unit_main("dwarf_lines", tests);
}
