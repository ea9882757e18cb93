/*
 * pattern.h - user-supplied regular expressions, with pcre2.
 *
 * Every pattern a user gives on a command line goes through here, so all
 * filters speak the same (Perl-compatible) syntax.  A pattern that does not
 * compile is a usage error naming the option and the position.  Matching
 * allocates nothing: the match data is made once per pattern.
 */
#ifndef PERFVIEWS_PATTERN_H
#define PERFVIEWS_PATTERN_H

#include <stdbool.h>
#include <stddef.h>

#include "base/span.h"

struct pattern;

/* Compile regex; on error, exit 2 with "PROG: OPTION: message at N". */
struct pattern *pattern_compile(const char *regex, const char *option);
/* True when the pattern matches anywhere in subject. */
bool pattern_match(const struct pattern *p, struct span subject);
void pattern_free(struct pattern *p);

/*
 * The same without exiting, for callers that handle errors (and the fuzz
 * tests): NULL with the reason in why, at most whylen bytes; 1 for a
 * match, 0 for none, -1 with the reason when pcre2 gave up (a resource
 * limit on a pathological pattern).
 */
struct pattern *pattern_build(const char *regex, char *why, size_t whylen);
int pattern_exec(const struct pattern *p, struct span subject, char *why,
                 size_t whylen);

#endif
