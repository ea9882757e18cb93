/*
 * utf8.h - reading UTF-8 that may not be UTF-8.
 *
 * Frame names come from profiles and may hold any bytes.  These functions
 * never fail: a byte that does not start a valid sequence is taken as one
 * character on its own, the U+FFFD a writer puts in its place.  Valid means
 * what RFC 3629 allows: shortest form, no UTF-16 surrogates (U+D800 to
 * U+DFFF), nothing beyond U+10FFFF.  Nothing here allocates or writes.
 *
 * A "character" is a Unicode code point, or one invalid byte.
 */
#ifndef PERFVIEWS_UTF8_H
#define PERFVIEWS_UTF8_H

#include <stddef.h>

#include "base/span.h"

/*
 * Length of the UTF-8 sequence at the start of s (1 to 4 bytes), or 0 when
 * it is not valid UTF-8 (overlong, surrogate, beyond U+10FFFF, truncated,
 * a continuation byte).  s.n must be at least 1.
 */
size_t utf8_sequence_length(struct span s);

/* Number of characters in s. */
size_t utf8_count(struct span s);

/*
 * The first nchars characters of s (all of s when it is shorter): never
 * ends inside a valid sequence.
 */
struct span utf8_prefix(struct span s, size_t nchars);

#endif
