/*
 * svg.h - text for SVG documents: UTF-8 repair, XML escaping, cutting.
 *
 * Frame names come from profiles and may hold anything: bytes that are not
 * UTF-8, control characters, '<' and '&'.  Everything written through these
 * functions is well-formed XML character data: invalid UTF-8 and characters
 * XML 1.0 forbids become U+FFFD, and & < > " ' become entities.  Nothing
 * here is fatal and nothing allocates.
 *
 * A "character" is a Unicode code point; an invalid byte counts as one
 * character, the U+FFFD that replaces it.
 */
#ifndef PERFVIEWS_SVG_H
#define PERFVIEWS_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "base/span.h"

/*
 * Length of the UTF-8 sequence at the start of s (1 to 4 bytes), or 0 when
 * it is not valid UTF-8 (overlong, surrogate, beyond U+10FFFF, truncated).
 * s.n must be at least 1.
 */
size_t utf8_sequence_length(struct span s);

/* Number of characters in s. */
size_t utf8_count(struct span s);

/* The first nchars characters of s (all of s when it is shorter). */
struct span utf8_prefix(struct span s, size_t nchars);

/* Write s as XML character data, repaired and escaped. */
void svg_write_text(FILE *out, struct span s);

#endif
