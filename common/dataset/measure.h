/*
 * measure.h - what a data set counts, and everything that follows from it.
 *
 * By default a data set samples time (cpu-clock at the ID's frequency).
 * The tag "faults" makes it count page faults, the tag "files" the
 * file-system system calls; one data set has one measure, so the two tags
 * exclude each other.  From the measure follow: the events perf records
 * and how (every event a sample: `-c 1`, with a large ring buffer, not a
 * frequency), what one sample is, which events the views show, the flame
 * graph's palette and count name, and what the README says; the options
 * each view's program gets follow from it (view_make.h).
 */
#ifndef PERFVIEWS_MEASURE_H
#define PERFVIEWS_MEASURE_H

#include <stdbool.h>
#include <stdio.h>

#include "dataset/dataset_id.h"
#include "dataset/metadata.h"

enum measure_kind { MEASURE_TIME, MEASURE_FAULTS, MEASURE_FILES };

struct measure {
	enum measure_kind kind;
	const char *tag;     /* NULL for time */
	const char *events;  /* perf record -e; NULL: the --event asked for */
	const char *label;   /* the events in a few words; NULL: tool.event */
	const char *unit;    /* what a count is: "samples", "faults", "calls" */
	const char *meaning; /* one sample, in one sentence (samples.meaning) */
	const char *view_event; /* --event of the views; NULL: the first */
	const char *palette;    /* flamesvg --colors; NULL: by workload */
	bool every_event;       /* perf record -c 1 -m 16M, not -F HZ */
	const char *about;      /* the README's paragraph (Markdown) */
};

/*
 * The measure of an ID's tags; both measure tags are a usage error
 * (exit 2) naming them.
 */
const struct measure *measure_of_id(const struct dataset_id *id);

/* The measure of a meta.json, from its tags. */
const struct measure *measure_of_meta(const struct metadata *m);

/* The file-system system calls tag files records, NULL-terminated. */
extern const char *const measure_file_syscalls[];

/*
 * The flame graph's palette for a data set, and a sentence on what its
 * colours mean (Markdown): the measure's, or python for a Python
 * workload, or hot.
 */
const char *measure_palette(const struct metadata *m, const char **about);

/* Did the data set run a Python (python.version or .executable known)? */
bool measure_of_python(const struct metadata *m);

#endif
