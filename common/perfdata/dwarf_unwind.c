/*
 * dwarf_unwind.c - see dwarf_unwind.h.
 *
 * A frame's state is the values of the 17 DWARF registers of x86_64
 * (rax, rdx, rcx, rbx, rsi, rdi, rbp, rsp, r8-r15, and the return
 * address column 16, rip), each known, unreadable, or undefined (null
 * in libunwind's words), and its CFA, which is the caller's stack
 * pointer: libunwind reads rsp as the CFA.  A rule says, for one address
 * of one DSO, how the caller's state follows from the callee's; rules
 * are worked out once from libdw's Dwarf_Frame and kept by (DSO, file
 * offset), their rare DWARF expressions copied into one pool.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/dso_files.h"
#include "perfdata/dwarf_unwind.h"
#include "perfdata/elf_image.h"
#include "perfdata/u64_map.h"

enum { NREGS = 17, RBP = 6, RSP = 7, RIP = 16, MAX_STACK = 64 };

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

struct unwind_dso {
	bool tried;
	bool usable; /* an ELF image with .eh_frame_hdr */
	struct elf_image elf;
	struct u64_map rules; /* CFI address -> rule index */
	/* Where perf reads its table, in the maps last asked about. */
	const struct mem_maps *maps;
	uint64_t generation;
	uint64_t base;
	bool readable;
};

/*
 * libunwind's cache of register states, one per address space (perf: one
 * per process's maps, flushed at an exec): the last 128 rules found,
 * replaced in turn, looked up by the instruction pointer as it is, not
 * the one less it looked the rule up at.  A hit skips the lookup, so a
 * rule found at a function's first instruction (a leaf sample) is used
 * again where a return address is that address (a call that does not
 * return, at the end of the function before), and a rule found before a
 * map was added stays.
 */
enum { RS_CACHE = 128 };

struct rs_cache {
	uint64_t execs; /* of the maps, when last flushed */
	uint64_t ip[RS_CACHE];
	uint32_t rule[RS_CACHE];
	bool used[RS_CACHE];
	unsigned head;
	struct u64_map where; /* ip -> its slot, if ip[slot] still is it */
};

struct dwarf_unwind {
	const struct perf_file *file;
	struct rs_cache **caches;
	size_t ncaches, caches_cap;
	struct u64_map cache_of; /* maps serial -> cache */
	struct unwind_dso *dsos; /* by DSO index */
	size_t dsos_cap;
	struct rule *rules;
	size_t nrules, rules_cap;
	struct op *ops;
	size_t nops, ops_cap;
	struct dwarf_unwind_stats stats;
};

/* DWARF register -> perf's sample register (x86_64). */
static const unsigned perf_reg_of[NREGS] = {
    PERF_X86_AX, PERF_X86_DX, PERF_X86_CX, PERF_X86_BX, PERF_X86_SI,
    PERF_X86_DI, PERF_X86_BP, PERF_X86_SP, 16,          17,
    18,          19,          20,          21,          22,
    23,          PERF_X86_IP,
};

struct dwarf_unwind *
dwarf_unwind_new(const struct perf_file *f)
{
	struct dwarf_unwind *u = xcalloc(1, sizeof *u);
	u->file = f;
	return u;
}

void
dwarf_unwind_free(struct dwarf_unwind *u)
{
	if (u == NULL)
		return;
	for (size_t i = 0; i < u->dsos_cap; i++) {
		if (u->dsos[i].tried)
			elf_image_close(&u->dsos[i].elf);
		u64_map_free(&u->dsos[i].rules);
	}
	free(u->dsos);
	free(u->rules);
	free(u->ops);
	for (size_t i = 0; i < u->ncaches; i++) {
		u64_map_free(&u->caches[i]->where);
		free(u->caches[i]);
	}
	free(u->caches);
	u64_map_free(&u->cache_of);
	free(u);
}

struct dwarf_unwind_stats
dwarf_unwind_stats(const struct dwarf_unwind *u)
{
	return u->stats;
}

/* ---- rules, from libdw ---- */

static struct expr
keep_ops(struct dwarf_unwind *u, const Dwarf_Op *ops, size_t n)
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
cfa_rule(struct dwarf_unwind *u, Dwarf_Frame *frame, struct rule *r)
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
register_rule(struct dwarf_unwind *u, Dwarf_Frame *frame, int reg,
              struct rule *r)
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

/* The rule at CFI address pc of d, worked out now. */
static void
make_rule(struct dwarf_unwind *u, struct unwind_dso *d, uint64_t pc,
          struct rule *r)
{
	Dwarf_Frame *frame;

	memset(r, 0, sizeof *r);
	if (dwarf_cfi_addrframe((Dwarf_CFI *)d->elf.cfi, pc, &frame) != 0) {
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

static struct unwind_dso *
dso_data(struct dwarf_unwind *u, const struct map_dso *dso)
{
	if (dso->index >= u->dsos_cap) {
		size_t old = u->dsos_cap;
		u->dsos =
		    array_reserve(u->dsos, &u->dsos_cap, (size_t)dso->index + 1,
		                  sizeof *u->dsos);
		memset(u->dsos + old, 0, (u->dsos_cap - old) * sizeof *u->dsos);
	}
	struct unwind_dso *d = &u->dsos[dso->index];
	if (!d->tried) {
		d->tried = true;
		d->elf.fd = -1;
		char *path = dso_file_path(u->file, dso);
		if (path != NULL && elf_image_open(&d->elf, path) == NULL)
			d->usable = d->elf.cfi != NULL;
		free(path);
		u->stats.dsos++;
		if (!d->usable)
			u->stats.no_cfi++;
	}
	return d;
}

/* The rule at address pc of d's CFI. */
static const struct rule *
rule_at(struct dwarf_unwind *u, struct unwind_dso *d, uint64_t pc)
{
	uint32_t i = u64_map_get(&d->rules, pc);
	if (i == U64_MAP_NONE) {
		u->rules = array_reserve(u->rules, &u->rules_cap, u->nrules + 1,
		                         sizeof *u->rules);
		make_rule(u, d, pc, &u->rules[u->nrules]);
		i = (uint32_t)u->nrules++;
		u64_map_put(&d->rules, pc, i);
		u->stats.rules++;
	}
	return &u->rules[i];
}

/* ---- the state of one sample's unwinding ---- */

struct frame {
	uint64_t reg[NREGS];
	uint32_t known; /* bit per register: its value is known */
	uint32_t null;  /* bit per register: undefined */
	uint64_t cfa;   /* this frame's stack pointer */
	uint64_t ip;
	bool prev; /* look the address up less one */
};

struct walk {
	struct dwarf_unwind *u;
	struct machine *m;
	const struct thread *t;
	const unsigned char *stack;
	uint64_t sp, size; /* the copy: size bytes from sp */
};

/*
 * A word of the recorded memory, as perf's access_mem reads it: from the
 * stack copy, else from the file of the map holding it.  A map whose
 * file cannot be read there (the [stack] beyond the copy, an anonymous
 * map, the end of a file) reads as 0 without failing: perf's
 * access_dso_mem then returns 1, which libunwind takes for success.
 * Only an address in no map fails.
 */
static bool
read_word(struct walk *w, uint64_t addr, uint64_t *v)
{
	if (addr + 8 < addr)
		return false;
	if (addr >= w->sp && addr + 8 < w->sp + w->size) {
		*v = load_u64(w->stack + (addr - w->sp));
		return true;
	}
	const struct mem_map *map = machine_find_map(w->m, w->t, false, addr);
	if (map == NULL)
		return false;
	struct unwind_dso *d = dso_data(w->u, map->dso);
	if (d->elf.bytes == NULL ||
	    !elf_image_read(&d->elf, map_ip(map, addr), v, sizeof *v))
		*v = 0;
	return true;
}

static bool
get_reg(const struct frame *f, unsigned reg, uint64_t *v)
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
eval(struct walk *w, const struct frame *f, struct expr e, bool have_cfa,
     uint64_t cfa, uint64_t *out)
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
			if (!get_reg(f, at - DW_OP_breg0, &a))
				return false;
			PUSH(a + o->n1);
		} else {
			switch (at) {
			case DW_OP_bregx:
				if (!get_reg(f, (unsigned)o->n1, &a))
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
apply(struct walk *w, const struct frame *f, const struct rule *r, int reg,
      uint64_t cfa, struct frame *next)
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
		ok = get_reg(f, (unsigned)r->value[reg], &v);
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
step_dwarf(struct walk *w, struct frame *f, const struct rule *r,
           bool *decrement)
{
	uint64_t cfa, base;
	struct frame next = *f;

	if (r->cfa_expr) {
		if (!eval(w, f, r->cfa, false, 0, &cfa))
			return -1;
	} else {
		if (!get_reg(f, r->cfa_reg, &base))
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

/* Is the code at ip a PLT stub (jmp *x(%rip); push $n; jmp)? */
static bool
is_plt_entry(struct walk *w, uint64_t ip)
{
	uint64_t w0, w1;
	if (!read_word(w, ip, &w0) || !read_word(w, ip + 8, &w1))
		return false;
	return (w0 & 0xffff) == 0x25ff && ((w0 >> 48) & 0xff) == 0x68 &&
	       ((w1 >> 24) & 0xff) == 0xe9;
}

/* libunwind's guesses where no frame description covers ip. */
static int
step_guess(struct walk *w, struct frame *f, bool *decrement)
{
	uint64_t prev_ip = f->ip, prev_cfa = f->cfa, rbp, rbp1, ip;

	*decrement = true;
	if (is_plt_entry(w, f->ip)) {
		if ((f->null >> RBP) & 1)
			return 0;
		if (!read_word(w, f->cfa, &ip))
			return -1;
		f->cfa += 8;
	} else {
		if ((f->null >> RBP) & 1)
			return 0;
		if (!get_reg(f, RBP, &rbp))
			return -1;
		if (rbp == 0)
			return 0;
		if (!read_word(w, rbp, &rbp1) || rbp < f->cfa ||
		    rbp - f->cfa > 0x4000)
			return 0;
		f->cfa += 16;
		f->known = UINT32_C(1) << RBP;
		f->null = ~(UINT32_C(1) << RBP | UINT32_C(1) << RIP |
		            UINT32_C(1) << RSP) &
		          ((UINT32_C(1) << NREGS) - 1);
		f->reg[RBP] = rbp1;
		if (!read_word(w, rbp + 8, &ip))
			return -1;
		f->prev = true;
	}
	if (ip == prev_ip && f->cfa == prev_cfa)
		return -1;
	f->ip = ip;
	return 1;
}

/*
 * Do the maps of t hold [addr, addr + n) as bytes of dso at file offset
 * off?  What perf reads there comes from the file, else not.
 */
static bool
holds(struct machine *m, const struct thread *t, const struct map_dso *dso,
      uint64_t addr, uint64_t n, uint64_t off)
{
	for (int end = 0; end < 2; end++) {
		uint64_t at = end ? addr + n - 1 : addr;
		const struct mem_map *map = machine_find_map(m, t, false, at);
		if (map == NULL || map->dso != dso ||
		    map_ip(map, at) != off + (at - addr))
			return false;
	}
	return true;
}

/*
 * Where perf (6.1, read_unwind_spec_eh_frame) takes d's image to be in
 * t's memory: at the lowest address any map of it has, less its first
 * page's address; stale maps (a parent's, kept past an exec) count too.
 * The table and the frame descriptions are read there.  False when
 * perf's reads there would not be the file's bytes.
 */
static bool
table_base(struct walk *w, struct unwind_dso *d, const struct map_dso *dso,
           uint64_t *base)
{
	const struct mem_maps *maps = w->t->maps;
	if (d->maps != maps || d->generation != maps->generation) {
		uint64_t low = 0;
		const struct elf_image *e = &d->elf;
		d->maps = maps;
		d->generation = maps->generation;
		d->readable = machine_dso_lowest(w->t, dso, &low);
		d->base = low - e->elf_base;
		d->readable = d->readable &&
		              holds(w->m, w->t, dso, d->base + e->hdr_addr,
		                    e->hdr_size, e->hdr_off) &&
		              holds(w->m, w->t, dso, d->base + e->frame_addr,
		                    e->frame_size, e->frame_off);
	}
	*base = d->base;
	return d->readable;
}

/* The cache of the thread's maps, emptied if an exec flushed it. */
static struct rs_cache *
rs_cache_of(struct dwarf_unwind *u, const struct mem_maps *maps)
{
	uint32_t i = u64_map_get(&u->cache_of, maps->serial);
	if (i == U64_MAP_NONE) {
		u->caches = array_reserve(u->caches, &u->caches_cap,
		                          u->ncaches + 1, sizeof *u->caches);
		u->caches[u->ncaches] = xcalloc(1, sizeof **u->caches);
		u->caches[u->ncaches]->execs = maps->execs;
		i = (uint32_t)u->ncaches++;
		u64_map_put(&u->cache_of, maps->serial, i);
	}
	struct rs_cache *c = u->caches[i];
	if (c->execs != maps->execs) { /* unw_flush_cache */
		memset(c->used, 0, sizeof c->used);
		c->head = 0;
		c->execs = maps->execs;
	}
	return c;
}

static uint32_t
rs_cache_find(const struct rs_cache *c, uint64_t ip)
{
	uint32_t slot = u64_map_get(&c->where, ip);
	return slot != U64_MAP_NONE && c->used[slot] && c->ip[slot] == ip
	           ? c->rule[slot]
	           : U64_MAP_NONE;
}

static void
rs_cache_add(struct rs_cache *c, uint64_t ip, uint32_t rule)
{
	unsigned slot = c->head;
	c->head = (c->head + 1) % RS_CACHE;
	c->ip[slot] = ip;
	c->rule[slot] = rule;
	c->used[slot] = true;
	u64_map_put(&c->where, ip, slot);
}

static int
step(struct walk *w, struct frame *f, bool *decrement)
{
	struct rs_cache *cache = rs_cache_of(w->u, w->t->maps);
	uint32_t cached = rs_cache_find(cache, f->ip);
	if (cached != U64_MAP_NONE)
		return step_dwarf(w, f, &w->u->rules[cached], decrement);

	uint64_t pc = f->prev ? f->ip - 1 : f->ip;
	const struct mem_map *map = machine_find_map(w->m, w->t, false, pc);
	if (map == NULL)
		return -1;
	struct unwind_dso *d = dso_data(w->u, map->dso);
	uint64_t base;
	if (!d->usable || !table_base(w, d, map->dso, &base))
		return -1;
	const struct rule *r = rule_at(w->u, d, pc - base);
	if (r->status == RULE_NO_FDE)
		return step_guess(w, f, decrement);
	rs_cache_add(cache, f->ip, (uint32_t)(r - w->u->rules));
	return step_dwarf(w, f, r, decrement);
}

size_t
dwarf_unwind_sample(struct dwarf_unwind *u, struct machine *m,
                    const struct thread *t, const struct record_sample *s,
                    uint64_t *ips, size_t max)
{
	struct frame f;
	uint64_t ip;

	/* perf unwinds only with registers and a non-empty stack copy. */
	if (max == 0 || s->regs == NULL || s->stack_size == 0 ||
	    !record_sample_reg(s, PERF_X86_IP, &ip))
		return 0;
	u->stats.samples++;
	ips[0] = ip;
	memset(&f, 0, sizeof f);
	for (unsigned reg = 0; reg < NREGS; reg++)
		if (record_sample_reg(s, perf_reg_of[reg], &f.reg[reg]))
			f.known |= UINT32_C(1) << reg;
	if (!((f.known >> RSP) & 1))
		return 1;
	f.cfa = f.reg[RSP];
	f.ip = ip;
	struct walk w = {u, m, t, s->stack, f.reg[RSP], s->stack_size};
	size_t n = 1;
	bool decrement;
	while (n < max && step(&w, &f, &decrement) > 0)
		ips[n++] = decrement ? f.ip - 1 : f.ip;
	u->stats.frames += n;
	return n;
}
