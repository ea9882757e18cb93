/*
 * short_paths.c - see short_paths.h.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "pages/short_paths.h"

const char short_paths_legend[] =
    "- `$VENV/`: a virtual environment's (or a Python installation's) "
    "`lib/pythonX.Y/site-packages/` or `dist-packages/`\n"
    "- `$DATA/`: the directory the data sets were recorded into\n"
    "- `~/`: a home directory (`/root/`, `/home/NAME/`)\n"
    "- `$TMP/`: a temporary directory (`/tmp/`, `/var/tmp/`, `$TMPDIR`)\n";

static bool
path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("._-+@%~/", c) != NULL;
}

/* Add a prefix (made to end in '/'); "/" and "" are not prefixes. */
static void
add_prefix(struct short_paths *sp, const char *dir, const char *placeholder)
{
	size_t n = strlen(dir);

	while (n > 0 && dir[n - 1] == '/')
		n--;
	if (n == 0 || dir[0] != '/' || sp->n == SHORT_PATHS_MAX)
		return;
	sp->prefix[sp->n] = xasprintf("%.*s/", (int)n, dir);
	sp->placeholder[sp->n++] = placeholder;
}

void
short_paths_init(struct short_paths *sp, const char *const data[], size_t ndata)
{
	char abs[PATH_MAX];

	memset(sp, 0, sizeof *sp);
	for (size_t i = 0; i < ndata; i++)
		if (realpath(data[i], abs) != NULL)
			add_prefix(sp, abs, "$DATA");
	add_prefix(sp, "/root", "~");
	if (getenv("HOME") != NULL)
		add_prefix(sp, getenv("HOME"), "~");
	add_prefix(sp, "/tmp", "$TMP");
	add_prefix(sp, "/var/tmp", "$TMP");
	if (getenv("TMPDIR") != NULL)
		add_prefix(sp, getenv("TMPDIR"), "$TMP");
}

void
short_paths_free(struct short_paths *sp)
{
	for (size_t i = 0; i < sp->n; i++)
		free(sp->prefix[i]);
	memset(sp, 0, sizeof *sp);
}

/*
 * The length of "DIR/lib/pythonX.Y/site-packages/" (or dist-packages) at
 * the start of path (n bytes), or 0.
 */
static size_t
venv_prefix(const char *path, size_t n)
{
	static const char lib[] = "/lib/python";
	const char *end = path + n;

	for (const char *p = path; p + sizeof lib - 1 < end; p++) {
		if (memcmp(p, lib, sizeof lib - 1) != 0)
			continue;
		/* X.Y: digits, a dot, digits. */
		const char *q = p + sizeof lib - 1, *digits = q;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		if (q == digits || q == end || *q != '.')
			continue;
		digits = ++q;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		if (q == digits)
			continue;
		static const char *const dirs[] = {"/site-packages/",
		                                   "/dist-packages/"};
		for (size_t i = 0; i < 2; i++) {
			size_t m = strlen(dirs[i]);
			if ((size_t)(end - q) >= m &&
			    memcmp(q, dirs[i], m) == 0)
				return (size_t)(q + m - path);
		}
	}
	return 0;
}

/* A home directory "/home/NAME/" at the start of path: its length, or 0. */
static size_t
home_prefix(const char *path, size_t n)
{
	if (n < 8 || memcmp(path, "/home/", 6) != 0 || path[6] == '/')
		return 0;
	const char *slash = memchr(path + 6, '/', n - 6);
	return slash != NULL ? (size_t)(slash + 1 - path) : 0;
}

/* Write one path (n bytes), its prefix replaced when a rule applies. */
static void
write_path(const struct short_paths *sp, const char *path, size_t n, FILE *out)
{
	size_t len = venv_prefix(path, n);
	const char *placeholder = "$VENV";

	for (size_t i = 0; len == 0 && i < sp->n; i++) {
		size_t m = strlen(sp->prefix[i]);
		if (m <= n && memcmp(path, sp->prefix[i], m) == 0) {
			len = m;
			placeholder = sp->placeholder[i];
		}
	}
	if (len == 0 && (len = home_prefix(path, n)) > 0)
		placeholder = "~";
	if (len > 0) {
		fputs(placeholder, out);
		fputc('/', out);
	}
	fwrite(path + len, 1, n - len, out);
}

/*
 * Does a path start at this slash: after a character that is not a path's,
 * or after an option it is attached to ("-L/usr/lib", "-I/x": a word that
 * starts with '-' and has no slash before this one)?
 */
static bool
path_starts(const char *text, const char *slash)
{
	const char *word = slash;

	while (word > text && path_char(word[-1]))
		word--;
	return word == slash ||
	       (*word == '-' &&
	        memchr(word, '/', (size_t)(slash - word)) == NULL);
}

void
short_paths_write(const struct short_paths *sp, const char *text, size_t n,
                  FILE *out)
{
	const char *p = text, *end = text + n;

	while (p < end) {
		const char *slash = memchr(p, '/', (size_t)(end - p));
		if (slash == NULL) {
			fwrite(p, 1, (size_t)(end - p), out);
			return;
		}
		if (!path_starts(text, slash)) {
			fwrite(p, 1, (size_t)(slash + 1 - p), out);
			p = slash + 1;
			continue;
		}
		fwrite(p, 1, (size_t)(slash - p), out);
		const char *q = slash;
		while (q < end && path_char(*q))
			q++;
		write_path(sp, slash, (size_t)(q - slash), out);
		p = q;
	}
}

char *
short_paths_string(const struct short_paths *sp, const char *s)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = xopen_memstream(&text, &size);
	short_paths_write(sp, s, strlen(s), f);
	xclose_memstream(f);
	return text;
}

void
short_paths_copy(const struct short_paths *sp, int fd, const char *name,
                 FILE *out)
{
	FILE *in =
	    input_stream(fd); /* fd stays the caller's, for input_close */
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;

	if (in == NULL)
		die_errno(EXIT_DATA, "%s", name);
	while ((got = getline(&line, &cap, in)) != -1)
		short_paths_write(sp, line, (size_t)got, out);
	if (ferror(in))
		die_errno(EXIT_DATA, "%s", name);
	free(line);
	fclose(in);
}
