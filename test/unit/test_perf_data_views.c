/*
 * test_perf_data_views.c - every view of a perf.data from one read
 * (dataset/perf_data_views.h): the views' default name, and what is not
 * a perf.data file refused before anything is written.  That each view
 * is its program's output is test/t-perfdata.sh's, on real recordings.
 */
#include <stdio.h>
#include <unistd.h>

#include "pages/perf_data_views.h"
#include "unit.h"

static void
name_is(const char *path, const char *want)
{
	char *got = perf_data_views_name(path);
	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(default_name)
{
	name_is("perf.data", "perf");
	name_is("/tmp/x/steady.data", "steady");
	name_is("dir/run.data.old", "run.data.old");
	name_is("rec", "rec");
	/* Nothing left of the name: it stays whole. */
	name_is(".data", ".data");
	name_is("a/.data", ".data");
}
END_TEST

static void
write_views(void *arg)
{
	perf_data_views_write(arg);
}

START_TEST(not_perf_data)
{
	unit_dir_make();
	unit_dir_write("text.txt", "python 1 1.000000: 1 cpu-clock:\n"
	                           "\t1 f+0x1 (/a)\n\n");
	struct perf_data_views v = {unit_dir_path("text.txt"),
	                            unit_dir_path("out"), "n", NULL};
	struct unit_child c;

	unit_child_run(write_views, &v, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_msg(strstr(c.err, "text.txt: not a perf.data file") != NULL,
	              "%s", c.err);
	ck_assert_int_ne(access(unit_dir_path("out"), F_OK), 0);

	struct perf_data_views none = {unit_dir_path("none.data"),
	                               unit_dir_path("out"), "n", NULL};
	unit_child_run(write_views, &none, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_msg(strstr(c.err, "none.data: No such file") != NULL, "%s",
	              c.err);
	ck_assert_int_ne(access(unit_dir_path("out"), F_OK), 0);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {default_name, not_perf_data, NULL};
	return unit_main("perf_data_views", tests);
}
