/*
 * perf_header.h - what a perf.data says about its recording: its events
 * (attributes, names, where a record holds its sample id), the build ids
 * of the files it sampled, perf's command line, and its feature bits;
 * kept in its struct perf_file.
 *
 * A file's are read from its header and its feature sections (through
 * f->map, when it is opened); the pipe format's from the records that
 * carry them (HEADER_ATTR, EVENT_UPDATE, HEADER_FEATURE, HEADER_BUILD_ID)
 * as they come.  A section outside the file, an attribute of an
 * impossible size, more than 65536 events are corrupt input
 * (perf_file_errors.h); events whose text perf prints otherwise
 * (tracepoints, raw PMU events, branch stacks, AUX samples), compressed
 * records and AUX tracing are refusals.  A feature section cut short
 * keeps what it holds: build ids up to the first that does not fit, the
 * command line up to the argument.
 */
#ifndef PERFVIEWS_PERF_HEADER_H
#define PERFVIEWS_PERF_HEADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfdata/perf_format.h"

struct perf_file;
struct perf_record;

/* One event of the recording (an evsel, in perf's words). */
struct perf_file_event {
	struct perf_event_attr attr; /* zero beyond the file's attr_size */
	char *name;                  /* "cpu-clock", "page-faults"; or NULL */
	int id_pos; /* the id's word in a sample, from its start; or -1 */
	int is_pos; /* in another record's sample_id, from its end; or -1 */
	size_t sample_size; /* bytes of a sample's fixed-size fields */
};

/* A build id of the header: which file of which process. */
struct perf_build_id {
	int32_t pid;
	uint8_t size; /* bytes of id */
	uint8_t id[20];
	char *filename;
};

/*
 * The file format's header, from f->map: the events, the feature
 * sections after the data; and where the data is (f->pos, f->data_end).
 */
void perf_header_read(struct perf_file *f);

/* A record of the pipe format that describes the file; others ignored. */
void perf_header_take(struct perf_file *f, const struct perf_record *r);

void perf_header_free(struct perf_file *f);

/*
 * The event of a record: by its id when there are several (NULL when the
 * id is unknown or the record too short to hold one).
 */
const struct perf_file_event *perf_file_event_of(const struct perf_file *f,
                                                 const struct perf_record *r);

/* Is feature bit set in the header's map? */
bool perf_file_has_feature(const struct perf_file *f, unsigned bit);

#endif
