/*
 * pattern.h - user-supplied regular expressions, with pcre2.
 *
 * Every pattern a user gives (on a command line or in a rules file) goes
 * through here, so all filters speak the same (Perl-compatible) syntax.
 * pattern_compile treats a pattern that does not compile as a usage error
 * naming the option and the position; pattern_try_compile hands the
 * message to the caller, which knows where the pattern came from.
 * Matching allocates nothing: the match data is made once per pattern.
 */
#ifndef PERFVIEWS_PATTERN_H
#define PERFVIEWS_PATTERN_H

#include <stdbool.h>
#include <stddef.h>

#include "base/span.h"

struct pattern;

/* Compile regex; on error, exit 2 with "PROG: OPTION: message at N". */
struct pattern *pattern_compile(const char *regex, const char *option);
/*
 * Compile the bytes of regex (not NUL-terminated).  On error return NULL
 * and write "pcre2's message at offset N" into err (errlen bytes).
 */
struct pattern *pattern_try_compile(struct span regex, char *err,
                                    size_t errlen);
/* True when the pattern matches anywhere in subject. */
bool pattern_match(const struct pattern *p, struct span subject);
void pattern_free(struct pattern *p);

#endif
