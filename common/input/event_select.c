/*
 * event_select.c - see event_select.h.
 */
#include <stdio.h>
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

	e->samples = array_reserve(e->samples, &e->samples_cap, (size_t)id + 1,
	                           sizeof *e->samples);
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

/*
 * "cycles (2 samples), instructions (1 sample)": the named events but one
 * (samples without an event name are always shown).  Returns how many.
 */
static size_t
list_events(const struct event_select *e, uint32_t except, char *out,
            size_t cap)
{
	size_t n = 0, listed = 0;

	out[0] = '\0';
	for (uint32_t id = 0; id < e->events.count && n + 1 < cap; id++) {
		if (id == except || string_table_get(&e->events, id).n == 0)
			continue;
		unsigned long long count = e->samples[id];
		n += (size_t)snprintf(out + n, cap - n, "%s%s (%llu sample%s)",
		                      n > 0 ? ", " : "",
		                      string_table_cstr(&e->events, id), count,
		                      count == 1 ? "" : "s");
		if (n >= cap)
			n = cap - 1; /* cut: snprintf wrote what fitted */
		listed++;
	}
	return listed;
}

void
event_select_report(const struct event_select *e)
{
	char others[1024];

	if (e->chosen == UINT32_MAX) {
		if (e->want != NULL &&
		    list_events(e, UINT32_MAX, others, sizeof others) > 0)
			warnmsg("no samples of event %s; the input has %s",
			        e->want, others);
		return;
	}
	if (list_events(e, e->chosen, others, sizeof others) == 0)
		return;
	if (e->want != NULL)
		warnmsg("showing event %s; left out %s", event_select_name(e),
		        others);
	else
		warnmsg("showing event %s, the first seen; left out %s "
		        "(choose with --event)",
		        event_select_name(e), others);
}
