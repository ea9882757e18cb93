/*
 * test_pyperf_result.c - unit tests of pyperf's JSON result and the walk
 * that tells the perf_record hook's files apart (pyperf_result.h): which
 * file of an mtime-ordered list is calibration, warmups or values, for a
 * plain benchmark, a benchmark with variants and a command benchmark (its
 * command the benchmark's, or each run's own), and
 * the refusal of a list that does not fit.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "record/pyperf_result.h"
#include "unit.h"

static char why[512];

/* pyperf's shape: calibration run, then value runs; loops at the top. */
static const char plain[] =
    "{\"benchmarks\": [{\"runs\": ["
    "{\"metadata\": {\"calibrate_loops\": 2, \"duration\": 1.5},"
    " \"warmups\": [[1, 0.2], [2, 0.4]]},"
    "{\"metadata\": {\"duration\": 2.0}, \"warmups\": [[2, 0.1]],"
    " \"values\": [0.1, 0.3]},"
    "{\"metadata\": {\"duration\": 2.5}, \"warmups\": [[2, 0.1]],"
    " \"values\": [0.2, 0.2]}]}],"
    " \"metadata\": {\"name\": \"nbody\", \"loops\": 2,"
    " \"perf_version\": \"2.10.0\"}, \"version\": \"1.0\"}";

/* Two variants: name and loops in each benchmark's own metadata. */
static const char variants[] =
    "{\"benchmarks\": ["
    "{\"metadata\": {\"name\": \"genshi_text\", \"loops\": 8}, \"runs\": ["
    "{\"warmups\": [[1, 0.2]]},"
    "{\"warmups\": [[8, 0.1]], \"values\": [0.1]}]},"
    "{\"metadata\": {\"name\": \"genshi_xml\", \"loops\": 2}, \"runs\": ["
    "{\"warmups\": [[1, 0.2]]},"
    "{\"warmups\": [[2, 0.1]], \"values\": [0.5]}]}],"
    " \"metadata\": {\"description\": \"genshi\"}}";

/* bench_command: a file per warmup and value command, inside each phase. */
static const char command[] =
    "{\"benchmarks\": [{\"runs\": ["
    "{\"warmups\": [[1, 0.02]], \"values\": [0.01, 0.02, 0.03]}]}],"
    " \"metadata\": {\"name\": \"python_startup\","
    " \"command\": \"python -c pass\"}}";

/* stdlib_startup's: its command names a script in a temporary directory
 * of each worker, so pyperf keeps it in each run's metadata. */
static const char command_per_run[] =
    "{\"benchmarks\": [{\"runs\": ["
    "{\"metadata\": {\"calibrate_loops\": 1,"
    " \"command\": \"python /tmp/a/main.py\"},"
    " \"warmups\": [[1, 0.2], [1, 0.2]]},"
    "{\"metadata\": {\"command\": \"python /tmp/b/main.py\"},"
    " \"warmups\": [[1, 0.02]], \"values\": [0.01, 0.02]}]}],"
    " \"metadata\": {\"name\": \"stdlib_startup\", \"loops\": 1}}";

/* Run through perfviews' wrapper: perf for the values only (the marker
 * common to every run, so pyperf keeps it in the benchmark's metadata). */
static const char values_only[] =
    "{\"benchmarks\": [{\"metadata\": {\"perfviews_perf\": \"values\"},"
    " \"runs\": ["
    "{\"metadata\": {\"calibrate_loops\": 2}, \"warmups\": [[1, 0.2]]},"
    "{\"metadata\": {\"hooks\": \"perf_record\"},"
    " \"warmups\": [[2, 0.1]], \"values\": [0.1, 0.3]},"
    "{\"metadata\": {\"hooks\": \"perf_record\"},"
    " \"warmups\": [[2, 0.1]], \"values\": [0.2]}]}],"
    " \"metadata\": {\"name\": \"nbody\", \"loops\": 2}}";

static void
read_text(struct pyperf_result *r, const char *text)
{
	char path[UNIT_PATH];

	unit_temp_file(path, text);
	ck_assert_msg(pyperf_result_read(r, path, why, sizeof why), "%s", why);
	unlink(path);
}

START_TEST(result_reads_runs_and_statistics)
{
	struct pyperf_result r;

	read_text(&r, plain);
	ck_assert_uint_eq(r.count, 1);
	const struct pyperf_benchmark *b = &r.benchmarks[0];
	ck_assert_str_eq(b->name, "nbody");
	ck_assert(!b->command);
	ck_assert_uint_eq(b->nruns, 3);
	ck_assert_uint_eq(b->runs[0].values, 0);
	ck_assert_uint_eq(b->runs[0].warmups, 2);
	ck_assert_uint_eq(b->runs[2].values, 2);
	ck_assert(fabs(b->runs[2].duration - 2.5) < 1e-9);
	ck_assert_uint_eq(b->nvalues, 4);
	ck_assert(fabs(b->mean - 0.2) < 1e-12);
	/* statistics.stdev([0.1, 0.3, 0.2, 0.2]) */
	ck_assert(fabs(pyperf_benchmark_stdev(b) - 0.0816496580927726) < 1e-12);
	ck_assert_str_eq(pyperf_result_meta(&r, 0, "loops"), "2");
	ck_assert_ptr_null(pyperf_result_meta(&r, 0, "command"));
	pyperf_result_free(&r);
}
END_TEST

/* A worker without values calibrated; loops given, there is none. */
START_TEST(result_says_whether_it_calibrated)
{
	struct pyperf_result r;

	read_text(&r, plain);
	ck_assert(pyperf_result_calibrated(&r));
	pyperf_result_free(&r);
	read_text(&r, variants);
	ck_assert(pyperf_result_calibrated(&r));
	pyperf_result_free(&r);
	read_text(&r, command);
	ck_assert(!pyperf_result_calibrated(&r));
	pyperf_result_free(&r);
}
END_TEST

/* One value worker: pyperf keeps its duration and uptime at the top. */
static const char one_run[] =
    "{\"benchmarks\": [{\"runs\": ["
    "{\"warmups\": [[4, 0.25]], \"values\": [0.5, 0.25]}]}],"
    " \"metadata\": {\"name\": \"nbody\", \"loops\": 4, \"inner_loops\": "
    "2, \"duration\": 7.5, \"uptime\": 100.25}}";

START_TEST(result_times_each_run)
{
	struct pyperf_result r;

	read_text(&r, plain);
	const struct pyperf_benchmark *b = &r.benchmarks[0];
	/* calibration: its warmups' loops times their seconds per loop */
	ck_assert(fabs(b->runs[0].warmup_timed - (0.2 + 0.8)) < 1e-9);
	ck_assert(fabs(b->runs[0].timed) < 1e-12);
	/* values x loops (2); a warmup at its own loops */
	ck_assert(fabs(b->runs[1].timed - 0.8) < 1e-9);
	ck_assert(fabs(b->runs[1].warmup_timed - 0.2) < 1e-9);
	ck_assert(fabs(b->runs[1].duration - 2.0) < 1e-9);
	pyperf_result_free(&r);
	read_text(&r, one_run);
	b = &r.benchmarks[0];
	ck_assert(fabs(b->runs[0].timed - 0.75 * 4 * 2) < 1e-9);
	ck_assert(fabs(b->runs[0].warmup_timed - 4 * 0.25 * 2) < 1e-9);
	ck_assert(fabs(b->runs[0].duration - 7.5) < 1e-9);
	ck_assert(fabs(b->runs[0].uptime - 100.25) < 1e-9);
	pyperf_result_free(&r);
}
END_TEST

START_TEST(result_variants_have_their_own_metadata)
{
	struct pyperf_result r;

	read_text(&r, variants);
	ck_assert_uint_eq(r.count, 2);
	ck_assert_int_eq(pyperf_result_find(&r, "genshi_xml"), 1);
	ck_assert_int_eq(pyperf_result_find(&r, "genshi"), -1);
	ck_assert_str_eq(pyperf_result_meta(&r, 0, "loops"), "8");
	ck_assert_str_eq(pyperf_result_meta(&r, 1, "loops"), "2");
	ck_assert_str_eq(pyperf_result_meta(&r, 1, "description"), "genshi");
	ck_assert(fabs(pyperf_benchmark_stdev(&r.benchmarks[1])) < 1e-12);
	pyperf_result_free(&r);
}
END_TEST

START_TEST(walk_labels_calibration_warmups_values)
{
	struct pyperf_result r;
	struct pyperf_file_label l[5];

	read_text(&r, plain);
	ck_assert_msg(pyperf_assign_files(&r, 5, l, why, sizeof why), "%s",
	              why);
	ck_assert_int_eq(l[0].phase, PHASE_CALIBRATION);
	ck_assert_int_eq(l[1].phase, PHASE_WARMUP);
	ck_assert_int_eq(l[2].phase, PHASE_VALUES);
	ck_assert_uint_eq(l[2].run, 1);
	ck_assert_int_eq(l[3].phase, PHASE_WARMUP);
	ck_assert_int_eq(l[4].phase, PHASE_VALUES);
	ck_assert_uint_eq(l[4].run, 2);
	for (int i = 0; i < 5; i++) {
		ck_assert(l[i].outer);
		ck_assert(l[i].kept == (i == 2 || i == 4));
	}
	pyperf_result_free(&r);
}
END_TEST

START_TEST(walk_takes_a_values_only_worker_s_one_file)
{
	struct pyperf_result r;
	struct pyperf_file_label l[5];

	read_text(&r, values_only);
	ck_assert(r.benchmarks[0].runs[0].values_only);
	ck_assert_msg(pyperf_assign_files(&r, 2, l, why, sizeof why), "%s",
	              why);
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(l[i].phase, PHASE_VALUES);
		ck_assert_uint_eq(l[i].run, (size_t)i + 1);
		ck_assert(l[i].outer && l[i].kept);
	}
	ck_assert_str_eq(pyperf_run_meta(&r, 0, 1, "hooks"), "perf_record");
	ck_assert_ptr_null(pyperf_run_meta(&r, 0, 0, "hooks"));
	/* The files of every phase are too many for it. */
	ck_assert(!pyperf_assign_files(&r, 5, l, why, sizeof why));
	pyperf_result_free(&r);
}
END_TEST

START_TEST(walk_follows_variants_in_order)
{
	struct pyperf_result r;
	struct pyperf_file_label l[6];

	read_text(&r, variants);
	ck_assert(pyperf_assign_files(&r, 6, l, why, sizeof why));
	ck_assert_uint_eq(l[2].benchmark, 0);
	ck_assert(l[2].kept);
	ck_assert_uint_eq(l[3].benchmark, 1);
	ck_assert_int_eq(l[3].phase, PHASE_CALIBRATION);
	ck_assert_uint_eq(l[5].benchmark, 1);
	ck_assert(l[5].kept);
	pyperf_result_free(&r);
}
END_TEST

START_TEST(walk_keeps_the_commands_of_a_command_benchmark)
{
	struct pyperf_result r;
	struct pyperf_file_label l[7];

	read_text(&r, command);
	ck_assert(r.benchmarks[0].command);
	/* warmup command, warmups file, 3 value commands, values file */
	ck_assert_msg(pyperf_assign_files(&r, 6, l, why, sizeof why), "%s",
	              why);
	ck_assert_int_eq(l[0].phase, PHASE_INNER_WARMUP);
	ck_assert(!l[0].outer && !l[0].kept);
	ck_assert_int_eq(l[1].phase, PHASE_WARMUP);
	for (int i = 2; i < 5; i++) {
		ck_assert_int_eq(l[i].phase, PHASE_INNER_VALUE);
		ck_assert(l[i].kept && !l[i].outer);
	}
	ck_assert_int_eq(l[5].phase, PHASE_VALUES);
	ck_assert(l[5].outer && !l[5].kept); /* it holds the nested perf */
	ck_assert(!pyperf_assign_files(&r, 7, l, why, sizeof why));
	pyperf_result_free(&r);
}
END_TEST

START_TEST(walk_finds_a_command_in_each_run_s_metadata)
{
	struct pyperf_result r;
	struct pyperf_file_label l[9];

	read_text(&r, command_per_run);
	ck_assert(r.benchmarks[0].command);
	/* calibration: 2 commands and its file; the value worker: a warmup
	 * command and its file, 2 value commands and their file */
	ck_assert_msg(pyperf_assign_files(&r, 8, l, why, sizeof why), "%s",
	              why);
	ck_assert_int_eq(l[1].phase, PHASE_INNER_WARMUP);
	ck_assert(l[2].outer && l[2].phase == PHASE_CALIBRATION);
	ck_assert_uint_eq(l[3].run, 1);
	ck_assert_int_eq(l[4].phase, PHASE_WARMUP);
	ck_assert(l[5].kept && l[6].kept && !l[5].outer);
	ck_assert(l[7].outer && !l[7].kept && l[7].phase == PHASE_VALUES);
	ck_assert(!pyperf_assign_files(&r, 9, l, why, sizeof why));
	pyperf_result_free(&r);
}
END_TEST

START_TEST(walk_refuses_files_out_of_step)
{
	struct pyperf_result r;
	struct pyperf_file_label l[8];

	read_text(&r, plain);
	ck_assert(!pyperf_assign_files(&r, 4, l, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "fewer than pyperf's result"));
	ck_assert(!pyperf_assign_files(&r, 6, l, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "accounts for 5"));
	pyperf_result_free(&r);
}
END_TEST

START_TEST(result_rejects_what_is_not_pyperf)
{
	static const char *const bad[] = {
	    "[1, 2]", "{\"benchmarks\": []}", "not json",
	    "{\"benchmarks\": [{\"runs\": [{\"values\": [\"x\"]}]}]}"};
	struct pyperf_result r;
	char path[UNIT_PATH];

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		unit_temp_file(path, bad[i]);
		ck_assert_msg(!pyperf_result_read(&r, path, why, sizeof why),
		              "accepted %s", bad[i]);
		unlink(path);
	}
	ck_assert(
	    !pyperf_result_read(&r, "/nonexistent/x.json", why, sizeof why));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {result_reads_runs_and_statistics,
	                        result_says_whether_it_calibrated,
	                        result_times_each_run,
	                        result_variants_have_their_own_metadata,
	                        walk_labels_calibration_warmups_values,
	                        walk_takes_a_values_only_worker_s_one_file,
	                        walk_follows_variants_in_order,
	                        walk_keeps_the_commands_of_a_command_benchmark,
	                        walk_finds_a_command_in_each_run_s_metadata,
	                        walk_refuses_files_out_of_step,
	                        result_rejects_what_is_not_pyperf,
	                        NULL};
	return unit_main("pyperf_result", tests);
}
