/*
 * locate_cache.c - see locate_cache.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "views/locate_cache.h"

/* A DSO as the cache knows it. */
struct dso_key {
	uint64_t dev, ino, size, mtime_s, mtime_ns;
};

struct answer {
	struct dso_key dso;
	uint64_t addr;
	size_t name_at, name_len; /* in names */
	bool yes;
};

struct locate_cache {
	int fd;
	size_t bytes; /* of the file, as read and appended */
	struct answer *answers;
	size_t nanswers, answers_cap;
	char *names;
	size_t names_len, names_cap;
};

static struct dso_key
dso_key_of(const struct stat *st)
{
	return (struct dso_key){
	    (uint64_t)st->st_dev, (uint64_t)st->st_ino, (uint64_t)st->st_size,
	    (uint64_t)st->st_mtim.tv_sec, (uint64_t)st->st_mtim.tv_nsec};
}

static bool
dso_key_eq(const struct dso_key *a, const struct dso_key *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtime_s == b->mtime_s && a->mtime_ns == b->mtime_ns;
}

static void
remember(struct locate_cache *c, const struct dso_key *k, uint64_t addr,
         struct span name, bool yes)
{
	c->names = array_reserve(c->names, &c->names_cap,
	                         c->names_len + name.n + 1, 1);
	memcpy(c->names + c->names_len, name.p, name.n);
	c->answers = array_reserve(c->answers, &c->answers_cap, c->nanswers + 1,
	                           sizeof *c->answers);
	c->answers[c->nanswers++] =
	    (struct answer){*k, addr, c->names_len, name.n, yes};
	c->names_len += name.n;
}

/* One hexadecimal number then a space; false if s holds none. */
static bool
hex_field(const char **s, uint64_t *v)
{
	char *end;

	if (**s == ' ' || **s == '-' || **s == '+')
		return false;
	errno = 0;
	unsigned long long x = strtoull(*s, &end, 16);
	if (end == *s || *end != ' ' || errno != 0)
		return false;
	*v = x;
	*s = end + 1;
	return true;
}

/* A line (NUL-terminated, newline removed) into the cache, if it parses. */
static void
read_line(struct locate_cache *c, const char *s)
{
	struct dso_key k;
	uint64_t addr;

	if (!hex_field(&s, &k.dev) || !hex_field(&s, &k.ino) ||
	    !hex_field(&s, &k.size) || !hex_field(&s, &k.mtime_s) ||
	    !hex_field(&s, &k.mtime_ns) || !hex_field(&s, &addr))
		return;
	if ((s[0] != '0' && s[0] != '1') || s[1] != ' ' || s[2] == '\0')
		return;
	remember(c, &k, addr, span_cstr(s + 2), s[0] == '1');
}

static void
read_file(struct locate_cache *c)
{
	char *text = xmalloc(LOCATE_CACHE_MAX + 1);
	size_t n = 0;

	while (n < LOCATE_CACHE_MAX) {
		ssize_t r = read(c->fd, text + n, LOCATE_CACHE_MAX - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	/* Past the limit, or unreadable: nothing more is added. */
	struct stat st;
	c->bytes = fstat(c->fd, &st) == 0 ? (size_t)st.st_size : SIZE_MAX;
	text[n] = '\0';
	for (char *line = text, *nl;
	     (nl = memchr(line, '\n', n - (size_t)(line - text)));
	     line = nl + 1) {
		*nl = '\0';
		read_line(c, line);
	}
	free(text);
}

struct locate_cache *
locate_cache_open(const char *path)
{
	if (path == NULL || path[0] == '\0')
		return NULL;
	int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		warnmsg_errno(
		    "%s: cannot open the cache of debug information's "
		    "answers, going on without it",
		    path);
		return NULL;
	}
	struct locate_cache *c = xcalloc(1, sizeof *c);
	c->fd = fd;
	read_file(c);
	return c;
}

int
locate_cache_get(const struct locate_cache *c, const struct stat *st,
                 uint64_t addr, struct span name)
{
	if (c == NULL)
		return -1;
	struct dso_key k = dso_key_of(st);
	for (size_t i = 0; i < c->nanswers; i++) {
		const struct answer *a = &c->answers[i];
		if (a->addr == addr && dso_key_eq(&a->dso, &k) &&
		    span_eq(span_make(c->names + a->name_at, a->name_len),
		            name))
			return a->yes;
	}
	return -1;
}

void
locate_cache_put(struct locate_cache *c, const struct stat *st, uint64_t addr,
                 struct span name, bool answer)
{
	char line[4096];

	if (c == NULL || name.n == 0 || memchr(name.p, '\n', name.n) != NULL ||
	    memchr(name.p, '\0', name.n) != NULL)
		return;
	struct dso_key k = dso_key_of(st);
	remember(c, &k, addr, name, answer);
	int n = snprintf(line, sizeof line,
	                 "%" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64
	                 " %" PRIx64 " %" PRIx64 " %d %.*s\n",
	                 k.dev, k.ino, k.size, k.mtime_s, k.mtime_ns, addr,
	                 answer ? 1 : 0, (int)name.n, name.p);
	if (n < 0 || (size_t)n >= sizeof line ||
	    c->bytes > LOCATE_CACHE_MAX - (size_t)n)
		return;
	/* One write: lines of programs appending at once stay whole. */
	if (write(c->fd, line, (size_t)n) == n)
		c->bytes += (size_t)n;
	else
		c->bytes = SIZE_MAX; /* a full disk: stop adding, say nothing */
}

void
locate_cache_close(struct locate_cache *c)
{
	if (c == NULL)
		return;
	close(c->fd);
	free(c->answers);
	free(c->names);
	free(c);
}
