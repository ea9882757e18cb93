/*
 * file_access.c - see file_access.h.
 *
 * What a call is about comes from its shape: which argument is a path,
 * which the directory it is relative to, which a descriptor.  The shape
 * of a syscall name is looked up once, when the name is first seen.
 */
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "input/line_reader.h"
#include "input/strace.h"
#include "views/file_access.h"

const char *const access_kind_names[ACCESS_KINDS] = {
    "open", "stat", "access", "readlink", "list", "io", "close", "other",
};

/* Argument indexes; -1: none. */
struct shape {
	const char *name;
	enum access_kind kind;
	signed char dirfd, path;   /* a path, relative to dirfd when >= 0 */
	signed char fd;            /* or the descriptor the call works on */
	signed char dirfd2, path2; /* a second path (rename, link) */
};

#define PATH(n, k)                                                             \
	{                                                                      \
		n, k, -1, 0, -1, -1, -1                                        \
	}
#define AT(n, k)                                                               \
	{                                                                      \
		n, k, 0, 1, -1, -1, -1                                         \
	}
#define FD(n, k, i)                                                            \
	{                                                                      \
		n, k, -1, -1, i, -1, -1                                        \
	}

static const struct shape shapes[] = {
    PATH("open", ACCESS_OPEN),
    PATH("creat", ACCESS_OPEN),
    AT("openat", ACCESS_OPEN),
    AT("openat2", ACCESS_OPEN),
    PATH("stat", ACCESS_STAT),
    PATH("lstat", ACCESS_STAT),
    PATH("newstat", ACCESS_STAT),
    PATH("newlstat", ACCESS_STAT),
    PATH("stat64", ACCESS_STAT),
    PATH("lstat64", ACCESS_STAT),
    PATH("statfs", ACCESS_STAT),
    PATH("statfs64", ACCESS_STAT),
    AT("newfstatat", ACCESS_STAT),
    AT("fstatat64", ACCESS_STAT),
    AT("statx", ACCESS_STAT),
    FD("fstat", ACCESS_STAT, 0),
    FD("newfstat", ACCESS_STAT, 0),
    FD("fstat64", ACCESS_STAT, 0),
    FD("fstatfs", ACCESS_STAT, 0),
    FD("fstatfs64", ACCESS_STAT, 0),
    PATH("access", ACCESS_ACCESS),
    AT("faccessat", ACCESS_ACCESS),
    AT("faccessat2", ACCESS_ACCESS),
    PATH("readlink", ACCESS_READLINK),
    AT("readlinkat", ACCESS_READLINK),
    FD("getdents", ACCESS_LIST, 0),
    FD("getdents64", ACCESS_LIST, 0),
    FD("read", ACCESS_IO, 0),
    FD("pread64", ACCESS_IO, 0),
    FD("readv", ACCESS_IO, 0),
    FD("preadv", ACCESS_IO, 0),
    FD("preadv2", ACCESS_IO, 0),
    FD("write", ACCESS_IO, 0),
    FD("pwrite64", ACCESS_IO, 0),
    FD("writev", ACCESS_IO, 0),
    FD("pwritev", ACCESS_IO, 0),
    FD("pwritev2", ACCESS_IO, 0),
    FD("lseek", ACCESS_IO, 0),
    FD("_llseek", ACCESS_IO, 0),
    FD("readahead", ACCESS_IO, 0),
    FD("fadvise64", ACCESS_IO, 0),
    FD("sendfile", ACCESS_IO, 1),
    FD("copy_file_range", ACCESS_IO, 0),
    FD("mmap", ACCESS_IO, 4),
    FD("fsync", ACCESS_IO, 0),
    FD("fdatasync", ACCESS_IO, 0),
    FD("close", ACCESS_CLOSE, 0),
    PATH("execve", ACCESS_OTHER),
    AT("execveat", ACCESS_OTHER),
    PATH("chdir", ACCESS_OTHER),
    PATH("mkdir", ACCESS_OTHER),
    AT("mkdirat", ACCESS_OTHER),
    PATH("rmdir", ACCESS_OTHER),
    PATH("unlink", ACCESS_OTHER),
    AT("unlinkat", ACCESS_OTHER),
    PATH("chmod", ACCESS_OTHER),
    AT("fchmodat", ACCESS_OTHER),
    AT("fchmodat2", ACCESS_OTHER),
    PATH("chown", ACCESS_OTHER),
    PATH("lchown", ACCESS_OTHER),
    AT("fchownat", ACCESS_OTHER),
    PATH("truncate", ACCESS_OTHER),
    PATH("utime", ACCESS_OTHER),
    PATH("utimes", ACCESS_OTHER),
    AT("utimensat", ACCESS_OTHER),
    AT("futimesat", ACCESS_OTHER),
    PATH("mknod", ACCESS_OTHER),
    AT("mknodat", ACCESS_OTHER),
    PATH("getxattr", ACCESS_OTHER),
    PATH("lgetxattr", ACCESS_OTHER),
    PATH("setxattr", ACCESS_OTHER),
    PATH("lsetxattr", ACCESS_OTHER),
    PATH("listxattr", ACCESS_OTHER),
    PATH("llistxattr", ACCESS_OTHER),
    PATH("removexattr", ACCESS_OTHER),
    PATH("lremovexattr", ACCESS_OTHER),
    PATH("chroot", ACCESS_OTHER),
    PATH("getcwd", ACCESS_OTHER),
    {"rename", ACCESS_OTHER, -1, 0, -1, -1, 1},
    {"link", ACCESS_OTHER, -1, 0, -1, -1, 1},
    {"renameat", ACCESS_OTHER, 0, 1, -1, 2, 3},
    {"renameat2", ACCESS_OTHER, 0, 1, -1, 2, 3},
    {"linkat", ACCESS_OTHER, 0, 1, -1, 2, 3},
    {"symlink", ACCESS_OTHER, -1, 1, -1, -1, -1}, /* the link, not its
                                                     target */
    {"symlinkat", ACCESS_OTHER, 1, 2, -1, -1, -1},
    /* Any other call: the descriptor it begins with, if it has a path. */
    FD(NULL, ACCESS_OTHER, 0),
};
enum { NSHAPES = sizeof shapes / sizeof shapes[0] };

static const char *const std_names[3] = {"<stdin>", "<stdout>", "<stderr>"};

enum { MAX_ARGS = 6 };

void
file_access_init(struct file_access *fa)
{
	memset(fa, 0, sizeof *fa);
	string_table_init(&fa->paths);
	string_table_init(&fa->canonical);
	string_table_init(&fa->names);
	string_table_init(&fa->threads);
}

void
file_access_free(struct file_access *fa)
{
	string_table_free(&fa->paths);
	string_table_free(&fa->canonical);
	string_table_free(&fa->names);
	string_table_free(&fa->threads);
	id_map_free(&fa->opened_as);
	free(fa->rows);
	free(fa->shape_of);
	free(fa->cwd);
	for (int i = 0; i < 3; i++)
		free(fa->buf[i]);
	memset(fa, 0, sizeof *fa);
}

static const struct shape *
shape_of(struct file_access *fa, struct span name)
{
	uint32_t before = fa->names.count;
	uint32_t id = string_table_intern(&fa->names, name);

	if (id == before) {
		size_t i = 0;
		while (shapes[i].name != NULL &&
		       !span_eq_cstr(name, shapes[i].name))
			i++;
		fa->shape_of = array_reserve(fa->shape_of, &fa->shape_cap,
		                             (size_t)id + 1, 1);
		fa->shape_of[id] = (uint8_t)i;
	}
	return &shapes[fa->shape_of[id]];
}

static uint32_t
row_id(struct file_access *fa, struct span path)
{
	uint32_t id = string_table_intern(&fa->paths, path);

	fa->rows = array_reserve(fa->rows, &fa->rows_cap, (size_t)id + 1,
	                         sizeof *fa->rows);
	return id;
}

/*
 * A path made lexically clean in place: no "//", no "/./", no final "/"
 * or "/." (but "/" stays), no leading "./".  Returns the new length.
 */
static size_t
clean_path(char *p, size_t n)
{
	size_t out = 0;

	for (size_t i = 0; i < n;) {
		bool at_start = i == 0 || p[i - 1] == '/';
		if (p[i] == '/' && out > 0 && p[out - 1] == '/') {
			i++;
		} else if (at_start && p[i] == '.' &&
		           (i + 1 == n || p[i + 1] == '/') &&
		           (out > 0 || i + 1 < n)) {
			i += i + 1 < n ? 2 : 1; /* "./" or a final "." */
		} else {
			p[out++] = p[i++];
		}
	}
	while (out > 1 && p[out - 1] == '/')
		out--;
	return out;
}

/*
 * Decode an escaped path into buffer slot, after extra bytes: a span valid
 * until the slot is used again.  Two bytes more are left free after it.
 */
static struct span
decode(struct file_access *fa, int slot, struct span escaped, size_t extra)
{
	fa->buf[slot] = array_reserve(fa->buf[slot], &fa->buf_cap[slot],
	                              escaped.n + extra + 2, 1);
	size_t n = strace_unescape(escaped, fa->buf[slot] + extra);
	return span_make(fa->buf[slot] + extra, n);
}

/*
 * "pipe:[4242]" -> "<pipe>", "anon_inode:[eventpoll]" kept: "<...>".  The
 * path was decoded into buffer 2, which has room for the brackets.
 */
static struct span
pseudo_name(struct file_access *fa, struct span path)
{
	const char *colon = memchr(path.p, ':', path.n);
	size_t n = path.n;

	if (colon != NULL && colon + 1 < path.p + path.n && colon[1] == '[' &&
	    path.p[path.n - 1] == ']') {
		bool digits = path.n - (size_t)(colon - path.p) > 3;
		for (const char *d = colon + 2; d < path.p + path.n - 1; d++)
			digits = digits && *d >= '0' && *d <= '9';
		if (digits)
			n = (size_t)(colon - path.p);
	}
	memmove(fa->buf[2] + 1, path.p, n);
	fa->buf[2][0] = '<';
	fa->buf[2][n + 1] = '>';
	return span_make(fa->buf[2], n + 2);
}

static void
set_type(struct path_row *r, char type, uint8_t rank)
{
	if (rank > r->type_rank) {
		r->type = type;
		r->type_rank = rank;
	}
}

enum { RANK_GUESS = 1, RANK_USE = 2, RANK_STAT = 3, RANK_PSEUDO = 4 };

/* The row of the file a descriptor (with its escaped -y path) is on. */
static uint32_t
fd_row(struct file_access *fa, int64_t fd, struct span path)
{
	if (fd >= 0 && fd <= 2 && !fa->std_returned[fd]) {
		uint32_t id = row_id(fa, span_cstr(std_names[fd]));
		set_type(&fa->rows[id], '-', RANK_PSEUDO);
		return id;
	}
	if (path.p == NULL || fd < 0)
		return STRING_NONE;
	struct span name = decode(fa, 2, path, 0);
	if (name.n == 0 || name.p[0] != '/') {
		uint32_t id = row_id(fa, pseudo_name(fa, name));
		set_type(&fa->rows[id], '-', RANK_PSEUDO);
		return id;
	}
	uint32_t canonical = string_table_find(&fa->canonical, name);
	uint32_t given = canonical == STRING_NONE
	                     ? ID_MAP_NONE
	                     : id_map_get(&fa->opened_as, canonical);
	return given != ID_MAP_NONE ? given : row_id(fa, name);
}

static void
set_cwd(struct file_access *fa, struct span escaped)
{
	fa->cwd = array_reserve(fa->cwd, &fa->cwd_cap, escaped.n + 1, 1);
	fa->cwd_len = strace_unescape(escaped, fa->cwd);
}

/*
 * The row of the path argument a[path], relative to the descriptor
 * a[dirfd] (when dirfd >= 0) or the working directory.  slot: the buffer.
 */
static uint32_t
path_row(struct file_access *fa, const struct span *a, int n, int dirfd,
         int path, int slot)
{
	struct span dir = {NULL, 0}, text;
	int64_t dfd = STRACE_AT_FDCWD;
	bool cut;

	if (path < 0 || path >= n)
		return STRING_NONE;
	if (dirfd >= 0 && dirfd < n && !strace_arg_fd(a[dirfd], &dfd, &dir))
		dir = span_make(NULL, 0);
	if (dfd == STRACE_AT_FDCWD && dir.p != NULL)
		set_cwd(fa, dir);
	if (!strace_arg_string(a[path], &text, &cut) || text.n == 0)
		/* NULL, or "" with AT_EMPTY_PATH: the descriptor itself. */
		return dirfd >= 0 && dfd != STRACE_AT_FDCWD
		           ? fd_row(fa, dfd, dir)
		           : STRING_NONE;
	/* The directory (buffer 2), '/', then the path, in buffer slot. */
	struct span base = {NULL, 0};
	if (text.p[0] != '/' && dfd != STRACE_AT_FDCWD && dir.p != NULL)
		base = decode(fa, 2, dir, 0);
	else if (text.p[0] != '/' && dfd == STRACE_AT_FDCWD && fa->cwd != NULL)
		base = span_make(fa->cwd, fa->cwd_len);
	struct span p = decode(fa, slot, text, base.n + 1);
	char *b = fa->buf[slot];
	size_t len = p.n;
	if (base.p != NULL) {
		memcpy(b, base.p, base.n);
		b[base.n] = '/';
		len += base.n + 1;
	} else {
		memmove(b, p.p, p.n);
	}
	return row_id(fa, span_make(b, clean_path(b, len)));
}

/* What st_mode (or stx_mode) says, when a stat printed it. */
static char
stat_type(struct span args)
{
	static const char *const modes[][2] = {
	    {"DIR", "d"}, {"REG", "f"},  {"LNK", "l"},  {"CHR", "c"},
	    {"BLK", "b"}, {"FIFO", "p"}, {"SOCK", "s"},
	};
	const char *m = memmem(args.p, args.n, "_mode=S_IF", 10);

	if (m == NULL)
		return 0;
	struct span rest =
	    span_make(m + 10, args.n - (size_t)(m + 10 - args.p));
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (span_starts_with(rest, modes[i][0]))
			return modes[i][1][0];
	return 0;
}

/* What a successful call tells of the type of the path it is about. */
static void
learn_type(struct path_row *r, const struct shape *sh,
           const struct strace_call *c, const struct span *a, int n)
{
	char t = sh->kind == ACCESS_STAT ? stat_type(c->args) : 0;

	if (t != 0)
		set_type(r, t, RANK_STAT);
	else if (sh->kind == ACCESS_LIST || span_eq_cstr(c->name, "chdir") ||
	         span_eq_cstr(c->name, "mkdir") ||
	         span_eq_cstr(c->name, "mkdirat"))
		set_type(r, 'd', RANK_USE);
	else if (sh->kind == ACCESS_READLINK)
		set_type(r, 'l', RANK_USE);
	else if (span_eq_cstr(c->name, "execve"))
		set_type(r, 'f', RANK_USE);
	else if (sh->kind == ACCESS_OPEN && sh->path + 1 < n &&
	         strace_arg_has_flag(a[sh->path + 1], "O_DIRECTORY"))
		set_type(r, 'd', RANK_USE);
	else if (sh->kind == ACCESS_OPEN)
		set_type(r, 'f', RANK_GUESS);
}

static void
count(struct file_access *fa, uint32_t id, const struct shape *sh,
      const struct strace_call *c, bool failed, bool missing)
{
	struct path_row *r = &fa->rows[id];

	r->calls++;
	r->by_kind[sh->kind]++;
	r->failed += failed;
	r->missing += missing;
	r->usec += c->usec > 0 ? (uint64_t)c->usec : 0;
}

void
file_access_add(struct file_access *fa, const struct strace_call *c)
{
	const struct shape *sh = shape_of(fa, c->name);
	struct span a[MAX_ARGS], rest = c->args;
	int n = 0;

	string_table_intern(&fa->threads,
	                    span_make((const char *)&c->pid, sizeof c->pid));
	while (n < MAX_ARGS && strace_arg_next(&rest, &a[n]))
		n++;
	uint32_t ids[2] = {STRING_NONE, STRING_NONE};
	if (sh->path >= 0) {
		ids[0] = path_row(fa, a, n, sh->dirfd, sh->path, 0);
	} else if (sh->fd < n) {
		int64_t fd;
		struct span path;
		if (strace_arg_fd(a[sh->fd], &fd, &path))
			ids[0] = fd_row(fa, fd, path);
	}
	ids[1] = path_row(fa, a, n, sh->dirfd2, sh->path2, 1);
	if (ids[0] == ids[1])
		ids[1] = STRING_NONE;
	if (ids[0] == STRING_NONE && ids[1] == STRING_NONE) {
		fa->unnamed++;
		return;
	}

	bool failed = c->error.n > 0;
	bool missing = span_eq_cstr(c->error, "ENOENT") ||
	               span_eq_cstr(c->error, "ENOTDIR");
	fa->calls++;
	fa->kind_calls[sh->kind]++;
	fa->kind_failed[sh->kind] += failed;
	fa->failed += failed;
	fa->missing += missing;
	fa->usec += c->usec > 0 ? (uint64_t)c->usec : 0;
	fa->unfinished += c->result.n == 0;
	for (int i = 0; i < 2; i++) {
		if (ids[i] == STRING_NONE)
			continue;
		count(fa, ids[i], sh, c, failed, missing);
		if (c->returned && !failed)
			learn_type(&fa->rows[ids[i]], sh, c, a, n);
	}
	if (!c->returned || failed || c->ret_path.p == NULL)
		return;
	if (c->ret >= 0 && c->ret <= 2)
		fa->std_returned[c->ret] = true;
	/* Its descriptor's calls are counted under the name opened. */
	if (sh->kind == ACCESS_OPEN && ids[0] != STRING_NONE) {
		struct span canonical = decode(fa, 2, c->ret_path, 0);
		struct span given = string_table_get(&fa->paths, ids[0]);
		if (!span_eq(canonical, given))
			id_map_set(
			    &fa->opened_as,
			    string_table_intern(&fa->canonical, canonical),
			    ids[0]);
	}
}

char
file_access_type(const struct path_row *r)
{
	if (r->type != 0)
		return r->type;
	return r->calls > 0 && r->missing == r->calls ? 'x' : '?';
}

/* Enough of an input to tell strace text from something else. */
enum { DETECT_BYTES = 64 << 10 };

void
file_access_read(struct file_access *fa, const char *path, bool strict)
{
	struct strace_reader r;
	struct strace_call c;
	int fd = input_open(path);

	strace_reader_init(&r, fd, input_name(path));
	r.lines.strict = strict;
	struct span head = line_reader_peek(&r.lines, DETECT_BYTES);
	if (first_text_line(head, true).p != NULL && !strace_detect(head))
		die(EXIT_DATA,
		    "%s: not the text of strace (strace -f -ttt -T -y -o FILE "
		    "CMD): the first line is no system call",
		    input_name(path));
	while (strace_reader_next(&r, &c))
		file_access_add(fa, &c);
	strace_reader_summary(&r);
	strace_reader_free(&r);
	input_close(fd);
}
