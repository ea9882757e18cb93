/*
 * event_select.h - which perf event a filter shows.
 *
 * A perf script file may mix events (cycles and instructions, or a
 * tracepoint next to cpu-clock); their samples do not add up, so a view
 * shows one.  By default that is the first event seen; a name chooses
 * another ("cycles" also selects "cycles:u").  A name ending in '*'
 * chooses every event it begins ("syscalls:sys_enter_*": each sample one
 * system call, whichever), for events that count alike.  Every event is
 * counted, so that the samples left out can be named in a warning and none
 * vanish unannounced.  Samples without an event name (perf script -F
 * -event) are always shown: there is nothing to choose them by.
 */
#ifndef PERFVIEWS_EVENT_SELECT_H
#define PERFVIEWS_EVENT_SELECT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"

struct event_select {
	const char *want;           /* NULL: the first event seen */
	struct string_table events; /* every event seen */
	uint64_t *samples;          /* by event id */
	size_t samples_cap;
	bool *shown; /* by event id: its samples are shown */
	size_t shown_cap;
	uint32_t chosen; /* the first event shown; UINT32_MAX: none yet */
	uint32_t last;   /* event id of the last sample; UINT32_MAX: none */
};

void event_select_init(struct event_select *e, const char *want);
void event_select_free(struct event_select *e);

/* Count a sample of this event; true when it is the event shown. */
bool event_select_take(struct event_select *e, struct span event);

/*
 * The event shown, or the one asked for ("syscalls:*" for several), or NULL
 * when neither is known.
 */
const char *event_select_name(const struct event_select *e);

/*
 * One warning naming the event shown and the events left out, with their
 * sample counts; when the event asked for never came, one naming the
 * events the input has instead.
 */
void event_select_report(const struct event_select *e);

#endif
