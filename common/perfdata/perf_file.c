/*
 * perf_file.c - see perf_file.h.
 *
 * Layout of a file's header (all native-endian words): magic[8],
 * size, attr_size, then the sections (offset, size) of the attributes,
 * the data and the (unused) event types, then the 256-bit feature map.
 * Each attribute entry is attr_size bytes of perf_event_attr followed by
 * the section of its ids.  Feature sections follow the data, one
 * (offset, size) per bit set, in bit order.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/perf_file.h"

enum {
	READ_BLOCK = 4 << 20,        /* bytes of a block of records, at most */
	MIN_BLOCK = 96 << 10,        /* and at least: a record fits */
	MAX_RECORD = 1 << 16,        /* header.size is 16 bits */
	MAX_EVENTS = 1 << 16,        /* more is not a recording */
	MAX_NAME = 4096,             /* of an event */
	BUILD_ID_SIZE_SET = 1 << 15, /* PERF_RECORD_MISC_BUILD_ID_SIZE */
};

/* The fixed-size sample fields: 8 bytes each (perf's PERF_SAMPLE_MASK). */
#define FIXED_FIELDS                                                           \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |                 \
	 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |           \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_IDENTIFIER)

jmp_buf *perf_file_on_error;
char perf_file_error[512];

static _Noreturn void
fail(void)
{
	if (perf_file_on_error != NULL)
		longjmp(*perf_file_on_error, 1);
	die(EXIT_DATA, "%s", perf_file_error);
}

void
perf_file_corrupt(const struct perf_file *f, uint64_t offset, const char *fmt,
                  ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(perf_file_error, sizeof perf_file_error,
	         "%s: at offset %#" PRIx64 ": %s", f->name, offset, what);
	fail();
}

void
perf_file_fail(const struct perf_file *f, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(perf_file_error, sizeof perf_file_error, "%s: %s", f->name,
	         what);
	fail();
}

bool
perf_file_has_feature(const struct perf_file *f, unsigned bit)
{
	return bit < FEAT_BITS && (f->features[bit / 64] >> (bit % 64)) & 1;
}

/* ---- events ---- */

/* Where the id is in a sample, from its start (perf's id_pos). */
static int
id_position(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return !!(type & PERF_SAMPLE_IP) + !!(type & PERF_SAMPLE_TID) +
	       !!(type & PERF_SAMPLE_TIME) + !!(type & PERF_SAMPLE_ADDR);
}

/* Where it is in the sample_id of another record, from its end. */
static int
is_position(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return 1 + !!(type & PERF_SAMPLE_CPU) +
	       !!(type & PERF_SAMPLE_STREAM_ID);
}

static void
refuse(struct perf_file *f, const char *why)
{
	if (f->refused == NULL)
		f->refused = why;
}

/* What the reader does not print as perf does, said once. */
static void
check_event(struct perf_file *f, const struct perf_file_event *e)
{
	const struct perf_event_attr *a = &e->attr;

	if (a->type == PERF_TYPE_TRACEPOINT)
		refuse(f, "tracepoint events (perf prints their fields)");
	else if (a->type == PERF_TYPE_RAW)
		refuse(f, "raw PMU events (perf prints more fields)");
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK)
		refuse(f, "branch stacks (-b, --call-graph lbr)");
	if (a->sample_type & PERF_SAMPLE_AUX)
		refuse(f, "AUX area samples");
	if (f->nevents > 1) {
		const struct perf_file_event *first = &f->events[0];
		if (e->id_pos != first->id_pos || e->is_pos != first->is_pos)
			refuse(f, "events whose sample ids are not at one "
			          "place");
		if (e->id_pos < 0)
			refuse(f, "several events without sample ids");
	}
}

/* Add an event from attr_size bytes at p, with nids ids at ids. */
static struct perf_file_event *
add_event(struct perf_file *f, const unsigned char *p, size_t attr_size,
          const unsigned char *ids, size_t nids)
{
	if (f->nevents >= MAX_EVENTS)
		perf_file_corrupt(f, 0, "more than %d events", MAX_EVENTS);
	f->events = array_reserve(f->events, &f->events_cap, f->nevents + 1,
	                          sizeof *f->events);
	struct perf_file_event *e = &f->events[f->nevents];
	memset(e, 0, sizeof *e);
	memcpy(&e->attr, p,
	       attr_size < sizeof e->attr ? attr_size : sizeof e->attr);
	uint64_t type = e->attr.sample_type;
	e->id_pos = id_position(type);
	e->is_pos = is_position(type);
	e->sample_size = 8 * (size_t)__builtin_popcountll(type & FIXED_FIELDS);
	for (size_t i = 0; i < nids; i++)
		u64_map_put(&f->ids, load_u64(ids + 8 * i),
		            (uint32_t)f->nevents);
	f->nevents++;
	check_event(f, e);
	return e;
}

static void
set_name(struct perf_file_event *e, const char *p, size_t n)
{
	size_t len = strnlen(p, n < MAX_NAME ? n : MAX_NAME);
	free(e->name);
	e->name = xstrndup(p, len);
}

/* ---- bounds ---- */

/* Is [off, off + n) inside the mapped file? */
static bool
inside(const struct perf_file *f, uint64_t off, uint64_t n)
{
	return off <= f->map_size && n <= f->map_size - off;
}

static const unsigned char *
section(const struct perf_file *f, uint64_t at, const char *what,
        uint64_t *size)
{
	uint64_t off = load_u64(f->map + at);
	*size = load_u64(f->map + at + 8);
	if (!inside(f, off, *size))
		perf_file_corrupt(f, at,
		                  "the %s section (%" PRIu64 " bytes at "
		                  "%#" PRIx64
		                  ") is outside the file: cut short?",
		                  what, *size, off);
	return f->map + off;
}

/* ---- feature sections ---- */

/* A perf_header_string at *p (u32 length, then the bytes), in end. */
static bool
header_string(const unsigned char **p, const unsigned char *end, const char **s,
              size_t *n)
{
	if (end - *p < 4)
		return false;
	uint32_t len = load_u32(*p);
	if ((size_t)(end - *p - 4) < len)
		return false;
	*s = (const char *)*p + 4;
	*n = len;
	*p += 4 + len;
	return true;
}

/* HEADER_EVENT_DESC: names, matched to the events by their first id. */
static void
read_event_desc(struct perf_file *f, const unsigned char *p, uint64_t size,
                uint64_t off)
{
	const unsigned char *end = p + size;
	if (size < 8)
		perf_file_corrupt(f, off, "an event description too short");
	uint32_t nr = load_u32(p), attr_size = load_u32(p + 4);
	p += 8;
	if (attr_size < PERF_ATTR_SIZE_VER0)
		perf_file_corrupt(f, off, "an attribute size of %" PRIu32,
		                  attr_size);
	for (uint32_t i = 0; i < nr; i++) {
		const char *name;
		size_t n;
		if ((size_t)(end - p) < (size_t)attr_size + 4)
			perf_file_corrupt(
			    f, off,
			    "event description %" PRIu32 " is cut short", i);
		p += attr_size;
		uint32_t nids = load_u32(p);
		p += 4;
		if (!header_string(&p, end, &name, &n) ||
		    (size_t)(end - p) / 8 < nids)
			perf_file_corrupt(
			    f, off,
			    "event description %" PRIu32 " is cut short", i);
		uint32_t at =
		    nids > 0 ? u64_map_get(&f->ids, load_u64(p)) : U64_MAP_NONE;
		if (at == U64_MAP_NONE && i < f->nevents)
			at = i;
		if (at != U64_MAP_NONE && at < f->nevents)
			set_name(&f->events[at], name, n);
		p += 8 * (size_t)nids;
	}
}

/*
 * HEADER_CMDLINE: perf's arguments (its own path first), joined by
 * spaces with each ' written \', as perf report --header-only prints
 * them.  A section cut short keeps what it holds: the text is for
 * people, and nothing is read past it.
 */
static void
read_cmdline(struct perf_file *f, const unsigned char *p, uint64_t size)
{
	const unsigned char *end = p + size;
	if (size < 4)
		return;
	uint32_t nr = load_u32(p);
	p += 4;
	/* At most two bytes out for each byte in, and the NUL. */
	char *text = xmalloc(2 * (size_t)(end - p) + 1), *o = text;
	for (uint32_t i = 0; i < nr; i++) {
		const char *arg;
		size_t n;
		if (!header_string(&p, end, &arg, &n))
			break;
		if (i > 0)
			*o++ = ' ';
		for (size_t k = 0; k < n && arg[k] != '\0'; k++) {
			if (arg[k] == '\'')
				*o++ = '\\';
			*o++ = arg[k];
		}
	}
	*o = '\0';
	free(f->cmdline);
	f->cmdline = text;
}

/* One build_id_event of n bytes at p. */
static void
add_build_id(struct perf_file *f, const unsigned char *p, size_t n)
{
	/* header, pid, build_id[24], filename */
	if (n < 8 + 4 + 24 + 1)
		return;
	f->build_ids = array_reserve(f->build_ids, &f->build_ids_cap,
	                             f->nbuild_ids + 1, sizeof *f->build_ids);
	struct perf_build_id *b = &f->build_ids[f->nbuild_ids++];
	b->pid = (int32_t)load_u32(p + 8);
	memcpy(b->id, p + 12, sizeof b->id);
	b->size = load_u16(p + 2) & BUILD_ID_SIZE_SET ? p[12 + 20] : 20;
	if (b->size > sizeof b->id)
		b->size = sizeof b->id;
	b->filename = xstrndup((const char *)p + 36, n - 36);
}

static void
read_build_ids(struct perf_file *f, const unsigned char *p, uint64_t size)
{
	const unsigned char *end = p + size;
	while (end - p >= 8) {
		uint16_t n = load_u16(p + 6);
		if (n < 8 || n > end - p)
			break; /* perf stops there too */
		add_build_id(f, p, n);
		p += n;
	}
}

/* The feature sections of a file, after its data. */
static void
read_features(struct perf_file *f, uint64_t at)
{
	for (unsigned bit = 1; bit < FEAT_BITS; bit++) {
		if (!perf_file_has_feature(f, bit))
			continue;
		if (!inside(f, at, 16))
			perf_file_corrupt(f, at,
			                  "the feature sections are cut "
			                  "short");
		uint64_t size;
		const unsigned char *p = section(f, at, "feature", &size);
		uint64_t off = load_u64(f->map + at);
		if (bit == FEAT_EVENT_DESC)
			read_event_desc(f, p, size, off);
		else if (bit == FEAT_BUILD_ID)
			read_build_ids(f, p, size);
		else if (bit == FEAT_CMDLINE)
			read_cmdline(f, p, size);
		at += 16;
	}
	if (perf_file_has_feature(f, FEAT_COMPRESSED))
		refuse(f, "compressed records (perf record -z)");
	if (perf_file_has_feature(f, FEAT_AUXTRACE))
		refuse(f, "AUX area tracing data");
}

/* ---- the header of a file ---- */

static void
read_file_header(struct perf_file *f)
{
	if (!inside(f, 0, PERF_FILE_HEADER))
		perf_file_corrupt(f, 0, "the header is cut short");
	/* An entry: the attribute, then the section of its ids. */
	uint64_t entry = load_u64(f->map + 16);
	if (entry < PERF_ATTR_SIZE_VER0 + 16 || entry > 4096)
		perf_file_corrupt(
		    f, 16, "an attribute entry of %" PRIu64 " bytes", entry);
	size_t attr_size = (size_t)entry - 16;
	for (unsigned i = 0; i < FEAT_BITS / 64; i++)
		f->features[i] = load_u64(f->map + 72 + 8 * i);

	uint64_t attrs_size, data_size;
	const unsigned char *attrs = section(f, 24, "attribute", &attrs_size);
	const unsigned char *data = section(f, 40, "data", &data_size);
	if (attrs_size % entry != 0 || attrs_size == 0)
		perf_file_corrupt(f, 24,
		                  "an attribute section of %" PRIu64 " bytes",
		                  attrs_size);
	for (const unsigned char *p = attrs; p < attrs + attrs_size;
	     p += entry) {
		uint64_t ids_size;
		const unsigned char *ids = section(
		    f, (uint64_t)(p + attr_size - f->map), "ids", &ids_size);
		add_event(f, p, attr_size, ids, ids_size / 8);
	}
	f->pos = (uint64_t)(data - f->map);
	f->data_end = f->pos + data_size;
	if (data_size == 0) {
		warnmsg("%s: the data size in the header is 0: perf record "
		        "did not finish; reading to the end of the file",
		        f->name);
		f->data_end = f->map_size;
	} else {
		read_features(f, f->data_end);
	}
}

/* ---- the data, in blocks ---- */

/*
 * Records are read in blocks (pread on a file, read on a pipe) and handed
 * out in place; a record queued for later holds its block, which is
 * reused once nothing holds it.  A record cut by a block's end starts
 * the next block.  Memory: the blocks records are held in, never the
 * file.  (Records handed out in place in a map of the file, its pages
 * prefaulted 4 MiB at a time and given back behind, took twice as long
 * on a 1 GB file in a virtual machine: each record's first touch of
 * page-cache memory stalls, where pread's copy streams.)
 */

/* Up to n bytes of the data into buf; 0 at its end. */
static size_t
data_read(struct perf_file *f, unsigned char *buf, size_t n)
{
	if (!f->streamed) {
		uint64_t left = f->data_end - f->read_pos;
		if (n > left)
			n = (size_t)left;
	}
	for (;;) {
		if (n == 0)
			return 0;
		ssize_t got = f->streamed
		                  ? read(f->fd, buf, n)
		                  : pread(f->fd, buf, n, (off_t)f->read_pos);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die_errno(EXIT_DATA, "%s", f->name);
		f->read_pos += (uint64_t)got;
		return (size_t)got;
	}
}

/* A block nothing holds, other than the current one, or a new one. */
static uint32_t
free_block(struct perf_file *f)
{
	for (uint32_t i = 0; i < f->nblocks; i++)
		if (f->blocks[i].refs == 0 && i != f->cur)
			return i;
	f->blocks = array_reserve(f->blocks, &f->blocks_cap, f->nblocks + 1,
	                          sizeof *f->blocks);
	struct data_block *b = &f->blocks[f->nblocks];
	b->bytes = xmalloc(f->block_size);
	b->len = 0;
	b->refs = 0;
	return f->nblocks++;
}

/* Have n bytes at f->at of the current block; false if the data ends. */
static bool
have(struct perf_file *f, size_t n)
{
	struct data_block *b = &f->blocks[f->cur];
	if (b->len - f->at >= n)
		return true;
	if (f->eof)
		return false;
	size_t tail = b->len - f->at;
	uint32_t to = b->refs == 0 ? f->cur : free_block(f);
	struct data_block *t = &f->blocks[to];
	b = &f->blocks[f->cur]; /* free_block may have moved the array */
	memmove(t->bytes, b->bytes + f->at, tail);
	t->len = tail;
	f->cur = to;
	f->at = 0;
	while (t->len < f->block_size && !f->eof) {
		size_t got =
		    data_read(f, t->bytes + t->len, f->block_size - t->len);
		if (got == 0)
			f->eof = true;
		t->len += got;
	}
	return t->len >= n;
}

void
perf_file_hold(struct perf_file *f, const struct perf_record *r)
{
	f->blocks[r->block].refs++;
}

void
perf_file_release(struct perf_file *f, const struct perf_record *r)
{
	f->blocks[r->block].refs--;
}

/* ---- opening ---- */

/* A pipe: its first n bytes into head, and the block. */
static size_t
start_stream(struct perf_file *f, unsigned char *head, size_t n)
{
	f->streamed = true;
	f->data_end = UINT64_MAX;
	f->cur = free_block(f);
	struct data_block *b = &f->blocks[f->cur];
	while (b->len < n) {
		size_t got =
		    data_read(f, b->bytes + b->len, f->block_size - b->len);
		if (got == 0) {
			f->eof = true;
			break;
		}
		b->len += got;
	}
	size_t got = b->len < n ? b->len : n;
	memcpy(head, b->bytes, got);
	f->at = got;
	return got;
}

void
perf_file_open(struct perf_file *f, const char *path)
{
	unsigned char head[PERF_PIPE_HEADER];
	struct stat st;
	size_t got;

	memset(f, 0, sizeof *f);
	bool stdin_ = strcmp(path, "-") == 0;
	f->name = xstrdup(stdin_ ? "standard input" : path);
	f->fd = stdin_ ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	if (f->fd < 0)
		die_errno(EXIT_DATA, "%s", path);
	if (fstat(f->fd, &st) < 0)
		die_errno(EXIT_DATA, "%s", f->name);
	/* A small file needs no 4 MiB blocks. */
	f->block_size = READ_BLOCK;
	if (S_ISREG(st.st_mode) && (uint64_t)st.st_size < READ_BLOCK)
		f->block_size = (size_t)st.st_size < MIN_BLOCK
		                    ? MIN_BLOCK
		                    : (size_t)st.st_size;
	if (S_ISREG(st.st_mode)) {
		/* The header and features are read through a map. */
		f->map_size = (size_t)st.st_size;
		if (f->map_size > 0) {
			void *m = mmap(NULL, f->map_size, PROT_READ, MAP_SHARED,
			               f->fd, 0);
			if (m == MAP_FAILED)
				die_errno(EXIT_DATA, "%s: cannot map it",
				          f->name);
			f->map = m;
		}
		got = f->map_size < sizeof head ? f->map_size : sizeof head;
		if (got > 0)
			memcpy(head, f->map, got);
		f->cur = free_block(f);
	} else {
		got = start_stream(f, head, sizeof head);
	}

	if (got < sizeof head || memcmp(head, PERF_MAGIC, 8) != 0) {
		if (got >= 8 && memcmp(head, "2ELIFREP", 8) == 0) {
			refuse(f, "a byte-swapped perf.data (recorded on a "
			          "machine of the other byte order)");
			return;
		}
		if (got >= 8 && memcmp(head, "PERFFILE", 8) == 0)
			perf_file_fail(f, "a perf.data of the first format "
			                  "(PERFFILE), which perf itself no "
			                  "longer reads");
		perf_file_fail(f, "not a perf.data file (no PERFILE2 magic)");
	}
	uint64_t size = load_u64(head + 8);
	if (size == PERF_PIPE_HEADER) {
		f->pipe_format = true;
		f->pos = PERF_PIPE_HEADER;
		if (!f->streamed) {
			f->read_pos = PERF_PIPE_HEADER;
			f->data_end = f->map_size;
		}
	} else if (size == PERF_FILE_HEADER) {
		if (f->streamed)
			perf_file_fail(f, "a perf.data file (not the pipe "
			                  "format) cannot be read from a pipe: "
			                  "give its path");
		read_file_header(f);
		f->read_pos = f->pos;
	} else {
		perf_file_corrupt(f, 8, "a header of %" PRIu64 " bytes", size);
	}
	/* What the reader keeps of the header is copied by now. */
	if (f->map != NULL)
		munmap((void *)f->map, f->map_size);
	f->map = NULL;
}

void
perf_file_close(struct perf_file *f)
{
	if (f->map != NULL)
		munmap((void *)f->map, f->map_size);
	if (f->fd > 0)
		close(f->fd);
	for (size_t i = 0; i < f->nevents; i++)
		free(f->events[i].name);
	free(f->events);
	for (size_t i = 0; i < f->nbuild_ids; i++)
		free(f->build_ids[i].filename);
	free(f->build_ids);
	free(f->cmdline);
	u64_map_free(&f->ids);
	for (uint32_t i = 0; i < f->nblocks; i++)
		free(f->blocks[i].bytes);
	free(f->blocks);
	free(f->name);
	memset(f, 0, sizeof *f);
}

/* ---- records ---- */

/* A pipe's HEADER_ATTR: the attribute, then its ids. */
static void
take_attr(struct perf_file *f, const struct perf_record *r)
{
	const unsigned char *p = r->p + 8;
	size_t left = r->size - 8;
	uint32_t attr_size = left >= 8 ? load_u32(p + 4) : 0; /* attr.size */
	if (attr_size == 0)
		attr_size = PERF_ATTR_SIZE_VER0;
	if (attr_size < PERF_ATTR_SIZE_VER0 || attr_size > left)
		perf_file_corrupt(f, r->offset,
		                  "an attribute record of %zu "
		                  "bytes for %" PRIu32,
		                  left, attr_size);
	add_event(f, p, attr_size, p + attr_size, (left - attr_size) / 8);
}

/* EVENT_UPDATE: an event's name, by its id. */
static void
take_event_update(struct perf_file *f, const struct perf_record *r)
{
	if (r->size < 24 || load_u64(r->p + 8) != PERF_EVENT_UPDATE_NAME)
		return;
	uint32_t at = u64_map_get(&f->ids, load_u64(r->p + 16));
	if (at != U64_MAP_NONE)
		set_name(&f->events[at], (const char *)r->p + 24, r->size - 24);
}

/* HEADER_FEATURE: a feature section, of the pipe format. */
static void
take_feature(struct perf_file *f, const struct perf_record *r)
{
	if (r->size < 16)
		return;
	uint64_t bit = load_u64(r->p + 8);
	if (bit >= FEAT_BITS)
		return;
	f->features[bit / 64] |= UINT64_C(1) << (bit % 64);
	if (bit == FEAT_EVENT_DESC)
		read_event_desc(f, r->p + 16, r->size - 16, r->offset);
	else if (bit == FEAT_BUILD_ID)
		read_build_ids(f, r->p + 16, r->size - 16);
	else if (bit == FEAT_CMDLINE)
		read_cmdline(f, r->p + 16, r->size - 16);
	else if (bit == FEAT_COMPRESSED)
		refuse(f, "compressed records (perf record -z)");
	else if (bit == FEAT_AUXTRACE)
		refuse(f, "AUX area tracing data");
}

bool
perf_file_next(struct perf_file *f, struct perf_record *r)
{
	if (f->pos >= f->data_end || !have(f, 8)) {
		size_t left = f->blocks[f->cur].len - f->at;
		if (left == 0 || f->pos >= f->data_end)
			return false; /* the end, between records */
		perf_file_corrupt(f, f->pos,
		                  "the data ends inside a record "
		                  "header: cut short?");
	}
	const unsigned char *p = f->blocks[f->cur].bytes + f->at;
	r->type = load_u32(p);
	r->misc = load_u16(p + 4);
	r->size = load_u16(p + 6);
	r->offset = f->pos;
	if (r->size < 8)
		perf_file_corrupt(f, f->pos, "a record of %" PRIu32 " bytes",
		                  r->size);
	if (!have(f, r->size))
		perf_file_corrupt(f, f->pos,
		                  "a record of %" PRIu32 " bytes with %zu "
		                  "left: cut short?",
		                  r->size, f->blocks[f->cur].len - f->at);
	r->p = f->blocks[f->cur].bytes + f->at;
	r->block = f->cur;
	f->at += r->size;
	f->pos += r->size;
	if (r->type == PERF_RECORD_AUXTRACE)
		/* Its data follows it, outside header.size: not read here. */
		refuse(f, "AUX area tracing data");
	switch (r->type) {
	case PERF_RECORD_HEADER_ATTR:
		take_attr(f, r);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		take_event_update(f, r);
		break;
	case PERF_RECORD_HEADER_FEATURE:
		take_feature(f, r);
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		add_build_id(f, r->p, r->size);
		break;
	case PERF_RECORD_COMPRESSED:
		refuse(f, "compressed records (perf record -z)");
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		refuse(f, "tracepoint events (perf prints their fields)");
		break;
	}
	return true;
}

const struct perf_file_event *
perf_file_event_of(const struct perf_file *f, const struct perf_record *r)
{
	if (f->nevents == 0)
		return NULL;
	const struct perf_file_event *first = &f->events[0];
	if (f->nevents == 1)
		return first;
	if (!first->attr.sample_id_all && r->type != PERF_RECORD_SAMPLE)
		return first;
	size_t words = (r->size - 8) / 8;
	uint64_t id;
	if (r->type == PERF_RECORD_SAMPLE) {
		if (first->id_pos < 0 || (size_t)first->id_pos >= words)
			return NULL;
		id = load_u64(r->p + 8 + 8 * (size_t)first->id_pos);
	} else {
		if (first->is_pos < 0 || (size_t)first->is_pos > words)
			return NULL;
		id = load_u64(r->p + 8 + 8 * (words - (size_t)first->is_pos));
	}
	if (id == 0) /* synthesized records */
		return first;
	uint32_t at = u64_map_get(&f->ids, id);
	return at == U64_MAP_NONE ? NULL : &f->events[at];
}
