/*
 * cfi_step.c - see cfi_step.h.
 *
 * A rule says, for one address of one DSO, how the caller's state
 * follows from the callee's; rules are worked out once from libdw's
 * Dwarf_Frame, their rare DWARF expressions copied into one pool.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "perfdata/cfi_step.h"

enum { NREGS = CFI_NREGS, RBP = CFI_RBP, RSP = CFI_RSP, RIP = CFI_RIP };
enum { MAX_STACK = 64 };

enum rule_kind {
	RULE_SAME,
	RULE_UNDEFINED,
	RULE_OFFSET,     /* at CFA + value */
	RULE_VAL_OFFSET, /* CFA + value */
	RULE_REGISTER,   /* in register value */
	RULE_EXPR,       /* at the address expression value computes */
	RULE_VAL_EXPR,   /* what expression value computes */
};

enum rule_status { RULE_FOUND, RULE_NO_FDE };

struct op {
	uint8_t atom;
	uint64_t n1, n2;
};

struct expr {
	uint32_t off, n; /* ops in the pool */
};

struct rule {
	uint8_t status;
	bool signal;   /* the CIE's 'S': a signal frame */
	bool cfa_expr; /* the CFA is expression cfa */
	uint8_t cfa_reg;
	int64_t cfa_off;
	struct expr cfa;
	uint8_t kind[NREGS];
	int64_t value[NREGS];
	struct expr exprs[NREGS];
};

struct cfi_rules {
	struct rule *rules;
	size_t nrules, rules_cap;
	struct op *ops;
	size_t nops, ops_cap;
};

struct cfi_rules *
cfi_rules_new(void)
{
	return xcalloc(1, sizeof(struct cfi_rules));
}

void
cfi_rules_free(struct cfi_rules *u)
{
	if (u == NULL)
		return;
	free(u->rules);
	free(u->ops);
	free(u);
}

/* ---- rules, from libdw ---- */

static struct expr
keep_ops(struct cfi_rules *u, const Dwarf_Op *ops, size_t n)
{
	struct expr e = {(uint32_t)u->nops, (uint32_t)n};
	u->ops =
	    array_reserve(u->ops, &u->ops_cap, u->nops + n, sizeof *u->ops);
	for (size_t i = 0; i < n; i++) {
		u->ops[u->nops + i].atom = ops[i].atom;
		u->ops[u->nops + i].n1 = ops[i].number;
		u->ops[u->nops + i].n2 = ops[i].number2;
	}
	u->nops += n;
	return e;
}

static void
cfa_rule(struct cfi_rules *u, Dwarf_Frame *frame, struct rule *r)
{
	Dwarf_Op *ops;
	size_t n;

	r->cfa_expr = true;
	r->cfa.n = 0;
	if (dwarf_frame_cfa(frame, &ops, &n) != 0 || n == 0)
		return; /* no CFA: an empty expression fails */
	if (n == 1 && ops[0].atom >= DW_OP_breg0 &&
	    ops[0].atom <= DW_OP_breg31) {
		r->cfa_expr = false;
		r->cfa_reg = (uint8_t)(ops[0].atom - DW_OP_breg0);
		r->cfa_off = (int64_t)ops[0].number;
	} else if (n == 1 && ops[0].atom == DW_OP_bregx) {
		r->cfa_expr = false;
		r->cfa_reg = (uint8_t)ops[0].number;
		r->cfa_off = (int64_t)ops[0].number2;
	} else {
		r->cfa = keep_ops(u, ops, n);
	}
	if (!r->cfa_expr && r->cfa_reg >= NREGS) {
		r->cfa_expr = true;
		r->cfa.n = 0;
	}
}

static void
register_rule(struct cfi_rules *u, Dwarf_Frame *frame, int reg, struct rule *r)
{
	Dwarf_Op mem[3], *ops;
	size_t n;

	r->kind[reg] = RULE_SAME;
	if (dwarf_frame_register(frame, reg, mem, &ops, &n) != 0)
		return;
	if (n == 0) {
		/*
		 * libdw says undefined for the caller-saved registers the
		 * CFI does not name; libunwind keeps them.  Only rbp and
		 * the return address being undefined mean anything (the
		 * end of the chain), and those the CFI names.
		 */
		if (ops != NULL && (reg == RBP || reg == RIP))
			r->kind[reg] = RULE_UNDEFINED;
		return;
	}
	bool val = ops[n - 1].atom == DW_OP_stack_value;
	size_t k = val ? n - 1 : n;
	if (k >= 1 && k <= 2 && ops[0].atom == DW_OP_call_frame_cfa &&
	    (k == 1 || ops[1].atom == DW_OP_plus_uconst)) {
		r->kind[reg] = val ? RULE_VAL_OFFSET : RULE_OFFSET;
		r->value[reg] = k == 2 ? (int64_t)ops[1].number : 0;
	} else if (k == 1 && !val && ops[0].atom == DW_OP_regx &&
	           ops[0].number < NREGS) {
		r->kind[reg] = RULE_REGISTER;
		r->value[reg] = (int64_t)ops[0].number;
	} else if (k == 1 && !val && ops[0].atom >= DW_OP_reg0 &&
	           ops[0].atom <= DW_OP_reg16) {
		r->kind[reg] = RULE_REGISTER;
		r->value[reg] = ops[0].atom - DW_OP_reg0;
	} else {
		r->kind[reg] = val ? RULE_VAL_EXPR : RULE_EXPR;
		r->exprs[reg] = keep_ops(u, ops, k);
	}
}

/* The rule at address pc of cfi, worked out now. */
static void
make_rule(struct cfi_rules *u, struct Dwarf_CFI_s *cfi, uint64_t pc,
          struct rule *r)
{
	Dwarf_Frame *frame;

	memset(r, 0, sizeof *r);
	if (dwarf_cfi_addrframe(cfi, pc, &frame) != 0) {
		r->status = RULE_NO_FDE;
		return;
	}
	Dwarf_Addr start, end;
	bool signal = false;
	dwarf_frame_info(frame, &start, &end, &signal);
	r->status = RULE_FOUND;
	r->signal = signal;
	cfa_rule(u, frame, r);
	for (int reg = 0; reg < NREGS; reg++)
		register_rule(u, frame, reg, r);
	free(frame);
}

uint32_t
cfi_rules_add(struct cfi_rules *u, struct Dwarf_CFI_s *cfi, uint64_t pc)
{
	u->rules = array_reserve(u->rules, &u->rules_cap, u->nrules + 1,
	                         sizeof *u->rules);
	make_rule(u, cfi, pc, &u->rules[u->nrules]);
	return (uint32_t)u->nrules++;
}

bool
cfi_rule_found(const struct cfi_rules *u, uint32_t rule)
{
	return u->rules[rule].status == RULE_FOUND;
}

/* ---- a step ---- */

/* The rules and the memory of one step. */
struct stepper {
	const struct cfi_rules *u;
	const struct cfi_memory *mem;
};

static bool
read_word(const struct stepper *w, uint64_t addr, uint64_t *v)
{
	return w->mem->read(w->mem->ctx, addr, v);
}

bool
cfi_frame_reg(const struct cfi_frame *f, unsigned reg, uint64_t *v)
{
	if (reg == RSP) {
		*v = f->cfa;
		return true;
	}
	if (reg == RIP) {
		*v = f->ip;
		return true;
	}
	if (reg >= NREGS || !((f->known >> reg) & 1))
		return false;
	*v = f->reg[reg];
	return true;
}

/* Evaluate a DWARF expression (CFA: the new CFA, for call_frame_cfa). */
static bool
eval(const struct stepper *w, const struct cfi_frame *f, struct expr e,
     bool have_cfa, uint64_t cfa, uint64_t *out)
{
	uint64_t st[MAX_STACK];
	size_t sp = 0;
	const struct op *ops = w->u->ops + e.off;

#define NEED(k)                                                                \
	do {                                                                   \
		if (sp < (k))                                                  \
			return false;                                          \
	} while (0)
#define PUSH(v)                                                                \
	do {                                                                   \
		uint64_t pushed_ = (v);                                        \
		if (sp >= MAX_STACK)                                           \
			return false;                                          \
		st[sp++] = pushed_;                                            \
	} while (0)
	for (uint32_t i = 0; i < e.n; i++) {
		const struct op *o = &ops[i];
		uint64_t a, b;
		uint8_t at = o->atom;
		if (at >= DW_OP_lit0 && at <= DW_OP_lit31) {
			PUSH((uint64_t)(at - DW_OP_lit0));
		} else if (at >= DW_OP_breg0 && at <= DW_OP_breg31) {
			if (!cfi_frame_reg(f, at - DW_OP_breg0, &a))
				return false;
			PUSH(a + o->n1);
		} else {
			switch (at) {
			case DW_OP_bregx:
				if (!cfi_frame_reg(f, (unsigned)o->n1, &a))
					return false;
				PUSH(a + o->n2);
				break;
			case DW_OP_call_frame_cfa:
				if (!have_cfa)
					return false;
				PUSH(cfa);
				break;
			case DW_OP_addr:
			case DW_OP_const1u:
			case DW_OP_const1s:
			case DW_OP_const2u:
			case DW_OP_const2s:
			case DW_OP_const4u:
			case DW_OP_const4s:
			case DW_OP_const8u:
			case DW_OP_const8s:
			case DW_OP_constu:
			case DW_OP_consts:
				PUSH(o->n1);
				break;
			case DW_OP_dup:
				NEED(1);
				PUSH(st[sp - 1]);
				break;
			case DW_OP_drop:
				NEED(1);
				sp--;
				break;
			case DW_OP_over:
				NEED(2);
				PUSH(st[sp - 2]);
				break;
			case DW_OP_swap:
				NEED(2);
				a = st[sp - 1];
				st[sp - 1] = st[sp - 2];
				st[sp - 2] = a;
				break;
			case DW_OP_deref:
				NEED(1);
				if (!read_word(w, st[sp - 1], &st[sp - 1]))
					return false;
				break;
			case DW_OP_plus_uconst:
				NEED(1);
				st[sp - 1] += o->n1;
				break;
			case DW_OP_neg:
				NEED(1);
				st[sp - 1] = -st[sp - 1];
				break;
			case DW_OP_not:
				NEED(1);
				st[sp - 1] = ~st[sp - 1];
				break;
			case DW_OP_nop:
				break;
			default:
				/* The binary operators. */
				NEED(2);
				b = st[--sp];
				a = st[sp - 1];
				switch (at) {
				case DW_OP_plus:
					a += b;
					break;
				case DW_OP_minus:
					a -= b;
					break;
				case DW_OP_mul:
					a *= b;
					break;
				case DW_OP_and:
					a &= b;
					break;
				case DW_OP_or:
					a |= b;
					break;
				case DW_OP_xor:
					a ^= b;
					break;
				case DW_OP_shl:
					a = b < 64 ? a << b : 0;
					break;
				case DW_OP_shr:
					a = b < 64 ? a >> b : 0;
					break;
				case DW_OP_shra:
					a = b < 64 ? (uint64_t)((int64_t)a >> b)
					           : 0;
					break;
				case DW_OP_eq:
					a = a == b;
					break;
				case DW_OP_ne:
					a = a != b;
					break;
				case DW_OP_ge:
					a = (int64_t)a >= (int64_t)b;
					break;
				case DW_OP_gt:
					a = (int64_t)a > (int64_t)b;
					break;
				case DW_OP_le:
					a = (int64_t)a <= (int64_t)b;
					break;
				case DW_OP_lt:
					a = (int64_t)a < (int64_t)b;
					break;
				default:
					return false; /* not in CFI we know */
				}
				st[sp - 1] = a;
			}
		}
	}
#undef NEED
#undef PUSH
	if (sp == 0)
		return false;
	*out = st[sp - 1];
	return true;
}

/* The register reg of the caller, by rule r, into next. */
static void
apply(const struct stepper *w, const struct cfi_frame *f, const struct rule *r,
      int reg, uint64_t cfa, struct cfi_frame *next)
{
	uint32_t bit = UINT32_C(1) << reg;
	uint64_t v = 0, addr;
	bool ok = false;

	switch ((enum rule_kind)r->kind[reg]) {
	case RULE_SAME:
		return; /* next starts as f */
	case RULE_UNDEFINED:
		next->null |= bit;
		next->known &= ~bit;
		return;
	case RULE_OFFSET:
		ok = read_word(w, cfa + (uint64_t)r->value[reg], &v);
		break;
	case RULE_VAL_OFFSET:
		v = cfa + (uint64_t)r->value[reg];
		ok = true;
		break;
	case RULE_REGISTER:
		ok = cfi_frame_reg(f, (unsigned)r->value[reg], &v);
		break;
	case RULE_EXPR:
		ok = eval(w, f, r->exprs[reg], true, cfa, &addr) &&
		     read_word(w, addr, &v);
		break;
	case RULE_VAL_EXPR:
		ok = eval(w, f, r->exprs[reg], true, cfa, &v);
		break;
	}
	next->null &= ~bit;
	if (ok) {
		next->reg[reg] = v;
		next->known |= bit;
	} else {
		next->known &= ~bit;
	}
}

/* A step by the frame's rule: 1 on, 0 the end, -1 an error. */
static int
step_dwarf(const struct stepper *w, struct cfi_frame *f, const struct rule *r,
           bool *decrement)
{
	uint64_t cfa, base;
	struct cfi_frame next = *f;

	if (r->cfa_expr) {
		if (!eval(w, f, r->cfa, false, 0, &cfa))
			return -1;
	} else {
		if (!cfi_frame_reg(f, r->cfa_reg, &base))
			return -1;
		cfa = base + (uint64_t)r->cfa_off;
	}
	next.known |= UINT32_C(1) << RIP;
	next.reg[RIP] = f->ip;
	for (int reg = 0; reg < NREGS; reg++)
		if (reg != RSP)
			apply(w, f, r, reg, cfa, &next);
	if ((next.null >> RIP) & 1)
		return 0; /* the outermost frame */
	if (!((next.known >> RIP) & 1))
		return -1;
	if ((next.null >> RBP) & 1)
		return 0; /* "end of call-chain is marked with a NULL RBP" */
	if (next.reg[RIP] == f->ip && cfa == f->cfa)
		return -1;
	next.ip = next.reg[RIP];
	next.cfa = cfa;
	next.prev = !r->signal;
	*decrement = !r->signal;
	*f = next;
	return 1;
}

int
cfi_step(const struct cfi_rules *u, uint32_t rule, struct cfi_frame *f,
         const struct cfi_memory *mem, bool *decrement)
{
	struct stepper w = {u, mem};
	return step_dwarf(&w, f, &u->rules[rule], decrement);
}
