/*
 * test_compare_side.c - one side of a comparison (compare/compare_side.h):
 * the meta.json beside a data set's raw file, named by the table of files
 * and read through the metadata table, and the unit of the values.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "compare/compare_side.h"
#include "unit.h"

/* Two runs of one sample each. */
static const char RAW[] = "# perfviews run 1/2\n"
                          "python3 1 1.0: 1 cpu-clock:\n"
                          "\t1 f (/usr/lib/libpython3.12.so.1.0)\n\n"
                          "# perfviews run 2/2\n"
                          "python3 1 2.0: 1 cpu-clock:\n"
                          "\t1 g (/usr/lib/libpython3.12.so.1.0)\n\n";

/* A meta.json of data set id in dir: its event, frequency and loops. */
static void
write_meta(const char *dir, const char *id, const char *event, const char *rest)
{
	char *meta = file_kind_path("meta", dir, id);
	FILE *f = fopen(meta, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f,
	        "{\"id\": \"%s\", \"tool\": {\"event\": \"%s\", "
	        "\"frequency\": 1000}%s}\n",
	        id, event, rest);
	fclose(f);
	free(meta);
}

/* The name of id's raw file (uncompressed: the kind's other suffix). */
static char *
raw_name(const char *id)
{
	return xasprintf("%s%s", id, file_kind_named("raw")->alt_suffix);
}

/* Side s read from the scratch directory's file rel. */
static void
read_side(struct compare_side *s, const char *rel)
{
	struct view_options vo;

	memset(&vo, 0, sizeof vo);
	memset(s, 0, sizeof *s);
	unit_dir_write(rel, RAW);
	compare_side_read(s, unit_dir_path(rel), &vo, false, "A");
}

START_TEST(meta_beside_a_raw_file)
{
	struct compare_side s;
	char *raw = raw_name("d1");

	write_meta(unit_dir_make(), "d1", "cpu-clock",
	           ", \"benchmark\": {\"loops\": 4, \"values_per_run\": 3}");
	read_side(&s, raw);
	ck_assert_uint_eq(s.nruns, 2);
	ck_assert(s.frequency == 1000 && s.loops == 12 && s.scale == 1);
	compare_side_free(&s);
	/* The same text under another name has no data set's meta.json. */
	read_side(&s, "d1.txt");
	ck_assert(s.frequency == 0 && s.loops == 0);
	compare_side_free(&s);
	unit_dir_remove();
	free(raw);
}
END_TEST

START_TEST(meta_of_no_time_event)
{
	struct compare_side s;
	char *raw = raw_name("faults");

	write_meta(unit_dir_make(), "faults", "page-faults", "");
	read_side(&s, raw);
	ck_assert(s.frequency == 0); /* a sample is no length of time */
	compare_side_free(&s);
	/* No meta.json beside: nothing known, no error. */
	char *other = raw_name("other");
	read_side(&s, other);
	ck_assert(s.frequency == 0 && s.loops == 0);
	compare_side_free(&s);
	unit_dir_remove();
	free(other);
	free(raw);
}
END_TEST

static void
read_bad_meta(void *arg)
{
	struct compare_side s;

	FAILURE_EXPECTED();
	read_side(&s, arg);
}

START_TEST(bad_meta_is_fatal)
{
	struct unit_child child;
	char *raw = raw_name("bad");
	char *meta = file_kind_path("meta", unit_dir_make(), "bad");
	char *name = file_kind_name(file_kind_named("meta"), "bad");

	unit_dir_write(name, "{\"tool\": ");
	unit_child_run(read_bad_meta, raw, &child);
	ck_assert_int_eq(child.status, 1);
	ck_assert_msg(strstr(child.err, meta) != NULL &&
	                  strstr(child.err, "not JSON") != NULL,
	              "%s", child.err);
	/* JSON, but not a data set's (no id): refused as well. */
	unit_dir_write(name, "{\"tool\": {\"frequency\": 99}}\n");
	unit_child_run(read_bad_meta, raw, &child);
	ck_assert_int_eq(child.status, 1);
	ck_assert_msg(strstr(child.err, "no \"id\"") != NULL, "%s", child.err);
	unit_dir_remove();
	free(name);
	free(meta);
	free(raw);
}
END_TEST

START_TEST(unit_time_when_both_know)
{
	struct compare_side side[2] = {
	    {.counts_per_weight = 1, .frequency = 1000, .loops = 4, .scale = 1},
	    {.counts_per_weight = 1, .frequency = 500, .loops = 2, .scale = 1},
	};
	bool per_loop;

	ck_assert_int_eq(compare_sides_unit(side, UNIT_AUTO, &per_loop),
	                 UNIT_TIME);
	ck_assert(per_loop);
	/* A sample is 1 ms of A (1000 Hz), over 4 loops; 2 ms of B, over 2. */
	ck_assert(fabs(side[0].scale - 0.25) < 1e-12);
	ck_assert(fabs(side[1].scale - 1) < 1e-12);
	side[1].loops = 0;
	side[0].scale = side[1].scale = 1;
	ck_assert_int_eq(compare_sides_unit(side, UNIT_AUTO, &per_loop),
	                 UNIT_TIME);
	ck_assert(!per_loop); /* per run */
	ck_assert(fabs(side[0].scale - 1) < 1e-12);
	ck_assert(fabs(side[1].scale - 2) < 1e-12);
	/* Shares asked: no scale. */
	side[0].scale = side[1].scale = 1;
	ck_assert_int_eq(compare_sides_unit(side, UNIT_SHARE, &per_loop),
	                 UNIT_SHARE);
	ck_assert(side[0].scale == 1 && side[1].scale == 1);
	/* Weights by period are no sample counts: shares. */
	side[1].counts_per_weight = 0.5;
	ck_assert_int_eq(compare_sides_unit(side, UNIT_AUTO, &per_loop),
	                 UNIT_SHARE);
}
END_TEST

static void
time_of_unknown(void *arg)
{
	struct compare_side side[2] = {
	    {.counts_per_weight = 1, .frequency = 1000, .scale = 1},
	    {.counts_per_weight = 1, .scale = 1},
	};
	bool per_loop;

	(void)arg;
	FAILURE_EXPECTED();
	compare_sides_unit(side, UNIT_TIME, &per_loop);
}

START_TEST(unit_time_refused_when_unknown)
{
	struct unit_child child;

	unit_child_run(time_of_unknown, NULL, &child);
	ck_assert_int_eq(child.status, 2);
	ck_assert_msg(strstr(child.err, "--unit time: B has no meta.json") !=
	                  NULL,
	              "%s", child.err);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {meta_beside_a_raw_file,
	                        meta_of_no_time_event,
	                        bad_meta_is_fatal,
	                        unit_time_when_both_know,
	                        unit_time_refused_when_unknown,
	                        NULL};
	return unit_main("compare_side", tests);
}
