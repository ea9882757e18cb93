/*
 * locate_cache.h - answers read from DSOs' debug information, kept in a
 * file for the next program.
 *
 * Placing an orphan inlined frame (profile.c) asks every DSO of the input
 * whether its debug information puts a function at an address; the first
 * question to a DSO loads its DWARF, which is most of a view program's time
 * on a small recording (Debian's libc, libm and ld.so keep theirs
 * compressed).  Every view of every data set of a suite asks the same
 * questions of the same files: the cache answers them from a file of
 * lines, one an answer:
 *
 *     DEV INO SIZE MTIME_S MTIME_NS ADDR ANSWER NAME
 *
 * hexadecimal numbers, ANSWER 0 or 1, NAME to the end of the line.  A DSO
 * is known by its device, inode, size and modification time: a rebuilt or
 * replaced file is a new one.  Debug information installed later (a -dbg
 * package) is not seen: the file is for one run of views (the suite makes
 * it anew), not to be kept.
 *
 * Guarantees: a line is appended with one write(2) on a file opened
 * O_APPEND, so programs running at once never interleave lines; a line
 * not ended by a newline (a cut file) and any line that does not parse are
 * skipped, and the question asked again.  The cache holds at most
 * LOCATE_CACHE_MAX bytes of file: past that nothing is added.  A cache that
 * cannot be opened is a warning, and every question goes to the DSOs.
 */
#ifndef PERFVIEWS_LOCATE_CACHE_H
#define PERFVIEWS_LOCATE_CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "base/span.h"

#define LOCATE_CACHE_MAX (1u << 20)

/* The environment variable naming the file; unset or empty: no cache. */
#define LOCATE_CACHE_ENV "PERFVIEWS_LOCATE_CACHE"

struct locate_cache;

/* The cache in path, created if missing; NULL (and a warning) if it cannot
 * be opened, NULL (silently) if path is NULL or empty. */
struct locate_cache *locate_cache_open(const char *path);

/* 1 or 0 as the cache answers for the DSO of st at addr, -1 if it does not
 * know.  c may be NULL. */
int locate_cache_get(const struct locate_cache *c, const struct stat *st,
                     uint64_t addr, struct span name);

/* Keeps an answer, in memory and in the file.  c may be NULL. */
void locate_cache_put(struct locate_cache *c, const struct stat *st,
                      uint64_t addr, struct span name, bool answer);

void locate_cache_close(struct locate_cache *c);

#endif
