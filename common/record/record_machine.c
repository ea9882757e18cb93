/*
 * record_machine.c - see record_machine.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "record/record_machine.h"

/* A figure as meta.json keeps it: never below 0 (a tick's error can). */
static void
figure(char *buf, size_t size, double x)
{
	snprintf(buf, size, "%.3f", x > 0 ? x : 0);
}

static void
append(char **list, double x)
{
	char word[32];
	figure(word, sizeof word, x);
	char *longer = xasprintf("%s%s%s", *list != NULL ? *list : "",
	                         *list != NULL ? " " : "", word);
	free(*list);
	*list = longer;
}

void
record_machine_begin(struct record_machine *rm)
{
	machine_mark_take(&rm->begun);
	if (rm->spans == 0) {
		rm->known = true;
		rm->load_before = rm->begun.load;
	}
}

void
record_machine_end(struct record_machine *rm)
{
	struct machine_mark end;
	struct machine_span s;

	machine_mark_take(&end);
	rm->spans++;
	if (!machine_span_between(&rm->begun, &end, &s)) {
		rm->known = false;
		return;
	}
	rm->load_after = end.load;
	rm->wall_s += s.wall_s;
	rm->other_s += s.other_s;
	rm->steal_s += s.steal_s;
	append(&rm->load_per_span, rm->begun.load);
	append(&rm->other_per_span, s.other_s / s.wall_s);
}

static void
set_figure(struct metadata *m, const char *field, double x)
{
	char text[32];
	figure(text, sizeof text, x);
	metadata_set_or_die(m, field, text);
}

void
record_machine_describe(const struct record_machine *rm, struct metadata *m,
                        bool per_run)
{
	const char *const fields[] = {
	    "machine.measured_seconds",  "machine.load_before",
	    "machine.load_after",        "machine.other_cpus",
	    "machine.steal_cpus",        "machine.load_per_run",
	    "machine.other_cpus_per_run"};

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		metadata_set_or_die(m, fields[i], NULL);
	if (!rm->known || rm->spans == 0 || rm->wall_s <= 0)
		return;
	set_figure(m, "machine.measured_seconds", rm->wall_s);
	set_figure(m, "machine.load_before", rm->load_before);
	set_figure(m, "machine.load_after", rm->load_after);
	set_figure(m, "machine.other_cpus", rm->other_s / rm->wall_s);
	set_figure(m, "machine.steal_cpus", rm->steal_s / rm->wall_s);
	if (per_run) {
		metadata_set_or_die(m, "machine.load_per_run",
		                    rm->load_per_span);
		metadata_set_or_die(m, "machine.other_cpus_per_run",
		                    rm->other_per_span);
	}
}

void
record_machine_free(struct record_machine *rm)
{
	free(rm->load_per_span);
	free(rm->other_per_span);
	memset(rm, 0, sizeof *rm);
}
