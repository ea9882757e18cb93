/*
 * event_select.c - see event_select.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "input/event_select.h"

void
event_select_init(struct event_select *e, const char *want)
{
	memset(e, 0, sizeof *e);
	e->want = want;
	string_table_init(&e->events);
	e->chosen = UINT32_MAX;
	e->last = UINT32_MAX;
}

void
event_select_free(struct event_select *e)
{
	string_table_free(&e->events);
	free(e->samples);
	e->samples = NULL;
}

/* "cycles" matches "cycles" and, having no modifier, "cycles:u". */
static bool
event_matches(struct span event, const char *want)
{
	struct span w = span_cstr(want);
	const char *colon = memchr(event.p, ':', event.n);

	if (span_eq(event, w))
		return true;
	return colon != NULL && memchr(w.p, ':', w.n) == NULL &&
	       span_eq(span_make(event.p, (size_t)(colon - event.p)), w);
}

bool
event_select_take(struct event_select *e, struct span event)
{
	/* Samples of one event mostly follow each other. */
	uint32_t id = e->last;
	if (id == UINT32_MAX ||
	    !span_eq(event, string_table_get(&e->events, id)))
		id = e->last = string_table_intern(&e->events, event);

	if (id >= e->samples_cap) {
		uint32_t cap = e->samples_cap ? e->samples_cap * 2 : 8;
		e->samples = xreallocarray(e->samples, cap, sizeof *e->samples);
		memset(e->samples + e->samples_cap, 0,
		       (cap - e->samples_cap) * sizeof *e->samples);
		e->samples_cap = cap;
	}
	e->samples[id]++;
	/* No event printed (perf script -F -event): nothing to choose by. */
	if (event.n == 0)
		return true;
	if (e->chosen == UINT32_MAX &&
	    (e->want == NULL || event_matches(event, e->want)))
		e->chosen = id;
	return id == e->chosen;
}

const char *
event_select_name(const struct event_select *e)
{
	if (e->chosen != UINT32_MAX)
		return string_table_cstr(&e->events, e->chosen);
	/* Samples without an event name were shown: the event is unknown. */
	if (string_table_find(&e->events, span_make("", 0)) != STRING_NONE)
		return NULL;
	return e->want;
}

void
event_select_report(const struct event_select *e)
{
	for (uint32_t id = 0; id < e->events.count; id++) {
		struct span name = string_table_get(&e->events, id);
		if (id == e->chosen || name.n == 0)
			continue;
		warnmsg(
		    "skipped %llu samples of event %.*s (showing %s; choose "
		    "with --event)",
		    (unsigned long long)e->samples[id], (int)name.n, name.p,
		    event_select_name(e));
	}
}
