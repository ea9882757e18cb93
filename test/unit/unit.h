/*
 * unit.h - what every Check unit test program shares: run one suite,
 * print Check's summary line, exit non-zero on any failure.
 */
#ifndef PERFVIEWS_UNIT_H
#define PERFVIEWS_UNIT_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/span.h"

static inline int
unit_run(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* Assert that a span holds exactly the C string want. */
#define ck_assert_span(got, want)                                              \
	do {                                                                   \
		struct span got_ = (got);                                      \
		ck_assert_msg(span_eq_cstr(got_, (want)),                      \
		              "got '%.*s', want '%s'", (int)got_.n, got_.p,    \
		              (want));                                         \
	} while (0)

#endif
