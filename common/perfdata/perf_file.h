/*
 * perf_file.h - a perf.data file opened, and its records one at a time
 * in file order.
 *
 * Both formats are read: a file ("PERFILE2", a 104-byte header, the
 * attributes and the data in sections, features after the data), its
 * header and features through a map while it is opened; and the pipe
 * format (a 16-byte header, then records only, the attributes, names and
 * features among them as PERF_RECORD_HEADER_* records), from a file or a
 * pipe.  What the file says about the recording is kept here, read by
 * perf_header.h: the records that carry it are read into it as they
 * come, and handed out too.  The records are read in blocks of 4 MiB,
 * memory bounded by the blocks still held.
 *
 * What the reader does not handle is not an error here: `refused` says
 * why (a byte-swapped file, compressed records, AUX area data, events
 * whose text perf prints otherwise: tracepoints, raw PMU events), and a
 * caller that can hand the file to perf does so.  What no reader can
 * trust is fatal, with the file's name and the offset
 * (perf_file_errors.h): a file that is not perf.data, a header or
 * section outside the file, a record whose size is impossible, a file
 * cut inside a record.
 */
#ifndef PERFVIEWS_PERF_FILE_H
#define PERFVIEWS_PERF_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfdata/perf_file_errors.h"
#include "perfdata/perf_format.h"
#include "perfdata/perf_header.h"
#include "perfdata/u64_map.h"

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

#endif
