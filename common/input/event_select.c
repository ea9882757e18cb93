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
	e->twice = UINT32_MAX;
}

void
event_select_free(struct event_select *e)
{
	string_table_free(&e->events);
	free(e->samples);
	free(e->shown);
	e->samples = NULL;
	e->shown = NULL;
}

/*
 * "cycles" matches "cycles" and, having no modifier, "cycles:u";
 * "cycles:" (as perf script prints it) only "cycles"; "syscalls:*" every
 * event that begins with "syscalls:".
 */
static bool
event_matches(struct span event, const char *want)
{
	struct span w = span_cstr(want);
	const char *colon = memchr(event.p, ':', event.n);

	if (w.n > 0 && w.p[w.n - 1] == '*')
		return event.n >= w.n - 1 && memcmp(event.p, w.p, w.n - 1) == 0;
	if (w.n > 0 && w.p[w.n - 1] == ':')
		return span_eq(event, span_make(w.p, w.n - 1));

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
	if (e->samples[id] > 1)
		return e->shown[id];
	/* A new event: is it shown?  Decided once. */
	e->shown = array_reserve(e->shown, &e->shown_cap, (size_t)id + 1,
	                         sizeof *e->shown);
	bool several = e->want != NULL && strchr(e->want, '*') != NULL;
	/* No event printed (perf script -F -event): nothing to choose by. */
	if (event.n == 0)
		return e->shown[id] = true;
	bool matches = e->want != NULL && event_matches(event, e->want);
	/*
	 * A name without modifiers that names two events (cycles and
	 * cycles:u): showing the first would depend on the order of the
	 * samples, and adding them up would count the same work twice.
	 */
	if (matches && !several && e->chosen != UINT32_MAX) {
		e->twice = id;
		return e->shown[id] = false;
	}
	e->shown[id] = e->want == NULL ? e->chosen == UINT32_MAX : matches;
	if (e->shown[id] && e->chosen == UINT32_MAX)
		e->chosen = id;
	return e->shown[id];
}

void
event_select_check(const struct event_select *e, const char *input,
                   unsigned long line)
{
	if (e->twice == UINT32_MAX)
		return;
	die(EXIT_DATA,
	    "%s:%lu: --event %s names two events, %s and %s: name one in "
	    "full (--event %s: for the one without modifiers), or every one "
	    "with --event '%s*'",
	    input, line, e->want, string_table_cstr(&e->events, e->chosen),
	    string_table_cstr(&e->events, e->twice), e->want, e->want);
}

const char *
event_select_name(const struct event_select *e)
{
	if (e->want != NULL && strchr(e->want, '*') != NULL)
		return e->want;
	if (e->chosen != UINT32_MAX)
		return string_table_cstr(&e->events, e->chosen);
	/* Samples without an event name were shown: the event is unknown. */
	if (string_table_find(&e->events, span_make("", 0)) != STRING_NONE)
		return NULL;
	return e->want;
}

/* "cycles (2 samples), instructions (1 sample)": the events not shown. */
static void
list_events(const struct event_select *e, char *out, size_t cap)
{
	size_t n = 0;

	out[0] = '\0';
	for (uint32_t id = 0; id < e->events.count && n + 1 < cap; id++) {
		if (e->shown[id])
			continue;
		unsigned long long count = e->samples[id];
		n += (size_t)snprintf(out + n, cap - n, "%s%s (%llu sample%s)",
		                      n > 0 ? ", " : "",
		                      string_table_cstr(&e->events, id), count,
		                      count == 1 ? "" : "s");
		if (n >= cap)
			n = cap - 1; /* cut: snprintf wrote what fitted */
	}
}

void
event_select_report(const struct event_select *e)
{
	char others[1024];

	if (e->chosen == UINT32_MAX) {
		/* Nothing left out: samples without an event were shown. */
		list_events(e, others, sizeof others);
		if (e->want != NULL && others[0] != '\0')
			warnmsg("no samples of event %s; the input has %s",
			        e->want, others);
		return;
	}
	list_events(e, others, sizeof others);
	if (others[0] == '\0')
		return;
	if (e->want != NULL)
		warnmsg("showing event %s; left out %s", event_select_name(e),
		        others);
	else
		warnmsg("showing event %s, the first seen; left out %s "
		        "(choose with --event)",
		        event_select_name(e), others);
}
