/*
 * xalloc.c - see xalloc.h.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

void *
xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

void *
xreallocarray(void *p, size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size)
		die(EXIT_DATA, "out of memory");
	size_t n = count * size;
	p = realloc(p, n > 0 ? n : 1);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void *
array_grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			die(EXIT_DATA, "out of memory");
		n *= 2;
	}
	p = xreallocarray(p, n, size);
	memset((char *)p + *cap * size, 0, (n - *cap) * size);
	*cap = n;
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die(EXIT_DATA, "out of memory");
	return s;
}

FILE *
xopen_memstream(char **text, size_t *size)
{
	FILE *f = open_memstream(text, size);

	if (f == NULL)
		die_errno(EXIT_DATA, "open_memstream");
	return f;
}

void
xclose_memstream(FILE *f)
{
	if (fclose(f) != 0)
		die_errno(EXIT_DATA, "fclose of a memory stream");
}
