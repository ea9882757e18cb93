/*
 * test_bench_loops.c - unit tests of a suite's loops file (bench_loops.h):
 * made from a result, extended and replaced without losing the loops it
 * had, read back as pyperformance reads it (a benchmark's own metadata,
 * else the file's), and a file that is not one refused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json_flat.h"
#include "record/bench_loops.h"
#include "unit.h"

static char why[512];

static void
read_result(struct pyperf_result *r, const char *text)
{
	char path[UNIT_PATH];

	unit_temp_file(path, text);
	ck_assert_msg(pyperf_result_read(r, path, why, sizeof why), "%s", why);
	unlink(path);
}

/* Benchmark i's metadata value key in the file read as doc, or NULL. */
static const char *
loops_at(const struct json_flat *doc, int i, const char *key)
{
	char path[64];
	snprintf(path, sizeof path, "benchmarks.%d.metadata.%s", i, key);
	const struct json_entry *e = json_flat_find(doc, path);
	return e != NULL ? e->value : NULL;
}

START_TEST(loops_file_made_then_extended)
{
	struct pyperf_result nbody, variants;
	struct json_flat doc;
	bool has;
	const char *dir = unit_dir_make();
	char file[512];

	snprintf(file, sizeof file, "%s/sub/loops.json", dir);

	read_result(&nbody, "{\"benchmarks\": [{\"runs\": [{\"values\": "
	                    "[0.1]}]}], \"metadata\": {\"name\": \"nbody\", "
	                    "\"loops\": 4}}");
	read_result(&variants,
	            "{\"benchmarks\": ["
	            "{\"metadata\": {\"name\": \"genshi_text\", \"loops\": 8},"
	            " \"runs\": [{\"values\": [0.1]}]},"
	            "{\"metadata\": {\"name\": \"nbody\", \"loops\": 2},"
	            " \"runs\": [{\"values\": [0.1]}]}], \"metadata\": {}}");
	ck_assert(!bench_loops_usable(file, "nbody", &has) && !has);
	char *json = bench_loops_json(file); /* none yet */
	ck_assert_str_eq(json, "{}");
	free(json);
	bench_loops_add(file, &nbody); /* its directory made */
	ck_assert(bench_loops_usable(file, "nbody", &has) && has);
	ck_assert(bench_loops_usable(file, "richards", &has) && !has);
	bench_loops_add(file, &variants); /* nbody replaced, genshi added */
	ck_assert_msg(json_flat_read_file(file, &doc, why, sizeof why), "%s",
	              why);
	ck_assert_str_eq(loops_at(&doc, 0, "name"), "nbody");
	ck_assert_str_eq(loops_at(&doc, 0, "loops"), "2");
	ck_assert_str_eq(loops_at(&doc, 1, "name"), "genshi_text");
	ck_assert_str_eq(loops_at(&doc, 1, "loops"), "8");
	ck_assert_ptr_null(loops_at(&doc, 2, "name"));
	ck_assert_ptr_nonnull(json_flat_find(&doc, "metadata.about"));
	/* What a runscript of variants is given (pyperformance.c). */
	json = bench_loops_json(file);
	ck_assert_str_eq(json, "{\"nbody\": 2, \"genshi_text\": 8}");
	free(json);
	json = bench_loops_json(NULL);
	ck_assert_str_eq(json, "{}");
	free(json);
	json_flat_free(&doc);
	pyperf_result_free(&nbody);
	pyperf_result_free(&variants);
	unit_dir_remove();
}
END_TEST

/*
 * A pyperf result file is a loops file: its loops at the top.  It is the
 * user's: loops calibrated later are not added to it (it would lose its
 * values), and a warning says so.
 */
START_TEST(loops_file_may_be_a_result)
{
	static const char text[] =
	    "{\"benchmarks\": [{\"runs\": [{\"values\": "
	    "[0.1]}]}], \"metadata\": {\"name\": \"nbody\", "
	    "\"loops\": 4}}";
	char path[UNIT_PATH];
	struct pyperf_result richards;
	bool has;

	unit_temp_file(path, text);
	ck_assert(bench_loops_usable(path, "nbody", &has) && has);
	read_result(&richards, "{\"benchmarks\": [{\"runs\": [{\"values\": "
	                       "[0.1]}]}], \"metadata\": {\"name\": "
	                       "\"richards\", \"loops\": 2}}");
	unit_stderr_begin();
	bench_loops_add(path, &richards);
	const char *err = unit_stderr_end();
	ck_assert_msg(strstr(err, "not a loops file perfviews wrote") != NULL &&
	                  strstr(err, path) != NULL,
	              "%s", err);
	ck_assert_str_eq(unit_file_text(path), text);
	ck_assert(bench_loops_usable(path, "richards", &has) && !has);
	pyperf_result_free(&richards);
	unlink(path);
}
END_TEST

/*
 * pyperformance's --same-loops reads the file's top-level "metadata" for
 * every benchmark: a hand-made file without one is given to it as a copy
 * written as perfviews writes a loops file.
 */
START_TEST(loops_file_copied_as_ours)
{
	char path[UNIT_PATH], to[UNIT_PATH + 8];
	struct json_flat doc;
	bool has;

	unit_temp_file(path, "{\"benchmarks\": ["
	                     "{\"metadata\": {\"name\": \"nbody\", "
	                     "\"loops\": 4}, \"runs\": []},"
	                     "{\"metadata\": {\"name\": \"chaos\"}},"
	                     "{\"metadata\": {\"name\": \"go\", "
	                     "\"loops\": 2}}]}");
	ck_assert(bench_loops_usable(path, "go", &has) && has);
	snprintf(to, sizeof to, "%s.copy", path);
	bench_loops_copy(path, to);
	ck_assert_msg(json_flat_read_file(to, &doc, why, sizeof why), "%s",
	              why);
	ck_assert_ptr_nonnull(json_flat_find(&doc, "metadata.about"));
	ck_assert_str_eq(loops_at(&doc, 0, "name"), "nbody");
	ck_assert_str_eq(loops_at(&doc, 0, "loops"), "4");
	ck_assert_str_eq(loops_at(&doc, 1, "name"), "go"); /* chaos: none */
	ck_assert_str_eq(loops_at(&doc, 1, "loops"), "2");
	ck_assert_ptr_null(loops_at(&doc, 2, "name"));
	ck_assert_ptr_null(json_flat_find(&doc, "benchmarks.0.runs"));
	json_flat_free(&doc);
	unlink(to);
	unlink(path);
}
END_TEST

static void
use(void *arg)
{
	bool has;
	bench_loops_usable(arg, "nbody", &has);
}

START_TEST(loops_file_refused_when_not_one)
{
	char path[UNIT_PATH];
	struct unit_child c;

	unit_temp_file(path, "{\"benchmarks\": [{\"metadata\": {}}]}");
	unit_child_run(use, path, &c);
	unlink(path);
	ck_assert_int_eq(c.status, 1);
	ck_assert_msg(strstr(c.err, "not a loops file") != NULL &&
	                  strstr(c.err, path) != NULL,
	              "%s", c.err);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    loops_file_made_then_extended, loops_file_may_be_a_result,
	    loops_file_copied_as_ours, loops_file_refused_when_not_one, NULL};
	return unit_main("bench_loops", tests);
}
