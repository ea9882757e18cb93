/*
 * root_cache.h - the root name of the previous sample.
 *
 * Every sample's stack starts with a name made from its command (and pid
 * and tid when asked for).  Consecutive samples mostly come from one
 * thread, so the last name is kept with what it was made from, and a
 * sample of the same thread costs one comparison instead of a hash.
 */
#ifndef PERFVIEWS_ROOT_CACHE_H
#define PERFVIEWS_ROOT_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perf_script.h"

struct root_cache {
	bool valid;
	char *comm; /* a copy: the sample's text does not last */
	size_t comm_len, comm_cap;
	int64_t pid, tid;
	uint32_t name;
};

/* The name kept for a sample of this thread, or UINT32_MAX. */
uint32_t root_cache_find(const struct root_cache *c,
                         const struct perf_sample *s);
/* Keep name as the root name of s's thread. */
void root_cache_keep(struct root_cache *c, const struct perf_sample *s,
                     uint32_t name);
void root_cache_free(struct root_cache *c);

#endif
