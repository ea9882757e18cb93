/*
 * test_cfi_step.c - steps by this test program's own call frame
 * information, over a stack made here: a function's entry (the return
 * address at the stack pointer), a PLT stub (its CFA a DWARF expression
 * of rip), _start (the return address undefined: the end), memory that
 * cannot be read, an address no frame description covers.
 */
#include <gelf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>

#include "perfdata/cfi_step.h"
#include "perfdata/elf_image.h"
#include "unit.h"

/* A function whose entry the steps start at. */
__attribute__((noinline)) int
cfi_probe_target(int x)
{
	return x * 5 + 1;
}

enum { STACK_AT = 0x7ffd1000, WORDS = 4 };

/* The memory a sample would have recorded: WORDS words at STACK_AT. */
struct stack {
	uint64_t word[WORDS];
	bool readable;
};

static bool
read_stack(void *ctx, uint64_t addr, uint64_t *v)
{
	const struct stack *s = ctx;
	if (!s->readable || addr < STACK_AT || addr >= STACK_AT + 8 * WORDS ||
	    (addr - STACK_AT) % 8 != 0)
		return false;
	*v = s->word[(addr - STACK_AT) / 8];
	return true;
}

/* This program's load bias: its addresses less its ELF's. */
static int
first_object(struct dl_phdr_info *info, size_t size, void *bias)
{
	(void)size;
	*(uint64_t *)bias = info->dlpi_addr;
	return 1; /* the program itself comes first */
}

static uint64_t
own_vaddr(uintptr_t addr)
{
	uint64_t bias = 0;
	dl_iterate_phdr(first_object, &bias);
	return addr - bias;
}

/* This program's ELF image, with its .eh_frame. */
static void
open_self(struct elf_image *e)
{
	ck_assert_ptr_null(elf_image_open(e, "/proc/self/exe"));
	ck_assert_ptr_nonnull(e->cfi);
}

/* A frame at ip whose stack pointer is STACK_AT, rbp known. */
static struct cfi_frame
frame_at(uint64_t ip)
{
	struct cfi_frame f;
	memset(&f, 0, sizeof f);
	f.reg[CFI_RSP] = STACK_AT;
	f.reg[CFI_RBP] = 0x1234;
	f.known = UINT32_C(1) << CFI_RSP | UINT32_C(1) << CFI_RBP;
	f.cfa = STACK_AT;
	f.ip = ip;
	return f;
}

START_TEST(function_entry)
{
	struct elf_image e;
	struct cfi_rules *rules = cfi_rules_new();
	struct stack s = {{0x5555aaaa1234, 1, 2, 3}, true};
	struct cfi_memory mem = {read_stack, &s};
	bool decrement = false;

	open_self(&e);
	uint64_t pc = own_vaddr((uintptr_t)cfi_probe_target);
	uint32_t r = cfi_rules_add(rules, e.cfi, pc);
	ck_assert(cfi_rule_found(rules, r));
	struct cfi_frame f = frame_at(pc);
	ck_assert_int_eq(cfi_step(rules, r, &f, &mem, &decrement), 1);
	/* The caller: the return address at the stack pointer, above it. */
	ck_assert_uint_eq(f.ip, 0x5555aaaa1234);
	ck_assert_uint_eq(f.cfa, STACK_AT + 8);
	ck_assert(decrement);
	ck_assert(f.prev);
	/* rbp is callee-saved and not yet pushed: the same value. */
	uint64_t rbp = 0;
	ck_assert(cfi_frame_reg(&f, CFI_RBP, &rbp));
	ck_assert_uint_eq(rbp, 0x1234);

	/* The return address cannot be read: an error, the frame kept. */
	s.readable = false;
	f = frame_at(pc);
	ck_assert_int_eq(cfi_step(rules, r, &f, &mem, &decrement), -1);
	ck_assert_uint_eq(f.ip, pc);
	ck_assert_uint_eq(f.cfa, STACK_AT);

	cfi_rules_free(rules);
	elf_image_close(&e);
}
END_TEST

/* The address of the section name of e; 0 when there is none. */
static uint64_t
section_addr(const struct elf_image *e, const char *name)
{
	size_t strndx;
	GElf_Shdr sh;
	if (elf_getshdrstrndx(e->elf, &strndx) != 0)
		return 0;
	for (Elf_Scn *scn = elf_nextscn(e->elf, NULL); scn != NULL;
	     scn = elf_nextscn(e->elf, scn)) {
		const char *s = gelf_getshdr(scn, &sh) == NULL
		                    ? NULL
		                    : elf_strptr(e->elf, strndx, sh.sh_name);
		if (s != NULL && strcmp(s, name) == 0)
			return sh.sh_addr;
	}
	return 0;
}

/*
 * A PLT stub's CFA is the linker's expression of rip: rsp + 8, and + 8
 * more once the stub has pushed its index (from its 11th byte on; IBT's
 * stubs, from the 10th).  Its first and last byte tell the two apart.
 */
START_TEST(plt_expression)
{
	struct elf_image e;
	struct cfi_rules *rules = cfi_rules_new();
	struct stack s = {{0x1111, 0x2222, 0, 0}, true};
	struct cfi_memory mem = {read_stack, &s};
	bool decrement = false;

	open_self(&e);
	uint64_t plt = section_addr(&e, ".plt");
	ck_assert_uint_ne(plt, 0);
	uint64_t stub = plt + 16; /* the first after PLT0 */

	uint32_t r = cfi_rules_add(rules, e.cfi, stub);
	ck_assert(cfi_rule_found(rules, r));
	struct cfi_frame f = frame_at(stub);
	ck_assert_int_eq(cfi_step(rules, r, &f, &mem, &decrement), 1);
	ck_assert_uint_eq(f.cfa, STACK_AT + 8);
	ck_assert_uint_eq(f.ip, 0x1111);

	r = cfi_rules_add(rules, e.cfi, stub + 15);
	ck_assert(cfi_rule_found(rules, r));
	f = frame_at(stub + 15);
	ck_assert_int_eq(cfi_step(rules, r, &f, &mem, &decrement), 1);
	ck_assert_uint_eq(f.cfa, STACK_AT + 16);
	ck_assert_uint_eq(f.ip, 0x2222);

	cfi_rules_free(rules);
	elf_image_close(&e);
}
END_TEST

/* _start's CIE says its return address is undefined: the chain ends. */
START_TEST(outermost_frame)
{
	struct elf_image e;
	struct cfi_rules *rules = cfi_rules_new();
	struct stack s = {{0x1111, 0, 0, 0}, true};
	struct cfi_memory mem = {read_stack, &s};
	bool decrement = false;
	GElf_Ehdr eh;

	open_self(&e);
	ck_assert_ptr_nonnull(gelf_getehdr(e.elf, &eh));
	uint32_t r = cfi_rules_add(rules, e.cfi, eh.e_entry);
	ck_assert(cfi_rule_found(rules, r));
	struct cfi_frame f = frame_at(eh.e_entry);
	ck_assert_int_eq(cfi_step(rules, r, &f, &mem, &decrement), 0);
	ck_assert_uint_eq(f.ip, eh.e_entry);

	/* The ELF header is code of no function: no frame description. */
	r = cfi_rules_add(rules, e.cfi, e.elf_base);
	ck_assert(!cfi_rule_found(rules, r));

	cfi_rules_free(rules);
	elf_image_close(&e);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {function_entry, plt_expression, outermost_frame,
	                        NULL};
	return unit_main("cfi_step", tests);
}
