/*
 * test_event_select.c - which perf event a view shows
 * (input/event_select.h).
 */
#include <stdio.h>

#include "base/message.h"
#include "input/event_select.h"
#include "unit.h"

/* Take one sample of each event in the list; the taken ones as 0/1. */
static void
take_all(struct event_select *e, const char *const events[], char *taken)
{
	size_t i;

	for (i = 0; events[i] != NULL; i++)
		taken[i] =
		    event_select_take(e, span_cstr(events[i])) ? '1' : '0';
	taken[i] = '\0';
}

START_TEST(first_event_by_default)
{
	const char *const events[] = {"cpu-clock", "cycles", "cpu-clock",
	                              "cycles",    "cycles", NULL};
	struct event_select e;
	char taken[8];

	event_select_init(&e, NULL);
	ck_assert_ptr_null(event_select_name(&e));
	take_all(&e, events, taken);
	ck_assert_str_eq(taken, "10100");
	ck_assert_str_eq(event_select_name(&e), "cpu-clock");
	event_select_free(&e);
}
END_TEST

START_TEST(named_event_chosen)
{
	const char *const events[] = {"cpu-clock", "cycles", "cpu-clock",
	                              "cycles", NULL};
	struct event_select e;
	char taken[8];

	event_select_init(&e, "cycles");
	take_all(&e, events, taken);
	ck_assert_str_eq(taken, "0101");
	ck_assert_str_eq(event_select_name(&e), "cycles");
	event_select_free(&e);
}
END_TEST

/* "cycles" in an input of cycles:k, then cycles:u or cycles. */
static void
bare_name_twice(void *arg)
{
	const char *const events[] = {"cycles:k", "cycles:k", arg, NULL};
	struct event_select e;
	char taken[8];

	progname = "prog";
	event_select_init(&e, "cycles");
	take_all(&e, events, taken);
	printf("%s", taken);
	event_select_check(&e, "in.txt", 12);
	/* Checked whole: nothing left for LeakSanitizer at the child's end. */
	event_select_free(&e);
}

START_TEST(name_without_modifier_matches_any)
{
	const char *const events[] = {"cycles:k", "cycles:k", NULL};
	struct event_select e;
	char taken[8];

	/* "cycles" takes the cycles event with its modifier. */
	event_select_init(&e, "cycles");
	take_all(&e, events, taken);
	ck_assert_str_eq(taken, "11");
	ck_assert_str_eq(event_select_name(&e), "cycles:k");
	event_select_free(&e);

	/* But not two of them: which would depend on the order. */
	struct unit_child c;
	unit_child_run(bare_name_twice, "cycles:u", &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.out, "110");
	ck_assert_str_eq(
	    c.err,
	    "prog: in.txt:12: --event cycles names two events, cycles:k and "
	    "cycles:u: name one in full (--event cycles: for the "
	    "one without modifiers), or every one with --event "
	    "'cycles*'\n");
	unit_child_run(bare_name_twice, "cycles", &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	unit_child_run(bare_name_twice, "cycles:k", &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "111");

	/* "cycles:" takes cycles only, as perf script prints it. */
	const char *const both[] = {"cycles:u", "cycles", "cycles:u", NULL};
	event_select_init(&e, "cycles:");
	take_all(&e, both, taken);
	ck_assert_str_eq(taken, "010");
	ck_assert_str_eq(event_select_name(&e), "cycles");
	event_select_free(&e);

	/* "cycles:u" takes only cycles:u, not cycles:k. */
	const char *const two[] = {"cycles:k", "cycles:u", "cycles:k", NULL};
	event_select_init(&e, "cycles:u");
	take_all(&e, two, taken);
	ck_assert_str_eq(taken, "010");
	ck_assert_str_eq(event_select_name(&e), "cycles:u");
	event_select_free(&e);

	/* Nor does "cycles" match "cycles-ct" or "cpu-cycles". */
	const char *const others[] = {"cycles-ct", "cpu-cycles", NULL};
	event_select_init(&e, "cycles");
	take_all(&e, others, taken);
	ck_assert_str_eq(taken, "00");
	event_select_free(&e);
}
END_TEST

START_TEST(unmatched_name_is_still_named)
{
	const char *const events[] = {"cpu-clock", "cpu-clock", NULL};
	struct event_select e;
	char taken[8];

	event_select_init(&e, "cycles:u");
	take_all(&e, events, taken);
	ck_assert_str_eq(taken, "00");
	ck_assert_uint_eq(e.chosen, UINT32_MAX);
	ck_assert_str_eq(event_select_name(&e), "cycles:u");
	event_select_free(&e);
}
END_TEST

START_TEST(every_event_counted)
{
	struct event_select e;
	static const char *const names[] = {"a", "b", "c", "d", "e", "f",
	                                    "g", "h", "i", "j", "k"};
	uint32_t ids[11];

	event_select_init(&e, NULL);
	/* More events than the first allocation holds, in runs and not. */
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < 11; i++)
			for (int k = 0; k <= i; k++)
				event_select_take(&e, span_cstr(names[i]));
	ck_assert_uint_eq(e.events.count, 11);
	for (int i = 0; i < 11; i++) {
		ids[i] = string_table_find(&e.events, span_cstr(names[i]));
		ck_assert_uint_ne(ids[i], STRING_NONE);
		ck_assert_uint_eq(e.samples[ids[i]], 3 * (i + 1));
	}
	ck_assert_str_eq(event_select_name(&e), "a");
	event_select_free(&e);
}
END_TEST

static void
report(void *arg)
{
	struct event_select *e = arg;

	progname = "view";
	event_select_report(e);
}

START_TEST(skipped_samples_reported)
{
	const char *const events[] = {"cycles",   "instructions", "cycles",
	                              "branches", "instructions", NULL};
	struct event_select e;
	struct unit_child c;
	char taken[8];

	event_select_init(&e, NULL);
	take_all(&e, events, taken);
	unit_child_run(report, &e, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "view: showing event cycles, the first seen; "
	                        "left out instructions (2 samples), branches "
	                        "(1 sample) (choose with --event)\n");
	event_select_free(&e);

	/* One event only: nothing to say. */
	event_select_init(&e, NULL);
	event_select_take(&e, span_cstr("cycles"));
	unit_child_run(report, &e, &c);
	ck_assert_str_eq(c.err, "");
	event_select_free(&e);
}
END_TEST

START_TEST(name_ending_in_star_chooses_every_event_it_begins)
{
	const char *const events[] = {"syscalls:sys_enter_access",
	                              "syscalls:sys_enter_openat",
	                              "page-faults",
	                              "syscalls:sys_enter_openat",
	                              "syscalls:sys_exit_openat",
	                              NULL};
	struct event_select e;
	struct unit_child c;
	char taken[8];

	event_select_init(&e, "syscalls:sys_enter_*");
	take_all(&e, events, taken);
	ck_assert_str_eq(taken, "11010");
	ck_assert_str_eq(event_select_name(&e), "syscalls:sys_enter_*");
	unit_child_run(report, &e, &c);
	ck_assert_str_eq(c.err, "view: showing event syscalls:sys_enter_*; "
	                        "left out page-faults (1 sample), "
	                        "syscalls:sys_exit_openat (1 sample)\n");
	event_select_free(&e);

	/* Everything matches: nothing left out, nothing to say. */
	event_select_init(&e, "*");
	take_all(&e, events, taken);
	ck_assert_str_eq(taken, "11111");
	unit_child_run(report, &e, &c);
	ck_assert_str_eq(c.err, "");
	event_select_free(&e);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    first_event_by_default,
	    named_event_chosen,
	    name_without_modifier_matches_any,
	    unmatched_name_is_still_named,
	    every_event_counted,
	    skipped_samples_reported,
	    name_ending_in_star_chooses_every_event_it_begins,
	    NULL};
	return unit_main("event_select", tests);
}
