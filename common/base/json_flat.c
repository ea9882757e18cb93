/*
 * json_flat.c - see json_flat.h.  A recursive-descent parser of RFC 8259;
 * nesting is limited so that a hostile document cannot exhaust the stack.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "base/json_flat.h"

enum { MAX_DEPTH = 64 };

struct parser {
	const char *p, *start, *end;
	struct json_flat *doc;
	char *path; /* the current path, grown as needed */
	size_t pathlen, pathcap;
	char *buf; /* the string being unescaped */
	size_t buflen, bufcap;
	const char *error;
	size_t error_at;
};

static bool
error(struct parser *ps, const char *what)
{
	if (ps->error == NULL) {
		ps->error = what;
		ps->error_at = (size_t)(ps->p - ps->start);
	}
	return false;
}

static void
skip_space(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
	                           *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

static void
buf_add(struct parser *ps, const char *s, size_t n)
{
	ps->buf = array_reserve(ps->buf, &ps->bufcap, ps->buflen + n + 1, 1);
	memcpy(ps->buf + ps->buflen, s, n);
	ps->buflen += n;
	ps->buf[ps->buflen] = '\0';
}

/* Append ".name" (or "name" at the top) to the path; return the old end. */
static size_t
path_push(struct parser *ps, const char *name, size_t n)
{
	size_t old = ps->pathlen;
	ps->path = array_reserve(ps->path, &ps->pathcap, old + n + 2, 1);
	if (old > 0)
		ps->path[ps->pathlen++] = '.';
	memcpy(ps->path + ps->pathlen, name, n);
	ps->pathlen += n;
	ps->path[ps->pathlen] = '\0';
	return old;
}

static void
path_pop(struct parser *ps, size_t old)
{
	ps->pathlen = old;
	if (ps->path != NULL)
		ps->path[old] = '\0';
}

static void
add_entry(struct parser *ps, const char *value, size_t n, enum json_kind kind)
{
	struct json_flat *d = ps->doc;
	d->entries = array_reserve(d->entries, &d->cap, d->count + 1,
	                           sizeof *d->entries);
	struct json_entry *e = &d->entries[d->count++];
	e->path = xstrdup(ps->path != NULL ? ps->path : "");
	e->value = NULL;
	if (value != NULL) {
		e->value = xmalloc(n + 1);
		memcpy(e->value, value, n);
		e->value[n] = '\0';
	}
	e->kind = kind;
}

static void
put_utf8(struct parser *ps, uint32_t c)
{
	char b[4];
	size_t n;

	if (c < 0x80) {
		b[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | c >> 6);
		b[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | c >> 12);
		b[1] = (char)(0x80 | (c >> 6 & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | c >> 18);
		b[1] = (char)(0x80 | (c >> 12 & 0x3f));
		b[2] = (char)(0x80 | (c >> 6 & 0x3f));
		b[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	buf_add(ps, b, n);
}

static bool
hex4(struct parser *ps, uint32_t *out)
{
	uint32_t v = 0;

	if (ps->end - ps->p < 4)
		return error(ps, "truncated \\u escape");
	for (int i = 0; i < 4; i++, ps->p++) {
		char c = *ps->p;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
		else
			return error(ps, "bad \\u escape"); /* at the digit */
	}
	*out = v;
	return true;
}

/* A string, unescaped into ps->buf; ps->p is at the opening quote. */
static bool
parse_string(struct parser *ps)
{
	ps->buflen = 0;
	buf_add(ps, "", 0);
	ps->p++;
	while (ps->p < ps->end && *ps->p != '"') {
		const char *run = ps->p;
		while (ps->p < ps->end && *ps->p != '"' && *ps->p != '\\') {
			if ((unsigned char)*ps->p < 0x20)
				return error(ps, "control character in string");
			ps->p++;
		}
		buf_add(ps, run, (size_t)(ps->p - run));
		if (ps->p >= ps->end || *ps->p == '"')
			break;
		ps->p++; /* the backslash */
		if (ps->p >= ps->end)
			break;
		char c = *ps->p++;
		const char *simple = strchr("\"\\/bfnrt", c);
		if (c != '\0' && simple != NULL) {
			static const char out[] = "\"\\/\b\f\n\r\t";
			buf_add(ps, &out[simple - "\"\\/bfnrt"], 1);
		} else if (c == 'u') {
			uint32_t cp, low;
			if (!hex4(ps, &cp))
				return false;
			if (cp == 0)
				return error(ps, "\\u0000 in a string");
			if (cp >= 0xd800 && cp < 0xdc00 &&
			    ps->end - ps->p >= 6 && ps->p[0] == '\\' &&
			    ps->p[1] == 'u') {
				ps->p += 2;
				if (!hex4(ps, &low))
					return false;
				if (low >= 0xdc00 && low < 0xe000) {
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					     (low - 0xdc00);
				} else {
					/* Not a pair: the second escape is
					 * read again on its own. */
					cp = 0xfffd;
					ps->p -= 6;
				}
			} else if (cp >= 0xd800 && cp < 0xe000) {
				cp = 0xfffd; /* a lone surrogate */
			}
			put_utf8(ps, cp);
		} else {
			ps->p--;
			return error(ps, "bad escape in string");
		}
	}
	if (ps->p >= ps->end)
		return error(ps, "unterminated string");
	ps->p++;
	return true;
}

static bool
parse_number(struct parser *ps)
{
	const char *s = ps->p;

	if (ps->p < ps->end && *ps->p == '-')
		ps->p++;
	if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9')
		return error(ps, "bad number");
	if (*ps->p == '0')
		ps->p++;
	else
		while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
			ps->p++;
	if (ps->p < ps->end && *ps->p == '.') {
		ps->p++;
		if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9')
			return error(ps, "bad number");
		while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
			ps->p++;
	}
	if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
		ps->p++;
		if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
			ps->p++;
		if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9')
			return error(ps, "bad number");
		while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
			ps->p++;
	}
	add_entry(ps, s, (size_t)(ps->p - s), JSON_NUMBER);
	return true;
}

static bool
parse_word(struct parser *ps, const char *word, enum json_kind kind)
{
	size_t n = strlen(word);
	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return error(ps, "unexpected character");
	ps->p += n;
	add_entry(ps, NULL, 0, kind);
	return true;
}

static bool parse_value(struct parser *ps, int depth);

/* A member's value, with its key (or index) on the path while it parses. */
static bool
parse_member(struct parser *ps, const char *key, size_t len, int depth)
{
	size_t old = path_push(ps, key, len);
	bool ok = parse_value(ps, depth + 1);
	path_pop(ps, old);
	return ok;
}

/* After a member: 1 when ',' says another follows, 0 at close, -1 else. */
static int
after_member(struct parser *ps, char close)
{
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == ',') {
		ps->p++;
		return 1;
	}
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		return 0;
	}
	return -1;
}

static bool
parse_object(struct parser *ps, int depth)
{
	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == '}') {
		ps->p++;
		return true;
	}
	for (;;) {
		skip_space(ps);
		if (ps->p >= ps->end || *ps->p != '"')
			return error(ps, "expected a key");
		if (!parse_string(ps))
			return false;
		skip_space(ps);
		if (ps->p >= ps->end || *ps->p != ':')
			return error(ps, "expected ':'");
		ps->p++;
		if (!parse_member(ps, ps->buf, ps->buflen, depth))
			return false;
		int next = after_member(ps, '}');
		if (next < 0)
			return error(ps, "expected ',' or '}'");
		if (next == 0)
			return true;
	}
}

static bool
parse_array(struct parser *ps, int depth)
{
	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == ']') {
		ps->p++;
		add_entry(ps, NULL, 0, JSON_EMPTY_ARRAY);
		return true;
	}
	for (size_t i = 0;; i++) {
		char index[24];
		int n = snprintf(index, sizeof index, "%zu", i);
		if (!parse_member(ps, index, (size_t)n, depth))
			return false;
		int next = after_member(ps, ']');
		if (next < 0)
			return error(ps, "expected ',' or ']'");
		if (next == 0)
			return true;
	}
}

static bool
parse_value(struct parser *ps, int depth)
{
	if (depth > MAX_DEPTH)
		return error(ps, "nested too deeply");
	skip_space(ps);
	if (ps->p >= ps->end)
		return error(ps, "unexpected end of input");
	switch (*ps->p) {
	case '{':
		return parse_object(ps, depth);
	case '[':
		return parse_array(ps, depth);
	case '"':
		if (!parse_string(ps))
			return false;
		add_entry(ps, ps->buf, ps->buflen, JSON_STRING);
		return true;
	case 't':
		return parse_word(ps, "true", JSON_TRUE);
	case 'f':
		return parse_word(ps, "false", JSON_FALSE);
	case 'n':
		return parse_word(ps, "null", JSON_NULL);
	default:
		return parse_number(ps);
	}
}

bool
json_flat_parse(const char *text, size_t n, struct json_flat *doc, char *why,
                size_t whylen)
{
	struct parser ps = {text, text, text + n, doc, NULL, 0,
	                    0,    NULL, 0,        0,   NULL, 0};

	memset(doc, 0, sizeof *doc);
	bool ok = parse_value(&ps, 0);
	if (ok) {
		skip_space(&ps);
		if (ps.p != ps.end)
			ok = error(&ps, "text after the value");
	}
	if (!ok) {
		if (why != NULL && whylen > 0)
			snprintf(why, whylen, "byte %zu: %s", ps.error_at,
			         ps.error);
		json_flat_free(doc);
	}
	free(ps.path);
	free(ps.buf);
	return ok;
}

void
json_flat_free(struct json_flat *doc)
{
	for (size_t i = 0; i < doc->count; i++) {
		free(doc->entries[i].path);
		free(doc->entries[i].value);
	}
	free(doc->entries);
	memset(doc, 0, sizeof *doc);
}

const struct json_entry *
json_flat_find(const struct json_flat *doc, const char *path)
{
	for (size_t i = 0; i < doc->count; i++)
		if (strcmp(doc->entries[i].path, path) == 0)
			return &doc->entries[i];
	return NULL;
}

/*
 * The whole of a small file, NUL-terminated; NULL with errno set (EISDIR
 * for a directory, which fopen accepts and fread fails on late).
 */
static char *
slurp(const char *file, size_t *len)
{
	FILE *f = fopen(file, "rb");
	struct stat st;
	char *text = NULL;
	size_t n = 0, cap = 0;

	if (f == NULL)
		return NULL;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return NULL;
	}
	for (;;) {
		text = array_reserve(text, &cap, n + 4096, 1);
		size_t got = fread(text + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int saved = errno;
		fclose(f);
		free(text);
		errno = saved;
		return NULL;
	}
	fclose(f);
	text[n] = '\0';
	*len = n;
	return text;
}

bool
json_flat_read_file(const char *path, struct json_flat *doc, char *why,
                    size_t whylen)
{
	size_t len = 0;
	char *text = slurp(path, &len);
	char reason[256];

	if (text == NULL) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return false;
	}
	bool ok = json_flat_parse(text, len, doc, reason, sizeof reason);
	if (!ok)
		snprintf(why, whylen, "%s: not JSON: %s", path, reason);
	free(text);
	return ok;
}
