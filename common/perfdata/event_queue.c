/*
 * event_queue.c - see event_queue.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "perfdata/event_queue.h"

enum { SLAB_SIZE = 1 << 20 };
#define NO_SLAB UINT32_MAX

struct queue_slab {
	unsigned char *bytes;
	size_t used;
	size_t live; /* records in it not yet delivered */
};

void
event_queue_init(struct event_queue *q, bool copy)
{
	memset(q, 0, sizeof *q);
	q->copy = copy;
	q->fill = q->held = NO_SLAB;
}

void
event_queue_free(struct event_queue *q)
{
	for (size_t i = 0; i < q->nslabs; i++)
		free(q->slabs[i].bytes);
	free(q->slabs);
	free(q->heap);
	memset(q, 0, sizeof *q);
}

static bool
before(const struct queued_record *a, const struct queued_record *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

/* A slab with room for n bytes: the one being filled, or an empty one. */
static uint32_t
slab_for(struct event_queue *q, size_t n)
{
	if (q->fill != NO_SLAB && q->slabs[q->fill].used + n <= SLAB_SIZE)
		return q->fill;
	for (size_t i = 0; i < q->nslabs; i++)
		if (q->slabs[i].live == 0 && i != q->held) {
			q->slabs[i].used = 0;
			return q->fill = (uint32_t)i;
		}
	q->slabs = array_reserve(q->slabs, &q->slabs_cap, q->nslabs + 1,
	                         sizeof *q->slabs);
	struct queue_slab *s = &q->slabs[q->nslabs];
	s->bytes = xmalloc(SLAB_SIZE);
	s->used = s->live = 0;
	return q->fill = (uint32_t)q->nslabs++;
}

void
event_queue_push(struct event_queue *q, const struct perf_record *r,
                 uint64_t time)
{
	struct queued_record e = {time, q->seq++, *r, NO_SLAB};

	if (time < q->last_flush)
		q->late++;
	if (time > q->max_time)
		q->max_time = time;
	if (q->copy) {
		e.slab = slab_for(q, r->size);
		struct queue_slab *s = &q->slabs[e.slab];
		memcpy(s->bytes + s->used, r->p, r->size);
		e.rec.p = s->bytes + s->used;
		s->used += (r->size + 7u) & ~7u;
		s->live++;
	}
	q->heap = array_reserve(q->heap, &q->cap, q->n + 1, sizeof *q->heap);
	size_t i = q->n++;
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (!before(&e, &q->heap[parent]))
			break;
		q->heap[i] = q->heap[parent];
		i = parent;
	}
	q->heap[i] = e;
}

uint64_t
event_queue_round(struct event_queue *q)
{
	uint64_t limit = q->next_flush;
	q->next_flush = q->max_time;
	return limit;
}

static void
release_held(struct event_queue *q)
{
	if (q->held == NO_SLAB)
		return;
	q->slabs[q->held].live--;
	q->held = NO_SLAB;
}

bool
event_queue_pop(struct event_queue *q, uint64_t limit, struct perf_record *r)
{
	release_held(q);
	if (q->n == 0 || q->heap[0].time > limit)
		return false;
	struct queued_record top = q->heap[0];
	struct queued_record last = q->heap[--q->n];
	size_t i = 0;
	for (;;) {
		size_t child = 2 * i + 1;
		if (child >= q->n)
			break;
		if (child + 1 < q->n && before(&q->heap[child + 1], &q->heap[child]))
			child++;
		if (!before(&q->heap[child], &last))
			break;
		q->heap[i] = q->heap[child];
		i = child;
	}
	if (q->n > 0)
		q->heap[i] = last;
	q->last_flush = top.time;
	q->held = top.slab;
	*r = top.rec;
	return true;
}
