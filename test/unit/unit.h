/*
 * unit.h - what every Check unit test program shares.
 *
 * A test program is named after the module it tests (test_MODULE.c), holds
 * its START_TEST functions, and ends with a main of two lines:
 *
 *	const TTest *tests[] = {first_test, second_test, NULL};
 *	return unit_main("MODULE", tests);
 *
 * unit_main prints Check's summary line ("100%: Checks: N, Failures: 0,
 * Errors: 0"), which test/run-all.sh reads, and exits non-zero on any
 * failure.  Each test runs in its own process (Check's fork mode), so a
 * test may change global state, and the helpers below may fork again to
 * watch a function exit or print.
 */
#ifndef PERFVIEWS_UNIT_H
#define PERFVIEWS_UNIT_H

#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/span.h"

/* Run the tests (a NULL-terminated list) as one suite named name. */
int unit_main(const char *name, const TTest *const tests[]);
/* Run a suite built by hand; prefer unit_main. */
int unit_run(Suite *suite);

/*
 * What a function did in a child process: its exit status (0 when it
 * returned; 128 + N when signal N ended it) and what it wrote to stdout
 * and stderr, NUL-terminated and cut to the size of the buffers.
 */
struct unit_child {
	int status;
	char out[32768];
	char err[8192];
};

/* Run fn(arg) in a child process and tell what it did. */
void unit_child_run(void (*fn)(void *arg), void *arg, struct unit_child *c);

/*
 * The read end of a pipe that a child process fills with the n bytes of
 * text, then closes: input as a filter reads it from another program.
 */
int unit_pipe(const char *text, size_t n);

/*
 * A new temporary file holding text; its path is written to path (at
 * least UNIT_PATH bytes).  The caller removes it.
 */
enum { UNIT_PATH = 64 };
void unit_temp_file(char *path, const char *text);

/* Assert that a span holds exactly the C string want. */
#define ck_assert_span(got, want)                                              \
	do {                                                                   \
		struct span got_ = (got);                                      \
		ck_assert_msg(span_eq_cstr(got_, (want)),                      \
		              "got '%.*s', want '%s'", (int)got_.n, got_.p,    \
		              (want));                                         \
	} while (0)

#endif
