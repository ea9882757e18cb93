/*
 * root_cache.c - see root_cache.h.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "root_cache.h"

uint32_t
root_cache_find(const struct root_cache *c, const struct perf_sample *s)
{
	if (c->valid && s->pid == c->pid && s->tid == c->tid &&
	    s->comm.n == c->comm_len &&
	    memcmp(s->comm.p, c->comm, s->comm.n) == 0)
		return c->name;
	return UINT32_MAX;
}

void
root_cache_keep(struct root_cache *c, const struct perf_sample *s,
                uint32_t name)
{
	if (s->comm.n + 1 > c->comm_cap) {
		c->comm_cap = s->comm.n + 64;
		c->comm = xreallocarray(c->comm, c->comm_cap, 1);
	}
	memcpy(c->comm, s->comm.p, s->comm.n);
	c->comm_len = s->comm.n;
	c->pid = s->pid;
	c->tid = s->tid;
	c->name = name;
	c->valid = true;
}

void
root_cache_free(struct root_cache *c)
{
	free(c->comm);
	memset(c, 0, sizeof *c);
}
