/*
 * record_machine.h - the machine's state while a recording ran (os's
 * machine_load): marks around each run (around a benchmark's whole
 * pyperformance run, whose runs are pyperf's workers), summed into
 * meta.json's machine.* fields (perfviews(5)).
 */
#ifndef PERFVIEWS_RECORD_MACHINE_H
#define PERFVIEWS_RECORD_MACHINE_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset/metadata.h"
#include "os/machine_load.h"

struct record_machine {
	struct machine_mark begun; /* of the span under way */
	bool known;                /* every span was measured */
	size_t spans;
	double load_before, load_after;
	double wall_s, other_s, steal_s;      /* summed over the spans */
	char *load_per_span, *other_per_span; /* lists, as meta.json's */
};

/* A span (a run) begins, and ends. */
void record_machine_begin(struct record_machine *rm);
void record_machine_end(struct record_machine *rm);

/*
 * The machine.* fields of m; per_run: the per-run lists too (a span was
 * a run).  Nothing known leaves them null.
 */
void record_machine_describe(const struct record_machine *rm,
                             struct metadata *m, bool per_run);

void record_machine_free(struct record_machine *rm);

#endif
