/*
 * sample_chain.c - see sample_chain.h.
 */
#include <stdlib.h>

#include "base/xalloc.h"
#include "perfdata/sample_chain.h"

void
sample_chain_free(struct sample_chain *c)
{
	free(c->v);
	free(c->ips);
}

static void
add(struct sample_chain *c, const struct mem_map *map, uint64_t ip, bool expand)
{
	c->v = array_reserve(c->v, &c->cap, c->n + 1, sizeof *c->v);
	c->v[c->n].map = map;
	c->v[c->n].ip = ip;
	c->v[c->n].expand = expand;
	c->n++;
}

/* The map of ip for cpumode: the kernel's, the thread's, or none. */
static const struct mem_map *
map_for(struct machine *m, const struct thread *t, uint8_t cpumode, uint64_t ip)
{
	if (cpumode == PERF_RECORD_MISC_KERNEL)
		return machine_find_map(m, t, true, ip);
	if (cpumode == PERF_RECORD_MISC_USER)
		return machine_find_map(m, t, false, ip);
	return NULL;
}

static void
recorded_chain(struct sample_chain *c, struct machine *m,
               const struct thread *t, const struct sample_fields *s)
{
	uint8_t cpumode = PERF_RECORD_MISC_USER;
	size_t entries = 0;

	for (uint64_t i = 0; i < s->callchain_nr && entries < SCRIPT_MAX_STACK;
	     i++) {
		uint64_t ip = load_u64(s->callchain + 8 * i);
		if (ip >= PERF_CONTEXT_FIRST) {
			if (ip == (uint64_t)PERF_CONTEXT_HV)
				cpumode = PERF_RECORD_MISC_HYPERVISOR;
			else if (ip == (uint64_t)PERF_CONTEXT_KERNEL)
				cpumode = PERF_RECORD_MISC_KERNEL;
			else if (ip == (uint64_t)PERF_CONTEXT_USER)
				cpumode = PERF_RECORD_MISC_USER;
			else { /* perf: "the callchain is corrupted" */
				c->n = 0;
				return;
			}
			continue;
		}
		entries++;
		add(c, map_for(m, t, cpumode, ip), ip, false);
	}
}

void
sample_chain_resolve(struct sample_chain *c, struct machine *m,
                     const struct thread *t, const struct sample_fields *s,
                     struct dwarf_unwind *u)
{
	uint64_t type = s->event->attr.sample_type;

	c->n = 0;
	c->chain = (type & PERF_SAMPLE_CALLCHAIN) != 0;
	if (!c->chain) {
		add(c, map_for(m, t, s->cpumode, s->ip), s->ip, false);
		return;
	}
	recorded_chain(c, m, t, s);
	if (u == NULL || !(type & PERF_SAMPLE_REGS_USER) ||
	    !(type & PERF_SAMPLE_STACK_USER))
		return;
	if (c->ips == NULL)
		c->ips = xreallocarray(NULL, SCRIPT_MAX_STACK, sizeof *c->ips);
	size_t n = dwarf_unwind_sample(u, m, t, s, c->ips, SCRIPT_MAX_STACK);
	for (size_t i = 0; i < n; i++)
		if (c->ips[i] != 0)
			add(c, machine_find_map(m, t, false, c->ips[i]),
			    c->ips[i], true);
}
