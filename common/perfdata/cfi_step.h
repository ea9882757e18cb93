/*
 * cfi_step.h - one step of a user call chain's unwinding by the call
 * frame information (.eh_frame): the rule libdw gives for an address,
 * worked out once, and the caller's frame it makes from the callee's, as
 * libunwind makes it on x86_64.
 *
 * A frame's state is the values of the 17 DWARF registers of x86_64
 * (rax, rdx, rcx, rbx, rsi, rdi, rbp, rsp, r8-r15, and the return
 * address column 16, rip), each known, unreadable, or undefined (null
 * in libunwind's words), and its CFA, which is the caller's stack
 * pointer: libunwind reads rsp as the CFA.  A step by a rule:
 *   - the caller's registers follow the rule (same value, undefined, at
 *     or at an offset from the CFA, another register, a DWARF
 *     expression); one that cannot be read becomes unknown;
 *   - it is the end of the chain (0) where the return address or rbp is
 *     undefined, and an error (-1) where the CFA or the return address
 *     cannot be read, or where the step changes neither the address nor
 *     the CFA;
 *   - *decrement says the caller's address is a return address (looked
 *     up less one): not after a signal frame ('S' in its CIE).
 * DWARF expressions run on a stack of 64 words with the operators CFI
 * uses; any other, or an empty expression, fails.  Memory is read only
 * through the caller's cfi_memory.
 */
#ifndef PERFVIEWS_CFI_STEP_H
#define PERFVIEWS_CFI_STEP_H

#include <stdbool.h>
#include <stdint.h>

struct Dwarf_CFI_s;

/* DWARF registers: their number, and the three the unwinding reads. */
enum { CFI_NREGS = 17, CFI_RBP = 6, CFI_RSP = 7, CFI_RIP = 16 };

struct cfi_frame {
	uint64_t reg[CFI_NREGS];
	uint32_t known; /* bit per register: its value is known */
	uint32_t null;  /* bit per register: undefined */
	uint64_t cfa;   /* this frame's stack pointer */
	uint64_t ip;
	bool prev; /* look the address up less one */
};

/* Register reg of f (rsp: the CFA, rip: the address); false if unknown. */
bool cfi_frame_reg(const struct cfi_frame *f, unsigned reg, uint64_t *v);

/* The recorded memory: the word at addr into *v; false if none is there. */
struct cfi_memory {
	bool (*read)(void *ctx, uint64_t addr, uint64_t *v);
	void *ctx;
};

/* The rules worked out, by index, and their expressions. */
struct cfi_rules;

struct cfi_rules *cfi_rules_new(void);
void cfi_rules_free(struct cfi_rules *u);

/* The rule at address pc of cfi (libdw's), worked out now: its index. */
uint32_t cfi_rules_add(struct cfi_rules *u, struct Dwarf_CFI_s *cfi,
                       uint64_t pc);

/* Did a frame description cover the rule's address? */
bool cfi_rule_found(const struct cfi_rules *u, uint32_t rule);

/* A step from f to its caller by rule: 1 on, 0 the end, -1 an error. */
int cfi_step(const struct cfi_rules *u, uint32_t rule, struct cfi_frame *f,
             const struct cfi_memory *mem, bool *decrement);

#endif
