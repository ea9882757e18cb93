/*
 * sample_chain.h - the frames of one sample, in the order perf script
 * prints them, each an address and the map it falls in.
 *
 * As perf 6.1's thread__resolve_callchain (callee order): the recorded
 * call chain first, its PERF_CONTEXT_* markers switching between the
 * kernel's maps and the thread's (an unknown marker drops what came
 * before it and the rest of the recorded chain), at most max_stack
 * addresses; then, for a sample with user registers and stack, the
 * addresses unwound from them (dwarf_unwind.h), at most max_stack again,
 * an address 0 left out.  Only the unwound frames get inlined frames
 * (expand).  A sample of an event without call chains has one frame:
 * its instruction pointer, in the maps its cpumode says (chain false).
 */
#ifndef PERFVIEWS_SAMPLE_CHAIN_H
#define PERFVIEWS_SAMPLE_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfdata/dwarf_unwind.h"
#include "perfdata/machine.h"
#include "perfdata/sample_fields.h"

/* perf script's default --max-stack (PERF_MAX_STACK_DEPTH). */
enum { SCRIPT_MAX_STACK = 127 };

struct chain_frame {
	const struct mem_map *map; /* NULL: no map holds ip */
	uint64_t ip;
	bool expand; /* unwound: perf adds its inlined frames */
};

struct sample_chain {
	bool chain; /* a call chain (else the sample's one frame) */
	struct chain_frame *v;
	size_t n, cap;
	uint64_t *ips; /* the unwinder's, 127 */
};

void sample_chain_free(struct sample_chain *c);

/* The frames of s (of thread t), into c; u is NULL if not unwinding. */
void sample_chain_resolve(struct sample_chain *c, struct machine *m,
                          const struct thread *t, const struct sample_fields *s,
                          struct dwarf_unwind *u);

#endif
