/*
 * xalloc.h - allocation that never returns NULL.
 *
 * Running out of memory ends the program with "PROG: out of memory" and
 * status 1: no caller checks for NULL.  array_reserve is the one way arrays
 * grow in this code base: capacities double, so adding n items one by one
 * costs O(n) copies.
 */
#ifndef PERFVIEWS_XALLOC_H
#define PERFVIEWS_XALLOC_H

#include <stddef.h>
#include <stdio.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xreallocarray(void *p, size_t count, size_t size);
char *xstrdup(const char *s);
/* The n bytes at s, NUL-terminated, in a new string. */
char *xstrndup(const char *s, size_t n);
/* A new string, formatted as by printf. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * A stream into memory (open_memstream(3)) and its closing, fatal when
 * they fail (no memory): closed, *text holds all that was written.
 */
FILE *xopen_memstream(char **text, size_t *size);
void xclose_memstream(FILE *f);

/* array_reserve's slow path: p moved into a larger array. */
void *array_grow(void *p, size_t *cap, size_t need, size_t size);

/*
 * Room for need items of size bytes in the array p of *cap items: p, or p
 * moved into a larger array (capacity doubled, at least 16), *cap updated.
 * The new items are zero bytes.  Inline: most calls find the room there.
 */
static inline void *
array_reserve(void *p, size_t *cap, size_t need, size_t size)
{
	return need <= *cap ? p : array_grow(p, cap, need, size);
}

#endif
