/*
 * event_queue.h - records put in time order as perf script orders them.
 *
 * perf record writes each CPU's buffer in turn, so records are not in
 * time order; it guarantees only that none is reordered across a
 * FINISHED_ROUND record.  perf (ordered-events.c) queues every record
 * that has a time, and at each FINISHED_ROUND delivers, oldest first,
 * those up to the latest time seen before the previous round ended;
 * the rest at the end.  Records of one time keep their order of arrival.
 * A record older than one already delivered (perf record's guarantee
 * broken) is delivered at the next flush, late, as perf does; they are
 * counted.
 *
 * This queue does the same: a binary heap keyed by (time, arrival).  The
 * records stay where they were read (the caller holds them, see
 * perf_file_hold), so memory is bounded by what a round holds.
 */
#ifndef PERFVIEWS_EVENT_QUEUE_H
#define PERFVIEWS_EVENT_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfdata/perf_file.h"

struct queued_record {
	uint64_t time;
	uint64_t seq;
	struct perf_record rec;
};

struct event_queue {
	struct queued_record *heap;
	size_t n, cap;
	uint64_t seq;
	uint64_t max_time;   /* the latest time queued */
	uint64_t next_flush; /* a round delivers up to this time */
	uint64_t last_flush; /* the time last delivered */
	unsigned long late;  /* records older than one delivered */
};

void event_queue_init(struct event_queue *q);
void event_queue_free(struct event_queue *q);

void event_queue_push(struct event_queue *q, const struct perf_record *r,
                      uint64_t time);

/* A FINISHED_ROUND: what may be delivered now is up to this limit. */
uint64_t event_queue_round(struct event_queue *q);

/* The oldest record, if its time is at most limit (UINT64_MAX: any). */
bool event_queue_pop(struct event_queue *q, uint64_t limit,
                     struct perf_record *r);

#endif
