/*
 * event_queue.c - see event_queue.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "perfdata/event_queue.h"

void
event_queue_init(struct event_queue *q)
{
	memset(q, 0, sizeof *q);
}

void
event_queue_free(struct event_queue *q)
{
	free(q->heap);
	memset(q, 0, sizeof *q);
}

static bool
before(const struct queued_record *a, const struct queued_record *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

void
event_queue_push(struct event_queue *q, const struct perf_record *r,
                 uint64_t time)
{
	struct queued_record e = {time, q->seq++, *r};

	if (time < q->last_flush)
		q->late++;
	if (time > q->max_time)
		q->max_time = time;
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

bool
event_queue_pop(struct event_queue *q, uint64_t limit, struct perf_record *r)
{
	if (q->n == 0 || q->heap[0].time > limit)
		return false;
	struct queued_record top = q->heap[0];
	struct queued_record last = q->heap[--q->n];
	size_t i = 0;
	for (;;) {
		size_t child = 2 * i + 1;
		if (child >= q->n)
			break;
		if (child + 1 < q->n &&
		    before(&q->heap[child + 1], &q->heap[child]))
			child++;
		if (!before(&q->heap[child], &last))
			break;
		q->heap[i] = q->heap[child];
		i = child;
	}
	if (q->n > 0)
		q->heap[i] = last;
	q->last_flush = top.time;
	*r = top.rec;
	return true;
}
