/*
 * test_machine_load.c - how busy the machine was (os/machine_load.h):
 * /proc/stat's first line read into busy and steal seconds, its CPUs
 * counted; a mark of this machine known; this process's own CPU time in
 * it, so that its work is never counted as another process's.
 */
#include <stdio.h>

#include "base/clock.h"
#include "os/machine_load.h"
#include "unit.h"

START_TEST(stat_line_parsed)
{
	const char *stat = "cpu  207307 606 41823 7117 297 0 187 1945 0 0\n"
	                   "cpu0 103993 265 20405 3903 67 0 26 993 0 0\n"
	                   "cpu1 103314 341 21418 3213 230 0 161 952 0 0\n"
	                   "intr 1 2 3\nctxt 4\n";
	double busy, steal;
	int cpus;

	ck_assert(machine_parse_stat(stat, 100, &busy, &steal, &cpus));
	/* user nice system irq softirq; not idle, iowait. */
	ck_assert_double_eq_tol(busy, (207307 + 606 + 41823 + 0 + 187) / 100.0,
	                        1e-9);
	ck_assert_double_eq_tol(steal, 19.45, 1e-9);
	ck_assert_int_eq(cpus, 2);
	ck_assert(!machine_parse_stat("intr 1\n", 100, &busy, &steal, &cpus));
	ck_assert(
	    !machine_parse_stat("cpu  1 2 x\n", 100, &busy, &steal, &cpus));
	/* No cpuN line: no CPUs counted, nothing to divide by. */
	ck_assert(!machine_parse_stat("cpu  1 2 3 4 5 6 7 8\n", 100, &busy,
	                              &steal, &cpus));
}
END_TEST

/* Spinning 0.3 s here: in own_s, so not in what others used. */
START_TEST(own_time_in_the_mark)
{
	struct machine_mark a, b;
	struct machine_span s;
	volatile unsigned long spin = 0;

	machine_mark_take(&a);
	ck_assert(a.known);
	ck_assert_int_gt(a.cpus, 0);
	double until = clock_seconds() + 0.3;
	while (clock_seconds() < until)
		spin++;
	machine_mark_take(&b);
	ck_assert(machine_span_between(&a, &b, &s));
	ck_assert_double_ge(s.wall_s, 0.3);
	/* Descheduled on a busy machine it used less, never more. */
	ck_assert_double_le(b.own_s - a.own_s, s.wall_s + 0.01);
	ck_assert_double_gt(b.own_s - a.own_s, 0);
	/* Others used at most every CPU but what this one did. */
	ck_assert_double_le(s.other_s,
	                    a.cpus * s.wall_s +
	                        machine_load_resolution(a.cpus, s.wall_s) *
	                            s.wall_s);
	ck_assert(!machine_span_between(&b, &a, &s));
	a.known = false;
	ck_assert(!machine_span_between(&a, &b, &s));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {stat_line_parsed, own_time_in_the_mark, NULL};
	return unit_main("machine_load", tests);
}
