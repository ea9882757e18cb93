/*
 * file_access.h - the files a traced program looked up and used, counted
 * per path from strace's calls: the `files` view of a data set.
 *
 * Each call is counted once, by kind (open, stat, access, readlink, list,
 * io, close, other), for the path it is about:
 *
 *   - a path argument; relative to its directory descriptor's -y path for
 *     the *at calls ("AT_FDCWD</cwd>", "3</dir>"), to the working directory
 *     last shown by such a path for the others;
 *   - the -y path of the descriptor a call works on (close, read, fstat,
 *     getdents64, mmap of a file, a *at call with "" and AT_EMPTY_PATH);
 *     that path is the kernel's, symlinks resolved, so a descriptor is
 *     counted under the name it was opened by when its open was seen
 *     ("/lib/x86_64-linux-gnu/libc.so.6", not "/usr/lib/...");
 *   - descriptors 0, 1 and 2 that no call of the trace returned are
 *     "<stdin>", "<stdout>", "<stderr>" (not whatever they were redirected
 *     to), pipes and sockets "<pipe>" and "<socket>".
 *
 * A call naming two paths (rename, link) counts for both; a call naming
 * none (an anonymous mmap, a descriptor without a -y path) is counted
 * apart, in unnamed.  Paths are cleaned lexically ("//", "/./", a final
 * '/'); ".." is kept, since a symlink before it would make folding it
 * wrong.  A call failed when it returned an error; a failed lookup is one
 * that said the path is not there (ENOENT, ENOTDIR).  Times are strace's
 * -T, which includes the cost of tracing.
 *
 * Memory grows with the distinct paths and syscall names, not with the
 * number of calls.
 */
#ifndef PERFVIEWS_FILE_ACCESS_H
#define PERFVIEWS_FILE_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/id_map.h"
#include "base/string_table.h"
#include "input/strace.h"

enum access_kind {
	ACCESS_OPEN,
	ACCESS_STAT,
	ACCESS_ACCESS,
	ACCESS_READLINK,
	ACCESS_LIST,
	ACCESS_IO,
	ACCESS_CLOSE,
	ACCESS_OTHER,
	ACCESS_KINDS
};

/* "open", "stat", ...: the column names. */
extern const char *const access_kind_names[ACCESS_KINDS];

/* Everything counted for one path. */
struct path_row {
	uint64_t calls;
	uint64_t by_kind[ACCESS_KINDS];
	uint64_t failed;   /* calls that returned an error */
	uint64_t missing;  /* of them, ENOENT or ENOTDIR */
	uint64_t usec;     /* time in the calls, -T */
	char type;         /* see file_access_type */
	uint8_t type_rank; /* how sure: a stat's st_mode is surest */
};

struct file_access {
	struct string_table paths; /* path -> id of its row */
	struct path_row *rows;
	size_t rows_cap;
	struct string_table canonical; /* -y paths of descriptors */
	struct id_map opened_as;       /* canonical id -> path id */
	struct string_table names;     /* syscall names seen */
	uint8_t *shape_of;             /* name id -> its shape + 1; 0 none */
	size_t shape_cap;
	struct string_table threads; /* PIDs seen */
	bool std_returned[3];        /* a call returned descriptor 0, 1, 2 */
	char *cwd;                   /* decoded; NULL until seen */
	size_t cwd_len, cwd_cap;
	char *buf[3]; /* decoded paths of the call being counted */
	size_t buf_cap[3];

	uint64_t calls;   /* calls counted for a path */
	uint64_t unnamed; /* calls that named no file */
	uint64_t kind_calls[ACCESS_KINDS], kind_failed[ACCESS_KINDS];
	uint64_t failed, missing, usec;
	uint64_t unfinished; /* calls without a result */
};

void file_access_init(struct file_access *fa);
void file_access_free(struct file_access *fa);

/* Count one call. */
void file_access_add(struct file_access *fa, const struct strace_call *c);

/*
 * Every call of the strace text at path ("-": stdin) added; a file that
 * is not strace's text is fatal, as is a bad line with strict.
 */
void file_access_read(struct file_access *fa, const char *path, bool strict);

/*
 * The type of a path: 'd' directory, 'f' file, 'l' symlink, 'c' 'b' 'p'
 * 's' device, fifo, socket (from a stat, an open, a listing); 'x' never
 * found (every call a failed lookup); '-' not a file ("<stdout>",
 * "<pipe>"); '?' unknown.
 */
char file_access_type(const struct path_row *r);

#endif
