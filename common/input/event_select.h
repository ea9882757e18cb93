/*
 * event_select.h - which perf event a filter shows.
 *
 * A perf script file may mix events (cycles and instructions, or a
 * tracepoint next to cpu-clock); their samples do not add up, so a view
 * shows one.  By default that is the first event seen; a name chooses
 * another.  An event with a modifier is an event of its own: perf names
 * "cycles" and "cycles:u" apart, and their samples count the same user
 * time twice.  A name without modifiers also selects the event with
 * modifiers ("cycles" selects "cycles:u", "cpu-clock" "cpu-clock:pppH"),
 * but when it names two events of the input that is an error; "cycles:",
 * as perf script prints it, names the one without.  A name ending in '*'
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
	uint32_t twice;  /* a second event the name names; UINT32_MAX: none */
};

void event_select_init(struct event_select *e, const char *want);
void event_select_free(struct event_select *e);

/*
 * Count a sample of this event; true when it is the event shown.  False
 * too when the name asked for without modifiers names a second event of
 * the input: event_select_check says so.
 */
bool event_select_take(struct event_select *e, struct span event);

/*
 * After a sample of line of input was taken: exit with EXIT_DATA, naming
 * that line and both events, when the name asked for names two events.
 */
void event_select_check(const struct event_select *e, const char *input,
                        unsigned long line);

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
