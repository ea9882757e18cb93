/*
 * perf_file.h - a perf.data file: its header, its events (attributes,
 * names, sample ids), the feature sections the reader uses, and its
 * records one at a time in file order.
 *
 * Both formats are read: a file ("PERFILE2", a 104-byte header, the
 * attributes and the data in sections, features after the data), its
 * header and features through a map; and the pipe format (a 16-byte
 * header, then records only, the attributes, names and features among
 * them as PERF_RECORD_HEADER_* records), from a file or a pipe.  The
 * records are read in blocks of 4 MiB, memory bounded by the blocks
 * still held.  The
 * records that describe the file itself (HEADER_ATTR, EVENT_UPDATE,
 * HEADER_FEATURE, HEADER_BUILD_ID) are read into the description as they
 * come, and handed out too.
 *
 * What the reader does not handle is not an error here: `refused` says
 * why (a byte-swapped file, compressed records, AUX area data, events
 * whose text perf prints otherwise: tracepoints, raw PMU events), and a
 * caller that can hand the file to perf does so.  What no reader can
 * trust is fatal, with the file's name and the offset: a file that is
 * not perf.data, a header or section outside the file, a record whose
 * size is impossible, a file cut inside a record.
 */
#ifndef PERFVIEWS_PERF_FILE_H
#define PERFVIEWS_PERF_FILE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfdata/perf_format.h"
#include "perfdata/u64_map.h"

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
 * One record, as read; valid until the next perf_file_next, or, held,
 * until released.
 */
struct perf_record {
	const unsigned char *p; /* the record, its header first */
	uint32_t size;          /* header.size */
	uint32_t type;
	uint16_t misc;
	uint32_t block;  /* of the reader's, holding it */
	uint64_t offset; /* in the file (or the stream) */
};

/* A block of data read, and how many records held in it are kept. */
struct data_block {
	unsigned char *bytes;
	size_t len;
	unsigned refs;
};

struct perf_file {
	char *name; /* for messages */
	int fd;
	bool pipe_format;         /* a 16-byte header, records only */
	bool streamed;            /* a pipe: read, not read at offsets */
	const unsigned char *map; /* the file while its header is read */
	size_t map_size;          /* the file's size */
	uint64_t pos;             /* of the next record */
	uint64_t data_end;        /* of the data (streamed: none, UINT64_MAX) */
	uint64_t read_pos;        /* of the next byte to read into a block */
	struct perf_file_event *events;
	size_t nevents, events_cap;
	struct u64_map ids; /* sample id -> event index */
	uint64_t features[FEAT_BITS / 64];
	struct perf_build_id *build_ids;
	size_t nbuild_ids, build_ids_cap;
	char *cmdline;       /* perf's command line (HEADER_CMDLINE); or NULL */
	const char *refused; /* why the reader does not read it; or NULL */
	/* The data read and not yet handed out: at in block cur. */
	struct data_block *blocks;
	size_t block_size;
	uint32_t nblocks;
	size_t blocks_cap;
	uint32_t cur;
	size_t at;
	bool eof;
};

/*
 * Open path ("-": standard input) and read its header; fatal when it is
 * not perf.data or is corrupt.
 */
void perf_file_open(struct perf_file *f, const char *path);
void perf_file_close(struct perf_file *f);

/* The next record in file order; false at the end of the data. */
bool perf_file_next(struct perf_file *f, struct perf_record *r);

/* Keep r valid past the next perf_file_next, until released. */
void perf_file_hold(struct perf_file *f, const struct perf_record *r);
void perf_file_release(struct perf_file *f, const struct perf_record *r);

/*
 * The event of a record: by its id when there are several (NULL when the
 * id is unknown or the record too short to hold one).
 */
const struct perf_file_event *perf_file_event_of(const struct perf_file *f,
                                                 const struct perf_record *r);

/* Is feature bit set in the header's map? */
bool perf_file_has_feature(const struct perf_file *f, unsigned bit);

/* Fatal: the file is corrupt at offset, with a message. */
_Noreturn void perf_file_corrupt(const struct perf_file *f, uint64_t offset,
                                 const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Fatal: the file cannot be read, with a message naming it. */
_Noreturn void perf_file_fail(const struct perf_file *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Where those two return to instead of ending the process, when set
 * (the fuzz target): the message is in perf_file_error, and the reader
 * is to be closed.
 */
extern jmp_buf *perf_file_on_error;
extern char perf_file_error[512];

#endif
