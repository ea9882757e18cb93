/*
 * suite_time.c - see suite_time.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "suite/suite_time.h"

static const char *const part_fields[NPARTS] = {
    "timing.setup_seconds",       "timing.environment_seconds",
    "timing.calibration_seconds", "timing.worker_start_seconds",
    "timing.warmup_seconds",      "timing.hook_seconds",
    "timing.loops_seconds",       "timing.post_seconds"};

_Static_assert((int)NPARTS == (int)META_TIME_PARTS,
               "a part each of meta.json's");

static const char *const part_names[NPARTS] = {
    "set-up",  "environment",     "calibration", "worker start-up",
    "warmups", "perf and pyperf", "timed loops", "post-processing"};

/* What each part is, for the README. */
static const char *const part_about[NPARTS] = {
    "perfviews' checks and metadata, pyperformance's and pyperf's start "
    "up to the first worker, the result written",
    "pyperformance making or checking (pip) the benchmark's virtual "
    "environment: once per suite, the later recordings skip it",
    "pyperf's calibration worker, which finds the loops per value: none "
    "when the loops file has the benchmark's",
    "between pyperf's workers: one exits, the next starts (the "
    "interpreter, the benchmark's imports)",
    "each value worker's warmup values, which are not profiled",
    "the rest of the value workers' time: perf's start and stop around "
    "each phase (pyperf's perf_record hook), pyperf's metadata",
    "the value workers' timed loops: what the profile covers",
    "perf.data to text (perfviews script), the checks, compression"};

/* A number field of m, or -1 when null. */
static double
number(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);
	return v != NULL && *v != '\0' ? strtod(v, NULL) : -1;
}

/* Did the log's run record it: an "ok" step for id, or for recorded? */
static bool
in_log(const char *log, const char *id, const char *recorded)
{
	FILE *f = log != NULL ? fopen(log, "re") : NULL;
	char *line = NULL;
	size_t cap = 0;
	bool found = false;

	while (f != NULL && getline(&line, &cap, f) != -1) {
		char *tab = strncmp(line, "done\t", 5) == 0
		                ? strchr(line + 5, '\t')
		                : NULL;
		if (tab == NULL)
			continue;
		*tab = '\0';
		char *status = strchr(tab + 1, '\t');
		bool ok = status != NULL && strncmp(status + 1, "ok", 2) == 0;
		if (ok &&
		    (strcmp(line + 5, id) == 0 ||
		     (recorded != NULL && strcmp(line + 5, recorded) == 0)))
			found = true;
	}
	free(line);
	if (f != NULL)
		fclose(f);
	return found;
}

/* The log's run: its start, and its steps' seconds. */
static void
read_run(struct suite_time *t, const char *log)
{
	FILE *f = log != NULL ? fopen(log, "re") : NULL;
	char *line = NULL;
	size_t cap = 0;
	double start = 0;

	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "start\t", 6) == 0)
			start = strtod(line + 6, NULL);
		char *tab = strncmp(line, "done\t", 5) == 0
		                ? strchr(line + 5, '\t')
		                : NULL;
		if (tab == NULL)
			continue;
		t->steps += strtod(tab + 1, NULL);
		t->nsteps++;
	}
	free(line);
	if (f != NULL)
		fclose(f);
	if (start > 0)
		t->wall = clock_wall_seconds() - start;
}

static struct suite_recording *
recording_of(struct suite_time *t, const char *bench, const char *timestamp)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->recs[i].bench, bench) == 0 &&
		    strcmp(t->recs[i].timestamp, timestamp) == 0)
			return &t->recs[i];
	t->recs = array_reserve(t->recs, &t->cap, t->n + 1, sizeof *t->recs);
	struct suite_recording *r = &t->recs[t->n++];
	memset(r, 0, sizeof *r);
	r->bench = xstrdup(bench);
	r->timestamp = xstrdup(timestamp);
	r->total = -1;
	return r;
}

/* One data set: its recording's parts, its profiled CPU time. */
static void
add_dataset(struct suite_time *t, const char *data, const char *log,
            const char *id)
{
	struct metadata m;
	struct dataset_id d;
	char why[512];
	char *path = file_kind_path("meta", data, id);

	metadata_init(&m);
	if (!metadata_read_json(&m, path, why, sizeof why) ||
	    !dataset_id_parse(id, &d, why, sizeof why)) {
		metadata_free(&m);
		free(path);
		return;
	}
	const char *bench = metadata_get(&m, "benchmark.name");
	const char *stamp = metadata_get(&m, "timestamp");
	struct suite_recording *r = recording_of(
	    t, bench != NULL ? bench : id + 3, stamp != NULL ? stamp : "");
	double samples = number(&m, "samples.total");
	double hz = number(&m, "tool.frequency");
	if (samples > 0 && hz > 0)
		r->cpu += samples / hz;
	r->total = number(&m, "timing.total_seconds");
	for (int p = 0; p < NPARTS; p++) {
		r->part[p] = number(&m, part_fields[p]);
		if (r->part[p] < 0)
			r->total = -1; /* recorded before the parts were kept */
	}
	const char *env = metadata_get(&m, "benchmark.environment");
	free(r->environment);
	r->environment = env != NULL ? xstrdup(env) : NULL;
	r->from_loops = metadata_get(&m, "benchmark.loops_file") != NULL;
	char *recorded =
	    bench != NULL ? xasprintf("bm_%s%s", bench, id + strlen(d.workload))
	                  : NULL;
	r->this_run = in_log(log, id, recorded);
	free(recorded);
	dataset_id_free(&d);
	metadata_free(&m);
	free(path);
}

void
suite_time_read(struct suite_time *t, const char *data, const char *log,
                char *const ids[], size_t n)
{
	memset(t, 0, sizeof *t);
	read_run(t, log);
	for (size_t i = 0; i < n; i++)
		add_dataset(t, data, log, ids[i]);
	for (size_t i = 0; i < t->n; i++) {
		const struct suite_recording *r = &t->recs[i];
		if (!r->this_run)
			continue;
		t->run_cpu += r->cpu;
		if (r->total < 0)
			continue;
		t->run_recs++;
		t->run_total += r->total;
		for (int p = 0; p < NPARTS; p++)
			t->run_part[p] += r->part[p];
	}
}

void
suite_time_free(struct suite_time *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->recs[i].bench);
		free(t->recs[i].timestamp);
		free(t->recs[i].environment);
	}
	free(t->recs);
	memset(t, 0, sizeof *t);
}

static double
share(double part, double whole)
{
	return whole > 0 ? 100 * part / whole : 0;
}

/* A row's cells after the name: wall, profiled, share, the parts. */
static void
row(FILE *out, double total, double cpu, const double part[NPARTS])
{
	fprintf(out, " %.1f | %.1f | %.1f%% |", total, cpu, share(cpu, total));
	for (int p = 0; p < NPARTS; p++)
		fprintf(out, " %.1f |", part[p]);
	fputc('\n', out);
}

void
suite_time_readme(FILE *out, const struct suite_time *t)
{
	unsigned from_loops = 0, skipped = 0, shown = 0;

	fputs("\n## Where the time went\n\n", out);
	if (t->wall > 0 && t->nsteps > 0)
		fprintf(
		    out,
		    "This run of make suite: %.0f s from its start to this "
		    "README; profiled %.1f CPU-s, **%.1f%%** of it (the "
		    "samples ÷ the frequency of the data sets it "
		    "recorded).  Its %u recording%s took %.0f s, the views, "
		    "this README and make the other %.0f s.\n\n",
		    t->wall, t->run_cpu, share(t->run_cpu, t->wall), t->nsteps,
		    t->nsteps == 1 ? "" : "s", t->steps,
		    t->wall > t->steps ? t->wall - t->steps : 0);
	else if (t->wall > 0)
		fprintf(out,
		        "This run of make suite recorded nothing (every data "
		        "set was there): %.0f s for the views and this "
		        "README.\n\n",
		        t->wall);
	size_t with_parts = 0;
	for (size_t i = 0; i < t->n; i++)
		with_parts += t->recs[i].total >= 0;
	if (with_parts == 0) {
		fprintf(out,
		        "No recording of this suite has the parts of its time "
		        "(recorded before meta.json kept them).\n");
		return;
	}
	fputs("Each recording's wall time in seconds (views aside), its "
	      "profiled CPU time (samples ÷ frequency) and that share of the "
	      "wall time, and where the rest went; the parts sum to the wall "
	      "time.  A row in italics was recorded before this run.\n\n"
	      "| recording | wall s | profiled CPU-s | profiled |",
	      out);
	for (int p = 0; p < NPARTS; p++)
		fprintf(out, " %s |", part_names[p]);
	fputs("\n|---|--:|--:|--:|", out);
	for (int p = 0; p < NPARTS; p++)
		fputs("--:|", out);
	fputc('\n', out);
	for (size_t i = 0; i < t->n; i++) {
		const struct suite_recording *r = &t->recs[i];
		if (r->total < 0)
			continue;
		shown++;
		fprintf(out, r->this_run ? "| %s |" : "| *%s* |", r->bench);
		row(out, r->total, r->cpu, r->part);
		from_loops += r->from_loops;
		skipped += r->environment != NULL &&
		           strstr(r->environment, "earlier") != NULL;
	}
	if (t->run_recs > 1) {
		fprintf(out, "| **this run's %u** |", t->run_recs);
		row(out, t->run_total, t->run_cpu, t->run_part);
	}
	if (shown < t->n)
		fprintf(out,
		        "\n%zu recording%s of this suite %s no parts (recorded "
		        "before meta.json kept them).\n",
		        t->n - shown, t->n - shown == 1 ? "" : "s",
		        t->n - shown == 1 ? "has" : "have");
	fprintf(out,
	        "\nOf %u recording%s shown, %u took %s loops from the suite's "
	        "loops file (no calibration worker), and %u skipped the "
	        "environment check, done earlier in the same run.  The "
	        "parts:\n\n",
	        shown, shown == 1 ? "" : "s", from_loops,
	        from_loops == 1 ? "its" : "their", skipped);
	for (int p = 0; p < NPARTS; p++)
		fprintf(out, "- **%s**: %s.\n", part_names[p], part_about[p]);
}

void
suite_time_summary(FILE *out, const char *suite, const struct suite_time *t)
{
	if (t->wall <= 0)
		return;
	fprintf(out, "suite %s: %.0f s, profiled %.1f CPU-s (%.1f%%)", suite,
	        t->wall, t->run_cpu, share(t->run_cpu, t->wall));
	if (t->run_recs > 0) {
		fprintf(out, "; %u recording%s %.0f s:", t->run_recs,
		        t->run_recs == 1 ? "" : "s", t->run_total);
		for (int p = 0; p < NPARTS; p++)
			fprintf(out, "%s %s %.0f s", p ? "," : "",
			        part_names[p], t->run_part[p]);
	}
	fprintf(out, "; views, README and the rest %.0f s\n",
	        t->wall > t->run_total ? t->wall - t->run_total : 0);
}
