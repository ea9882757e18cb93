/*
 * perf_data.h - a perf.data file read from end to end as perf script
 * reads it: records put in time order (event_queue.h), the side-band
 * records applied to the machine's state (machine.h), and each sample
 * handed to the caller with its thread, command name and frames
 * (sample_chain.h, unwound with dwarf_unwind.h).
 *
 * As perf: samples of guest machines are left out (perf script shows the
 * host's), samples whose event id is unknown are counted and left out,
 * the idle task (pid 0) is "swapper".  A record of a type perf does not
 * know, or one too short for what it says it holds, is fatal with the
 * file and offset.
 */
#ifndef PERFVIEWS_PERF_DATA_H
#define PERFVIEWS_PERF_DATA_H

#include <stdbool.h>
#include <stdint.h>

#include "base/span.h"
#include "perfdata/dwarf_unwind.h"
#include "perfdata/event_queue.h"
#include "perfdata/machine.h"
#include "perfdata/perf_file.h"
#include "perfdata/sample_fields.h"
#include "perfdata/sample_chain.h"

struct perf_data_sample {
	const struct sample_fields *s;
	const struct thread *thread;
	struct span comm;
	const struct sample_chain *chain;
};

struct perf_data {
	struct perf_file file;
	struct machine machine;
	struct event_queue queue;
	struct dwarf_unwind *unwind;
	struct sample_chain chain;
	void (*sample)(void *ctx, const struct perf_data_sample *ps);
	void *ctx;
	unsigned long records, samples, unknown_ids, guest_samples;
	/* As perf counts them for its warnings: sample records, LOST
	 * records, and the samples LOST_SAMPLES records say were lost. */
	unsigned long sample_records, lost_chunks;
	uint64_t lost_samples;
};

/* Open path ("-": standard input); fatal if it is not perf.data. */
void perf_data_open(struct perf_data *d, const char *path);
void perf_data_close(struct perf_data *d);

/*
 * Read every record, handing each sample to d->sample in order.  The
 * file must not be refused (d->file.refused): in a pipe, a refusal met
 * on the way is fatal.
 */
void perf_data_read(struct perf_data *d);

/* On standard error, perf 6.1's warnings about lost records, as perf
 * script prints them after its text. */
void perf_data_warn_lost(const struct perf_data *d);

#endif
