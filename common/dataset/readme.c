/*
 * readme.c - see readme.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/readme.h"

/* A field for prose: its value, "none" for an empty list, or "unknown". */
static const char *
known(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);
	if (v == NULL)
		return "unknown";
	return *v == '\0' ? "none" : v;
}

static const char *
id_or_die(const struct metadata *m)
{
	const char *id = metadata_get(m, "id");
	if (id == NULL)
		die(EXIT_DATA, "meta.json without an id");
	return id;
}

/* Text inside a Markdown table cell: '|' and newlines would break it. */
static void
put_cell(FILE *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
}

/* The '#' header and the first rows of a flat view, quoted. */
static void
quote_flat(FILE *out, const char *path, int rows)
{
	int fd = input_open(path);
	FILE *f = fdopen(fd, "r");
	char *line = NULL;
	size_t cap = 0;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	fputs("```\n", out);
	while (rows > 0 && getline(&line, &cap, f) != -1) {
		fputs(line, out);
		if (line[0] != '#')
			rows--;
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", path);
	fputs("```\n", out);
	free(line);
	fclose(f);
}

static void
describe(FILE *out, const struct metadata *m)
{
	const char *runs = known(m, "tool.runs");

	fprintf(out,
	        "`%s` profiled with %s %s: event %s at %s Hz, %s call graphs, "
	        "%s run%s combined, %s samples in all.\n",
	        known(m, "workload.command"), known(m, "tool.name"),
	        known(m, "tool.version"), known(m, "tool.event"),
	        known(m, "tool.frequency"), known(m, "tool.call_graph"), runs,
	        strcmp(runs, "1") == 0 ? "" : "s", known(m, "samples.total"));
	fprintf(out, "Recorded %s on %s (%s, %s CPUs, Linux %s).\n",
	        known(m, "timestamp"), known(m, "host.hostname"),
	        known(m, "host.cpu_model"), known(m, "host.cpu_count"),
	        known(m, "host.kernel"));
	fprintf(out,
	        "Python: %s, at %s; source %s, branch %s, revision %s.\n\n",
	        known(m, "python.version"), known(m, "python.executable"),
	        known(m, "python.build.git_remote"),
	        known(m, "python.build.git_branch"),
	        known(m, "python.build.git_revision"));
}

/* The table of the files a README sits among (recorded and views). */
static void
files_table(FILE *out, const char *id, const struct readme_options *opt)
{
	const char *raw = opt->raw;

	fputs("## Files\n\n| kind | file | what it is | how to read it |\n"
	      "|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		char *path = k->origin == FILE_OPTIONAL && opt->dir != NULL
		                 ? file_kind_find(k, opt->dir, id)
		                 : NULL;
		free(path);
		if (k->origin != FILE_RECORDED && k->origin != FILE_VIEW &&
		    path == NULL)
			continue;
		char *name = file_kind_name(k, id);
		const char *shown =
		    strcmp(k->kind, "raw") == 0 && raw ? raw : name;
		fprintf(out, "| %s | [%s](%s) | %s | %s |\n", k->kind, shown,
		        shown, k->what, k->how);
		free(name);
	}
	fputc('\n', out);
}

/* "Recording took ...", when the timings are known. */
static void
timings(FILE *out, const struct metadata *m)
{
	static const char *const parts[][2] = {
	    {"timing.record_seconds", "perf record"},
	    {"timing.script_seconds", "perf script"},
	    {"timing.compress_seconds", "compression"},
	    {"timing.other_seconds", "the rest"},
	};
	double total = 0;

	for (size_t i = 0; i < 4; i++) {
		const char *v = metadata_get(m, parts[i][0]);
		if (v == NULL)
			return;
		total += strtod(v, NULL);
	}
	fprintf(out, "Recording took %.1f s: ", total);
	for (size_t i = 0; i < 4; i++)
		fprintf(out, "%s %.1f s%s", parts[i][1],
		        strtod(metadata_get(m, parts[i][0]), NULL),
		        i < 3 ? ", " : ".\n\n");
}

static void
metadata_table(FILE *out, const struct metadata *m)
{
	bool bench = metadata_get(m, "benchmark.name") != NULL;

	fputs("## Metadata\n\n| field | value |\n|---|---|\n", out);
	for (size_t i = 0; i < meta_field_count; i++) {
		const char *v = m->values[i];
		if (!bench &&
		    strncmp(meta_fields[i].path, "benchmark.", 10) == 0)
			continue; /* not a benchmark: the section says nothing
			           */
		if (strcmp(meta_fields[i].path, "timing.views_seconds") == 0)
			continue; /* set once the views, this one too, exist */
		fprintf(out, "| %s | ", meta_fields[i].path);
		if (v == NULL || *v == '\0') {
			fputs(v == NULL ? "unknown" : "none", out);
		} else {
			fputc('`', out);
			put_cell(out, v);
			fputc('`', out);
		}
		fputs(" |\n", out);
	}
}

void
readme_seconds(char *buf, size_t size, double seconds)
{
	static const struct {
		double scale;
		const char *unit;
	} units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
	size_t u = 0;

	while (u < 3 && seconds < units[u].scale)
		u++;
	double x = seconds / units[u].scale;
	snprintf(buf, size, "%.*f %s",
	         x >= 100  ? 0
	         : x >= 10 ? 1
	                   : 2,
	         x, units[u].unit);
}

/* A pyperformance benchmark: what ran, its timing, what was kept. */
static void
benchmark(FILE *out, const struct metadata *m)
{
	const char *name = metadata_get(m, "benchmark.name");
	const char *result = known(m, "benchmark.result");
	const char *mean = metadata_get(m, "benchmark.mean_seconds");
	const char *stdev = metadata_get(m, "benchmark.stdev_seconds");
	const char *bare = metadata_get(m, "benchmark.unprofiled_mean_seconds");
	char a[32], b[32];

	if (name == NULL)
		return;
	fprintf(out, "## The benchmark\n\npyperformance %s's benchmark `%s`",
	        known(m, "benchmark.pyperformance_version"), name);
	const char *variants = known(m, "benchmark.variants");
	if (strcmp(name, result) != 0)
		fprintf(out, ", its variant `%s`", result);
	if (strchr(variants, ' ') != NULL)
		fprintf(out, " (the run gave %s, each a data set of its own)",
		        variants);
	fprintf(out,
	        ", run by pyperf %s with its `perf_record` hook: perf was "
	        "enabled only around the timed loops.  %s workers (the runs), "
	        "each %s warmup(s) and %s value(s) of %s loop(s).\n\n",
	        known(m, "benchmark.pyperf_version"), known(m, "tool.runs"),
	        known(m, "benchmark.warmups_per_run"),
	        known(m, "benchmark.values_per_run"),
	        known(m, "benchmark.loops"));
	if (mean != NULL && stdev != NULL) {
		readme_seconds(a, sizeof a, strtod(mean, NULL));
		readme_seconds(b, sizeof b, strtod(stdev, NULL));
		fprintf(out,
		        "Timing of the profiled run, per loop: %s ± %s (mean ± "
		        "standard deviation of every value; pyperf's JSON is "
		        "the `pyperf` file).  ",
		        a, b);
	}
	if (bare != NULL && mean != NULL && strtod(bare, NULL) > 0) {
		double ratio = strtod(mean, NULL) / strtod(bare, NULL);
		readme_seconds(a, sizeof a, strtod(bare, NULL));
		readme_seconds(
		    b, sizeof b,
		    strtod(known(m, "benchmark.unprofiled_stdev_seconds"),
		           NULL));
		fprintf(out,
		        "Without the profiler, same loops: %s ± %s, so the "
		        "profiler made it %.1f%% %s.\n\n",
		        a, b, fabs(ratio - 1) * 100,
		        ratio >= 1 ? "slower" : "faster (noise)");
	} else {
		fputs("How much the profiler slowed it down was not measured "
		      "(`make record OVERHEAD=1` measures it).\n\n",
		      out);
	}
	fprintf(out, "Runs kept: %s.  Dropped: %s.\n\n",
	        known(m, "benchmark.selection"), known(m, "benchmark.dropped"));
}

void
readme_write(FILE *out, const struct metadata *m,
             const struct readme_options *opt)
{
	const char *id = id_or_die(m);

	fprintf(out, "# Profile data set %s\n\n", id);
	describe(out, m);
	benchmark(out, m);
	files_table(out, id, opt);
	if (opt->flat != NULL) {
		fprintf(out,
		        "## Top functions\n\nBy self samples, from "
		        "`%s-flat.txt`:\n\n",
		        id);
		quote_flat(out, opt->flat, 10);
		fputc('\n', out);
	}
	fprintf(out, "## How it was made\n\n```\n%s\n```\n\n",
	        known(m, "tool.record_command"));
	if (metadata_get(m, "benchmark.name") != NULL)
		fprintf(
		    out,
		    "by pyperf's `perf_record` hook, attached to each worker "
		    "of `%s`; the `perf script` text of each value worker's "
		    "perf.data appended to the raw file; then `make views "
		    "ID=%s` ran collapse, flatsort, calltree, bydso and "
		    "flamesvg on it.\n\n",
		    known(m, "workload.command"), id);
	else
		fprintf(
		    out,
		    "once per run, `perf script` of each run appended to the "
		    "raw file; then `make views ID=%s` ran collapse, "
		    "flatsort, calltree, bydso and flamesvg on it.\n\n",
		    id);
	timings(out, m);
	metadata_table(out, m);
}

void
readme_subtitle(FILE *out, const struct metadata *m)
{
	const char *python = known(m, "python.version");

	/* sys.version: the number, then build details. */
	fprintf(out,
	        "%s | %s %s %s Hz, %s stacks, %s run(s), %s samples | Python "
	        "%.*s | %s, %s\n",
	        known(m, "workload.command"), known(m, "tool.name"),
	        known(m, "tool.event"), known(m, "tool.frequency"),
	        known(m, "tool.call_graph"), known(m, "tool.runs"),
	        known(m, "samples.total"), (int)strcspn(python, " "), python,
	        known(m, "host.hostname"), known(m, "timestamp"));
}

/* One row: the data set, and a link to each of its files in dir. */
static void
index_row(FILE *out, const char *dir, const struct metadata *m)
{
	const char *id = id_or_die(m);
	const char *version = known(m, "python.version");

	fprintf(out, "| [%s](%s-README.md) | %.10s | ", id, id,
	        known(m, "timestamp"));
	put_cell(out, known(m, "workload.command"));
	fprintf(out, " | %.*s | ", (int)strcspn(version, " "), version);
	put_cell(out, known(m, "python.build.git_revision"));
	fprintf(out, " | %s |", known(m, "samples.total"));
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		char *path = file_kind_find(k, dir, id);
		if (path != NULL && k->origin != FILE_README)
			fprintf(out, " [%s](%s)", k->kind,
			        strrchr(path, '/') + 1);
		free(path);
	}
	fputs(" |\n", out);
}

void
readme_index(FILE *out, const char *dir, char *const metas[], size_t n)
{
	fputs("# Profile data sets\n\n"
	      "Profiles of programs recorded with Linux `perf` and rendered "
	      "by perfviews.  Each row is one data set, named by its ID, "
	      "`WORKLOAD-perf-freqHZ[xRUNS][-TAG...]`: the workload, the "
	      "profiler, the sampling frequency in Hz, the number of runs "
	      "combined (1 when absent) and tags (`nosite`: Python ran with "
	      "`-S`; `xperf`: with `-X perf`).  The ID links the data set's "
	      "README: how it was made, its top functions and all its "
	      "metadata.\n\n"
	      "| ID | date | workload | Python | revision | samples | files "
	      "|\n|---|---|---|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		struct metadata m;
		metadata_read_or_die(&m, metas[i]);
		index_row(out, dir, &m);
		metadata_free(&m);
	}
	fputs("\n## The files of a data set\n\n"
	      "| kind | file | what it is | how to read it |\n"
	      "|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		fprintf(out, "| %s | `ID%s`", k->kind, k->suffix);
		if (k->alt_suffix != NULL)
			fprintf(out, " or `ID%s`", k->alt_suffix);
		fprintf(out, " | %s | %s |\n", k->what, k->how);
	}
}

void
readme_write_file(FILE *out, const char *meta, struct readme_options *opt,
                  bool subtitle)
{
	struct metadata m;
	const char *slash = strrchr(meta, '/');
	char *dir = slash != NULL ? xstrndup(meta, (size_t)(slash - meta))
	                          : xstrdup(".");

	metadata_read_or_die(&m, meta);
	opt->dir = *dir != '\0' ? dir : "/";
	if (subtitle)
		readme_subtitle(out, &m);
	else
		readme_write(out, &m, opt);
	free(dir);
	metadata_free(&m);
}
