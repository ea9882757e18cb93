/*
 * test_speed.c - two benchmarks' speed (dataset/speed.h): pyperf's wall
 * time tested over its workers' means (ID-pyperf.json), else its values;
 * the profile's CPU time per loop of each run; the two figures agreeing,
 * and disagreeing when one side was on the CPU for less of its wall time.
 */
#include <math.h>
#include <stdio.h>

#include "dataset/metadata.h"
#include "dataset/speed.h"
#include "unit.h"

static char why[256];

/*
 * meta.json of a benchmark: 3 runs of 2 values of 10 loops each, pyperf's
 * mean and sd, samples per run at 1000 Hz.
 */
static void
meta_of(struct metadata *m, const char *id, const char *mean,
        const char *per_run, const char *event)
{
	const char *fields[] = {"tool.event",
	                        event,
	                        "tool.frequency",
	                        "1000",
	                        "tool.runs",
	                        "3",
	                        "benchmark.name",
	                        "b",
	                        "benchmark.loops",
	                        "10",
	                        "benchmark.values_per_run",
	                        "2",
	                        "benchmark.mean_seconds",
	                        mean,
	                        "benchmark.stdev_seconds",
	                        "0.001",
	                        "samples.per_run",
	                        per_run,
	                        NULL};

	metadata_init(m);
	ck_assert(metadata_set(m, "id", id, why, sizeof why));
	for (size_t i = 0; fields[i] != NULL; i += 2)
		ck_assert_msg(
		    metadata_set(m, fields[i], fields[i + 1], why, sizeof why),
		    "%s: %s", fields[i], why);
}

/* DIR/ID-pyperf.json: a calibration run, then a run per worker's values. */
static void
pyperf_json(const char *id, const char *const values[3])
{
	char rel[128], text[1024];

	snprintf(text, sizeof text,
	         "{\"benchmarks\": [{\"metadata\": {\"name\": \"b\"}, "
	         "\"runs\": [{\"metadata\": {\"loops\": 10}, \"warmups\": "
	         "[[1, 0.1]]}, {\"metadata\": {}, \"values\": [%s]}, "
	         "{\"metadata\": {}, \"values\": [%s]}, {\"metadata\": {}, "
	         "\"values\": [%s]}]}], \"version\": \"1.0\"}\n",
	         values[0], values[1], values[2]);
	snprintf(rel, sizeof rel, "%s-pyperf.json", id);
	unit_dir_write(rel, text);
	snprintf(rel, sizeof rel, "%s-raw.txt", id);
	unit_dir_write(rel, "");
}

/* A: 0.1 s a loop, on the CPU all along: 2000 samples a run. */
static const char *const a_values[3] = {"0.100, 0.101", "0.099, 0.100",
                                        "0.101, 0.100"};
/* B's wall time: 1.5 times A's. */
static const char *const b_values[3] = {"0.150, 0.151", "0.149, 0.150",
                                        "0.151, 0.150"};

/*
 * A scratch directory with A's and B's pyperf.json and raw files, and
 * their meta.json: A's, and B's with b_per_run samples a run; raw[] their
 * raw files' paths, as compare_speed_of takes them.
 */
static void
two_sides(struct metadata *a, struct metadata *b, const char *b_per_run,
          char raw[2][4096])
{
	unit_dir_make();
	pyperf_json("a-perf-freq1000x3", a_values);
	pyperf_json("b-perf-freq1000x3", b_values);
	snprintf(raw[0], 4096, "%s",
	         unit_dir_path("a-perf-freq1000x3-raw.txt"));
	snprintf(raw[1], 4096, "%s",
	         unit_dir_path("b-perf-freq1000x3-raw.txt"));
	meta_of(a, "a-perf-freq1000x3", "0.1", "2000 2010 1990", "cpu-clock");
	meta_of(b, "b-perf-freq1000x3", "0.15", b_per_run, "cpu-clock");
}

START_TEST(cpu_time_and_workers)
{
	struct metadata a, b;
	struct compare_speed sp;
	char raw[2][4096];

	/* B: 1.5x the CPU time, on the CPU all along too. */
	two_sides(&a, &b, "3000 3010 2990", raw);
	const char *raws[2] = {raw[0], raw[1]};
	ck_assert(compare_speed_of(&a, &b, raws, &sp));
	ck_assert(sp.by_workers);
	ck_assert_uint_eq(sp.workers[0], 3);
	ck_assert_double_eq_tol(sp.ratio, 1.5, 1e-9);
	ck_assert(sp.p < 0.001);
	ck_assert(sp.cpu);
	ck_assert_uint_eq(sp.cpu_runs[1], 3);
	/* 2000 samples / 1000 Hz / (10 loops x 2 values) */
	ck_assert_double_eq_tol(sp.cpu_mean[0], 0.1, 1e-9);
	ck_assert_double_eq_tol(sp.cpu_ratio, 1.5, 1e-9);
	ck_assert(sp.cpu_p < 0.001);
	ck_assert(sp.related);
	ck_assert(!sp.disagree);
	ck_assert_double_eq_tol(sp.on_cpu[0], 1.0, 0.01);
	metadata_free(&a);
	metadata_free(&b);
	unit_dir_remove();
}
END_TEST

/* B's wall time 1.5x, its CPU time A's: B was off the CPU a third. */
START_TEST(wall_and_cpu_disagree)
{
	struct metadata a, b;
	struct compare_speed sp;
	char raw[2][4096];
	char *text = NULL;
	size_t n = 0;

	two_sides(&a, &b, "2000 1990 2005", raw);
	const char *raws[2] = {raw[0], raw[1]};
	ck_assert(compare_speed_of(&a, &b, raws, &sp));
	ck_assert(sp.p < 0.001);
	ck_assert(!(sp.cpu_p <= 0.05));
	ck_assert(sp.disagree);
	ck_assert_double_eq_tol(sp.on_cpu[1], 2.0 / 3, 0.01);
	FILE *f = open_memstream(&text, &n);
	compare_speed_disagreement(f, &sp, NULL);
	fclose(f);
	ck_assert_ptr_nonnull(
	    strstr(text, "**Wall time and CPU time disagree.**"));
	ck_assert_ptr_nonnull(strstr(text, "B takes 1.50× A's time; the "
	                                   "profile's CPU time per loop says "
	                                   "1.00×"));
	ck_assert_ptr_nonnull(strstr(text, "B's 67%"));
	ck_assert_ptr_nonnull(strstr(text, "during B,"));
	ck_assert_ptr_nonnull(strstr(text, "the machine was busy with other "
	                                   "work, or the workload waited"));
	free(text);
	/* B's meta.json knows its machine was busy: said so. */
	static const char *const busy[] = {"machine.other_cpus",
	                                   "1.8",
	                                   "machine.measured_seconds",
	                                   "10",
	                                   "host.cpu_count",
	                                   "2",
	                                   "machine.load_before",
	                                   "2.5",
	                                   "machine.steal_cpus",
	                                   "0",
	                                   NULL};
	for (size_t i = 0; busy[i] != NULL; i += 2)
		ck_assert(
		    metadata_set(&b, busy[i], busy[i + 1], why, sizeof why));
	const struct metadata *const m[2] = {&a, &b};
	f = open_memstream(&text, &n);
	compare_speed_disagreement(f, &sp, m);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "**B's machine was busy**: other "
	                                   "processes kept 1.80 CPUs busy"));
	free(text);
	metadata_free(&a);
	metadata_free(&b);
	unit_dir_remove();
}
END_TEST

/* No pyperf.json: pyperf's values; not a CPU-time event: no CPU time. */
START_TEST(values_and_no_cpu_time)
{
	struct metadata a, b;
	struct compare_speed sp;

	meta_of(&a, "a-perf-freq1000x3", "0.1", "2000 2010 1990", "cycles");
	meta_of(&b, "b-perf-freq1000x3", "0.2", "2000 2010 1990", "cycles");
	ck_assert(compare_speed_of(&a, &b, NULL, &sp));
	ck_assert(!sp.by_workers);
	ck_assert_double_eq_tol(sp.n[0], 6, 1e-9);
	ck_assert(sp.p < 0.001); /* 0.1 and 0.2, sd 0.001, 6 values */
	ck_assert(!sp.cpu);
	ck_assert(!sp.disagree);
	metadata_free(&a);
	metadata_init(&a);
	ck_assert(!compare_speed_of(&a, &b, NULL, &sp)); /* no timing */
	ck_assert(!compare_speed_of(NULL, &b, NULL, &sp));
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {cpu_time_and_workers, wall_and_cpu_disagree,
	                        values_and_no_cpu_time, NULL};
	return unit_main("speed", tests);
}
