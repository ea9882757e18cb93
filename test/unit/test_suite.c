/*
 * test_suite.c - a suite's steps (dataset/suite): what the suite's log and
 * report say of a step, from the step's own stderr.
 */
#include <stdio.h>
#include <string.h>

#include "dataset/suite.h"
#include "unit.h"

/* The reason logged for the step, its last field. */
static const char *
logged_reason(const char *log)
{
	const char *text = unit_file_text(log);
	const char *tab = strrchr(text, '\t');
	ck_assert_ptr_nonnull(tab);
	static char reason[256];
	snprintf(reason, sizeof reason, "%.*s", (int)strcspn(tab + 1, "\n"),
	         tab + 1);
	return reason;
}

/* A step that waited for a lock, then failed: its error is the reason,
 * not the note of waiting. */
START_TEST(failure_reason_skips_waiting)
{
	unit_dir_make();
	const char *log = unit_dir_path("s.log");
	char *const argv[] = {
	    "sh", "-c",
	    "echo 'perfviews: waiting for the cache: pid 1 holds it (x)' >&2; "
	    "echo 'perfviews: no pyperformance benchmark named nope' >&2; "
	    "exit 1",
	    NULL};
	ck_assert_int_eq(suite_step(log, 1, "bm_nope-perf-freq9", argv), 1);
	ck_assert_str_eq(logged_reason(log),
	                 "no pyperformance benchmark named nope");
	unit_dir_remove();
}
END_TEST

/* A failure that says nothing but the note, or nothing at all: how the
 * step ended. */
START_TEST(failure_reason_otherwise)
{
	unit_dir_make();
	const char *log = unit_dir_path("s.log");
	char *const wait_only[] = {
	    "sh", "-c", "echo 'perfviews: waiting for it: pid 1' >&2; exit 1",
	    NULL};
	ck_assert_int_eq(suite_step(log, 2, "bm_a-perf-freq9", wait_only), 1);
	ck_assert_str_eq(logged_reason(log), "exit 1");
	char *const silent[] = {"sh", "-c", "exit 3", NULL};
	ck_assert_int_eq(suite_step(log, 2, "bm_b-perf-freq9", silent), 1);
	ck_assert_str_eq(logged_reason(log), "exit 3");
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {failure_reason_skips_waiting,
	                        failure_reason_otherwise, NULL};
	return unit_main("suite", tests);
}
