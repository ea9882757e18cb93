/*
 * dwarf_unwind.c - see dwarf_unwind.h.
 *
 * The steps themselves are cfi_step.h's; here, which rule a frame takes
 * (found once per DSO and file offset, and libunwind's cache of them),
 * the memory a sample recorded, and libunwind's guesses where the CFI
 * has no frame description.
 */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/cfi_step.h"
#include "perfdata/dso_files.h"
#include "perfdata/dwarf_unwind.h"
#include "perfdata/elf_image.h"
#include "perfdata/u64_map.h"

enum { NREGS = CFI_NREGS, RBP = CFI_RBP, RSP = CFI_RSP, RIP = CFI_RIP };

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
	struct cfi_rules *rules;
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
	u->rules = cfi_rules_new();
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
	cfi_rules_free(u->rules);
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
static uint32_t
rule_at(struct dwarf_unwind *u, struct unwind_dso *d, uint64_t pc)
{
	uint32_t i = u64_map_get(&d->rules, pc);
	if (i == U64_MAP_NONE) {
		i = cfi_rules_add(u->rules, d->elf.cfi, pc);
		u64_map_put(&d->rules, pc, i);
		u->stats.rules++;
	}
	return i;
}

/* ---- one sample's unwinding ---- */

struct walk {
	struct dwarf_unwind *u;
	struct machine *m;
	const struct thread *t;
	const unsigned char *stack;
	uint64_t sp, size;     /* the copy: size bytes from sp */
	struct cfi_memory mem; /* read_word, for cfi_step */
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
read_word(void *walk, uint64_t addr, uint64_t *v)
{
	struct walk *w = walk;
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
step_guess(struct walk *w, struct cfi_frame *f, bool *decrement)
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
		if (!cfi_frame_reg(f, RBP, &rbp))
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
step(struct walk *w, struct cfi_frame *f, bool *decrement)
{
	struct rs_cache *cache = rs_cache_of(w->u, w->t->maps);
	uint32_t cached = rs_cache_find(cache, f->ip);
	if (cached != U64_MAP_NONE)
		return cfi_step(w->u->rules, cached, f, &w->mem, decrement);

	uint64_t pc = f->prev ? f->ip - 1 : f->ip;
	const struct mem_map *map = machine_find_map(w->m, w->t, false, pc);
	if (map == NULL)
		return -1;
	struct unwind_dso *d = dso_data(w->u, map->dso);
	uint64_t base;
	if (!d->usable || !table_base(w, d, map->dso, &base))
		return -1;
	uint32_t rule = rule_at(w->u, d, pc - base);
	if (!cfi_rule_found(w->u->rules, rule))
		return step_guess(w, f, decrement);
	rs_cache_add(cache, f->ip, rule);
	return cfi_step(w->u->rules, rule, f, &w->mem, decrement);
}

size_t
dwarf_unwind_sample(struct dwarf_unwind *u, struct machine *m,
                    const struct thread *t, const struct sample_fields *s,
                    uint64_t *ips, size_t max)
{
	struct cfi_frame f;
	uint64_t ip;

	/* perf unwinds only with registers and a non-empty stack copy. */
	if (max == 0 || s->regs == NULL || s->stack_size == 0 ||
	    !sample_fields_reg(s, PERF_X86_IP, &ip))
		return 0;
	u->stats.samples++;
	ips[0] = ip;
	memset(&f, 0, sizeof f);
	for (unsigned reg = 0; reg < NREGS; reg++)
		if (sample_fields_reg(s, perf_reg_of[reg], &f.reg[reg]))
			f.known |= UINT32_C(1) << reg;
	if (!((f.known >> RSP) & 1))
		return 1;
	f.cfa = f.reg[RSP];
	f.ip = ip;
	struct walk w = {
	    u, m, t, s->stack, f.reg[RSP], s->stack_size, {read_word, &w}};
	size_t n = 1;
	bool decrement;
	while (n < max && step(&w, &f, &decrement) > 0)
		ips[n++] = decrement ? f.ip - 1 : f.ip;
	u->stats.frames += n;
	return n;
}
