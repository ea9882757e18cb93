/*
 * speed.c - see speed.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_flat.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/trust.h"
#include "dataset/runs.h"
#include "dataset/speed.h"
#include "stats/significance.h"

/* Ratios closer than this are one figure, whatever the test says. */
#define SPEED_AGREE 1.05

/* A decimal field, or NaN. */
static double
decimal(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);

	return v != NULL ? strtod(v, NULL) : NAN;
}

/* The values of a side, per run. */
struct side {
	double *wall; /* pyperf's mean per loop of each worker, or NULL */
	size_t nwall;
	double *cpu; /* the profile's CPU seconds per loop of each run */
	size_t ncpu;
};

/*
 * Each run's CPU seconds per loop: its samples / frequency / (loops x
 * values per run), for an event that counts CPU time.  None otherwise.
 */
static void
cpu_per_run(const struct metadata *m, struct side *s)
{
	const char *event = metadata_get(m, "tool.event");
	const char *samples = metadata_get(m, "samples.per_run");
	double hz = decimal(m, "tool.frequency");
	double loops = decimal(m, "benchmark.loops") *
	               decimal(m, "benchmark.values_per_run");

	if (event == NULL || samples == NULL ||
	    (strcmp(event, "cpu-clock") != 0 &&
	     strcmp(event, "task-clock") != 0) ||
	    !(hz > 0) || !(loops > 0))
		return;
	size_t cap = 0;
	for (const char *p = samples; *p != '\0';) {
		char *end;
		double n = strtod(p, &end);
		if (end == p)
			break;
		s->cpu =
		    array_reserve(s->cpu, &cap, s->ncpu + 1, sizeof *s->cpu);
		s->cpu[s->ncpu++] = n / hz / loops;
		p = end;
	}
}

/*
 * Each pyperf worker's mean value (seconds per loop), from the data set's
 * ID-pyperf.json: the runs of its benchmark (the one meta.json names, or
 * the only one) that hold values, in order.  None without that file.
 */
static void
wall_per_run(const struct metadata *m, const char *raw, struct side *s)
{
	const char *name = metadata_get(m, "benchmark.name");
	struct json_flat doc;
	char path[64], why[256];
	size_t cap = 0;

	if (raw == NULL)
		return;
	char *dir = file_kind_dir(raw), *id = raw_dataset_name(raw);
	char *file = file_kind_find(file_kind_named("pyperf"), dir, id);
	free(dir);
	free(id);
	if (file == NULL || !json_flat_read_file(file, &doc, why, sizeof why)) {
		free(file);
		return;
	}
	free(file);
	size_t b = 0;
	for (size_t k = 0;; k++) {
		snprintf(path, sizeof path, "benchmarks.%zu.metadata.name", k);
		const struct json_entry *e = json_flat_find(&doc, path);
		if (e == NULL)
			break;
		if (name != NULL && e->value != NULL &&
		    strcmp(e->value, name) == 0)
			b = k;
	}
	for (size_t r = 0;; r++) {
		double sum = 0;
		size_t n = 0;
		snprintf(path, sizeof path, "benchmarks.%zu.runs.%zu.metadata",
		         b, r);
		bool run = false;
		for (size_t i = 0; i < doc.count && !run; i++)
			run = strncmp(doc.entries[i].path, path,
			              strlen(path) - strlen("metadata")) == 0;
		if (!run)
			break;
		for (;; n++) {
			snprintf(path, sizeof path,
			         "benchmarks.%zu.runs.%zu.values.%zu", b, r, n);
			const struct json_entry *e = json_flat_find(&doc, path);
			if (e == NULL || e->kind != JSON_NUMBER)
				break;
			sum += strtod(e->value, NULL);
		}
		if (n == 0)
			continue; /* calibration: no values */
		s->wall =
		    array_reserve(s->wall, &cap, s->nwall + 1, sizeof *s->wall);
		s->wall[s->nwall++] = sum / (double)n;
	}
	json_flat_free(&doc);
}

/* pyperf's own figures, from meta.json; false when it has none. */
static bool
pyperf_values(const struct metadata *m, struct compare_speed *sp, int s)
{
	sp->mean[s] = decimal(m, "benchmark.mean_seconds");
	sp->sd[s] = decimal(m, "benchmark.stdev_seconds");
	sp->n[s] =
	    decimal(m, "tool.runs") * decimal(m, "benchmark.values_per_run");
	return !isnan(sp->mean[s]) && !isnan(sp->sd[s]) && sp->mean[s] > 0;
}

/* Welch's p over two sides' runs; NaN with fewer than 2 a side. */
static double
runs_p(const double *a, size_t na, const double *b, size_t nb)
{
	if (na < 2 || nb < 2)
		return NAN;
	return welch_t_test(a, na, b, nb).p;
}

/* The wall-time test: over workers when both sides give them. */
static void
wall_test(const struct side side[2], struct compare_speed *sp)
{
	sp->p = NAN;
	sp->by_workers = side[0].nwall >= 2 && side[1].nwall >= 2;
	sp->workers[0] = side[0].nwall;
	sp->workers[1] = side[1].nwall;
	if (sp->by_workers)
		sp->p = runs_p(side[0].wall, side[0].nwall, side[1].wall,
		               side[1].nwall);
	else if (sp->n[0] >= 2 && sp->n[1] >= 2)
		sp->p = welch_t_test_summary(sp->mean[0], sp->sd[0] * sp->sd[0],
		                             (size_t)sp->n[0], sp->mean[1],
		                             sp->sd[1] * sp->sd[1],
		                             (size_t)sp->n[1])
		            .p;
}

/* The CPU-time figures, and how they relate to the wall time. */
static void
cpu_test(const struct side side[2], struct compare_speed *sp)
{
	sp->cpu = side[0].ncpu > 0 && side[1].ncpu > 0;
	if (!sp->cpu)
		return;
	for (int s = 0; s < 2; s++) {
		sp->cpu_runs[s] = side[s].ncpu;
		sp->cpu_mean[s] = stats_mean(side[s].cpu, side[s].ncpu);
		sp->cpu_sd[s] =
		    side[s].ncpu > 1
		        ? sqrt(stats_variance(side[s].cpu, side[s].ncpu))
		        : 0;
	}
	sp->cpu = sp->cpu_mean[0] > 0 && sp->cpu_mean[1] > 0;
	if (!sp->cpu)
		return;
	sp->cpu_ratio = sp->cpu_mean[1] / sp->cpu_mean[0];
	sp->cpu_p =
	    runs_p(side[0].cpu, side[0].ncpu, side[1].cpu, side[1].ncpu);
	/* CPU over wall, run by run: the runs must be the same workers. */
	sp->related = side[0].nwall == side[0].ncpu &&
	              side[1].nwall == side[1].ncpu && side[0].ncpu > 0 &&
	              side[1].ncpu > 0;
	if (!sp->related)
		return;
	double *q[2];
	for (int s = 0; s < 2; s++) {
		q[s] = xcalloc(side[s].ncpu, sizeof *q[s]);
		for (size_t r = 0; r < side[s].ncpu; r++)
			q[s][r] = side[s].wall[r] > 0
			              ? side[s].cpu[r] / side[s].wall[r]
			              : 0;
		sp->on_cpu[s] = stats_mean(q[s], side[s].ncpu);
	}
	sp->related_p = runs_p(q[0], side[0].ncpu, q[1], side[1].ncpu);
	double apart = sp->ratio > sp->cpu_ratio ? sp->ratio / sp->cpu_ratio
	                                         : sp->cpu_ratio / sp->ratio;
	sp->disagree = !isnan(sp->related_p) && sp->related_p <= 0.05 &&
	               apart > SPEED_AGREE;
	free(q[0]);
	free(q[1]);
}

bool
compare_speed_of(const struct metadata *a, const struct metadata *b,
                 const char *const raw[2], struct compare_speed *sp)
{
	const struct metadata *m[2] = {a, b};
	struct side side[2];

	memset(sp, 0, sizeof *sp);
	memset(side, 0, sizeof side);
	for (int s = 0; s < 2; s++)
		if (m[s] == NULL || !pyperf_values(m[s], sp, s))
			return false;
	sp->ratio = sp->mean[1] / sp->mean[0];
	for (int s = 0; s < 2; s++) {
		wall_per_run(m[s], raw != NULL ? raw[s] : NULL, &side[s]);
		cpu_per_run(m[s], &side[s]);
	}
	wall_test(side, sp);
	cpu_test(side, sp);
	for (int s = 0; s < 2; s++) {
		free(side[s].wall);
		free(side[s].cpu);
	}
	return true;
}

const char *
compare_speed_verdict(double p)
{
	return p <= 0.05 ? "**beyond**" : "not beyond";
}

void
compare_speed_disagreement(FILE *out, const struct compare_speed *sp,
                           const struct metadata *const meta[2])
{
	char busy[2][512];

	if (!sp->disagree)
		return;
	int slow = sp->on_cpu[0] < sp->on_cpu[1] ? 0 : 1;
	const char *side = slow == 0 ? "A" : "B";
	for (int s = 0; s < 2; s++)
		if (meta == NULL || meta[s] == NULL ||
		    !trust_busy(meta[s], busy[s], sizeof busy[s]))
			busy[s][0] = '\0';
	fprintf(out,
	        "**Wall time and CPU time disagree.**  pyperf's wall time "
	        "says B takes %.2f× A's time; the profile's CPU time per "
	        "loop says %.2f×.  A's process was on the CPU %.0f%% of its "
	        "wall time, B's %.0f%% (p = %.2g): during %s, something that "
	        "CPU time does not count took time: ",
	        sp->ratio, sp->cpu_ratio, 100 * sp->on_cpu[0],
	        100 * sp->on_cpu[1], sp->related_p, side);
	if (busy[slow][0] != '\0')
		fprintf(out, "**%s's machine was busy**: %s.  ", side,
		        busy[slow]);
	else if (meta != NULL && meta[slow] != NULL &&
	         metadata_get(meta[slow], "machine.other_cpus") != NULL)
		fprintf(out,
		        "%s's meta.json says its machine was quiet, so the "
		        "workload waited (sleep, I/O, locks), which wall time "
		        "counts.  ",
		        side);
	else
		fputs("the machine was busy with other work, or the workload "
		      "waited (sleep, I/O, locks), which wall time counts.  ",
		      out);
	fputs("For what the code costs, believe the CPU time (and the "
	      "functions below, which are CPU time); for what a user waits, "
	      "the wall time, measured again on a quiet machine.\n\n",
	      out);
}
