/*
 * perf_file.c - see perf_file.h.
 *
 * The records are read in blocks: see "the data, in blocks" below.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/perf_file.h"

enum {
	READ_BLOCK = 4 << 20, /* bytes of a block of records, at most */
	MIN_BLOCK = 96 << 10, /* and at least: a record fits */
};

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
			perf_file_refuse(
			    f, "a byte-swapped perf.data (recorded on a "
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
		perf_header_read(f);
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
	perf_header_free(f);
	for (uint32_t i = 0; i < f->nblocks; i++)
		free(f->blocks[i].bytes);
	free(f->blocks);
	free(f->name);
	memset(f, 0, sizeof *f);
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
		perf_file_refuse(f, "AUX area tracing data");
	if (r->type >= PERF_RECORD_HEADER_ATTR) /* perf's: some describe it */
		perf_header_take(f, r);
	switch (r->type) {
	case PERF_RECORD_COMPRESSED:
		perf_file_refuse(f, "compressed records (perf record -z)");
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		perf_file_refuse(
		    f, "tracepoint events (perf prints their fields)");
		break;
	}
	return true;
}
