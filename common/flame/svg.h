/*
 * svg.h - text for SVG documents: UTF-8 repair and XML escaping.
 *
 * Frame names come from profiles and may hold anything: bytes that are not
 * UTF-8, control characters, '<' and '&'.  What svg_write_text writes is
 * well-formed XML character data: invalid UTF-8 and characters XML 1.0
 * forbids become U+FFFD, and & < > " ' become entities.  Nothing here is
 * fatal and nothing allocates.  Labels are cut with base/utf8.h, which
 * counts an invalid byte as one character, the U+FFFD written here.
 */
#ifndef PERFVIEWS_SVG_H
#define PERFVIEWS_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "base/span.h"

/* Write s as XML character data, repaired and escaped. */
void svg_write_text(FILE *out, struct span s);

#endif
