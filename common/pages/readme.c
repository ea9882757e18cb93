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
#include "dataset/trust.h"
#include "dataset/measure.h"
#include "pages/publish_manifest.h"
#include "dataset/dataset_id.h"
#include "pages/readme.h"
#include "pages/short_paths.h"
#include "os/machine_load.h"

static const char *
id_or_die(const struct metadata *m)
{
	const char *id = metadata_get(m, "id");
	if (id == NULL)
		die(EXIT_DATA, "meta.json without an id");
	return id;
}

void
readme_cell(FILE *out, const char *s)
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

/* Text inside HTML: '<', '>' and '&' as entities. */
static void
put_html(FILE *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '<')
			fputs("&lt;", out);
		else if (*s == '>')
			fputs("&gt;", out);
		else if (*s == '&')
			fputs("&amp;", out);
		else
			fputc(*s, out);
	}
}

void
readme_quote(FILE *out, const char *path, int rows, bool html)
{
	int fd = input_open(path);
	FILE *f = input_stream(fd);
	char *line = NULL;
	size_t cap = 0;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	fputs(html ? "<pre>\n" : "```\n", out);
	while (rows > 0 && getline(&line, &cap, f) != -1) {
		if (html)
			put_html(out, line);
		else
			fputs(line, out);
		if (line[0] != '#')
			rows--;
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", path);
	fputs(html ? "</pre>\n" : "```\n", out);
	free(line);
	fclose(f);
	input_close(fd);
}

const char *
readme_unit(const struct metadata *m)
{
	const char *unit = metadata_get(m, "samples.unit");
	return unit != NULL ? unit : measure_of_meta(m)->unit;
}

/* The machine's state while it recorded, in one line. */
static void
machine_line(FILE *out, const struct metadata *m)
{
	if (metadata_get(m, "machine.other_cpus") == NULL) {
		fputs("The machine's state while it recorded is unknown.\n",
		      out);
		return;
	}
	fprintf(out,
	        "While it recorded (over %s s): load average %s, then %s; "
	        "other processes kept %s CPUs busy on average; steal %s "
	        "CPUs.\n",
	        metadata_known(m, "machine.measured_seconds"),
	        metadata_known(m, "machine.load_before"),
	        metadata_known(m, "machine.load_after"),
	        metadata_known(m, "machine.other_cpus"),
	        metadata_known(m, "machine.steal_cpus"));
	const char *governor = metadata_get(m, "machine.governor");
	const char *pyperf = metadata_get(m, "machine.pyperf_system");
	if (governor != NULL)
		fprintf(out, "CPU frequency governor: %s.\n", governor);
	if (pyperf != NULL) {
		fputs("pyperf's checks: ", out);
		readme_cell(out, pyperf);
		fputs(".\n", out);
	}
}

static void
describe(FILE *out, const struct metadata *m)
{
	if (metadata_get(m, "made_from") != NULL)
		fprintf(
		    out,
		    "**Its metadata is unknown**: this data set came as its "
		    "raw file alone (%s), so meta.json holds what the "
		    "text tells (samples, runs, events, commands) and null "
		    "elsewhere.\n\n",
		    metadata_get(m, "made_from"));
	const struct measure *ms = measure_of_meta(m);
	const char *runs = metadata_known(m, "tool.runs"), *palette;
	const char *event =
	    ms->label != NULL ? ms->label : metadata_known(m, "tool.event");

	if (metadata_get(m, "tool.period") != NULL)
		fprintf(out,
		        "`%s` recorded with %s %s: every event a sample (%s; "
		        "`perf record -c %s`, the ID's frequency has no "
		        "effect), ",
		        metadata_known(m, "workload.command"),
		        metadata_known(m, "tool.name"),
		        metadata_known(m, "tool.version"), event,
		        metadata_known(m, "tool.period"));
	else
		fprintf(out, "`%s` profiled with %s %s: event %s at %s Hz, ",
		        metadata_known(m, "workload.command"),
		        metadata_known(m, "tool.name"),
		        metadata_known(m, "tool.version"), event,
		        metadata_known(m, "tool.frequency"));
	fprintf(out, "%s call graphs, %s run%s combined, %s %s in all.\n",
	        metadata_known(m, "tool.call_graph"), runs,
	        strcmp(runs, "1") == 0 ? "" : "s",
	        metadata_known(m, "samples.total"), readme_unit(m));
	char distorted[1024], busy[1024];
	if (trust_busy(m, busy, sizeof busy))
		fprintf(out, "\n**The machine was busy**: %s.\n\n", busy);
	if (trust_distortion(m, distorted, sizeof distorted))
		fprintf(out,
		        "\n**The profiler distorted this workload**: %s.\n\n",
		        distorted);
	measure_call_graph_note(out, m);
	const char *lost = metadata_get(m, "samples.lost");
	if (lost != NULL && strcmp(lost, "0") != 0)
		fprintf(out,
		        "**perf lost %s samples** (its ring buffer was full): "
		        "the counts are short by that many.\n",
		        lost);
	fprintf(out, "Recorded %s on %s (%s, %s CPUs, Linux %s).\n",
	        metadata_known(m, "timestamp"),
	        metadata_known(m, "host.hostname"),
	        metadata_known(m, "host.cpu_model"),
	        metadata_known(m, "host.cpu_count"),
	        metadata_known(m, "host.kernel"));
	machine_line(out, m);
	const char *options = metadata_get(m, "python.build.options");
	fprintf(out,
	        "Python: %s, at %s; build options %s; source %s, branch %s, "
	        "revision %s.\n\n",
	        metadata_known(m, "python.version"),
	        metadata_known(m, "python.executable"),
	        options == NULL    ? "unknown"
	        : *options == '\0' ? "none (no pgo, lto, debug, "
	                             "free-threading, jit, shared)"
	                           : options,
	        metadata_known(m, "python.build.git_remote"),
	        metadata_known(m, "python.build.git_branch"),
	        metadata_known(m, "python.build.git_revision"));
	measure_palette(m, &palette);
	fprintf(out, "The flame graph is drawn with %s.\n\n", palette);
}

/* What one sample is, and the samples of each event. */
static void
what_is_counted(FILE *out, const struct metadata *m)
{
	const struct measure *ms = measure_of_meta(m);
	const char *by_event = metadata_get(m, "samples.by_event");

	if (ms->about == NULL)
		return;
	fprintf(out, "## What is counted\n\n%s\n", ms->about);
	if (by_event != NULL && *by_event != '\0')
		fprintf(out, "Samples by event: `%s`.\n\n", by_event);
	if (ms->kind == MEASURE_FAULTS && by_event != NULL &&
	    strstr(by_event, "major-faults=") == NULL)
		fputs("No major fault: every page the program needed was "
		      "in memory already.\n\n",
		      out);
}

/*
 * Who looks files up (the callers view beside the files view, ID-callers.txt
 * in its directory) beside what they look up (the files view).
 */
static void
side_by_side(FILE *out, const char *id, const char *files)
{
	size_t n = strlen(files);
	char *callers = xmalloc(n + 8);

	if (n > 10 && strcmp(files + n - 10, "-files.txt") == 0)
		snprintf(callers, n + 8, "%.*s-callers.txt", (int)(n - 10),
		         files);
	else
		snprintf(callers, n + 8, "%s", files);
	fputs("## Who looks files up, and what they look up\n\n", out);
	if (access(callers, R_OK) != 0) {
		fprintf(out, "From `%s-files.txt`:\n\n", id);
		readme_quote(out, files, 24, false);
		fputc('\n', out);
		free(callers);
		return;
	}
	fprintf(out,
	        "<table>\n<tr><th>who: the functions that make the calls, "
	        "and their callers (perf, <code>%s-callers.txt</code>)</th>\n"
	        "<th>what: the paths they are about (strace, "
	        "<code>%s-files.txt</code>)</th></tr>\n<tr><td>\n",
	        id, id);
	readme_quote(out, callers, 24, true);
	fputs("</td><td>\n", out);
	readme_quote(out, files, 24, true);
	fputs("</td></tr>\n</table>\n\n"
	      "perf counts the calls of its tracepoints: the open, stat, "
	      "access, readlink, list and close columns of the files view "
	      "(and execve, chdir, mkdir, unlink, rename... among other); "
	      "strace also traces the calls on descriptors (read, lseek, "
	      "mmap, ioctl, fcntl: io and other).\n\n",
	      out);
	free(callers);
}

/* The table of the files a README sits among (recorded and views). */
static void
files_table(FILE *out, const struct metadata *m,
            const struct readme_options *opt)
{
	const char *id = id_or_die(m);
	const char *raw = opt->raw;
	char *dir = opt->meta != NULL ? file_kind_dir(opt->meta) : NULL;

	fputs("## Files\n\n| kind | file | what it is | how to read it |\n"
	      "|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		/* Optional files (pyperf's JSON) are listed where they are. */
		char *path = k->origin == FILE_OPTIONAL && dir != NULL
		                 ? file_kind_find(k, dir, id)
		                 : NULL;
		free(path);
		if ((k->origin != FILE_RECORDED && k->origin != FILE_VIEW &&
		     path == NULL) ||
		    !file_kind_applies(k, m))
			continue;
		char *name = file_kind_name(k, id);
		const char *shown =
		    strcmp(k->kind, "raw") == 0 && raw ? raw : name;
		fprintf(out, "| %s | [%s](%s) | %s | %s |\n", k->kind, shown,
		        shown, k->what, k->how);
		free(name);
	}
	free(dir);
	fputc('\n', out);
}

/*
 * "Recording took ...", when the timings are known: the steps named as the
 * recording named them on the terminal.
 */
static void
timings(FILE *out, const struct metadata *m)
{
	const char *const parts[][2] = {
	    {"timing.record_seconds", metadata_get(m, "benchmark.name") != NULL
	                                  ? "pyperformance"
	                                  : "perf record"},
	    {"timing.script_seconds", "perfviews script"},
	    {"timing.compress_seconds", "compression"},
	    {"timing.strace_seconds", "the run under strace"},
	    {"timing.other_seconds", "the rest"},
	};
	double total = 0;

	for (size_t i = 0; i < 5; i++) {
		const char *v = metadata_get(m, parts[i][0]);
		if (v == NULL && i != 3) /* strace: only for tag files */
			return;
		total += v != NULL ? strtod(v, NULL) : 0;
	}
	fprintf(out, "Recording took %.1f s: ", total);
	for (size_t i = 0; i < 5; i++)
		if (metadata_get(m, parts[i][0]) != NULL)
			fprintf(out, "%s %.1f s%s", parts[i][1],
			        strtod(metadata_get(m, parts[i][0]), NULL),
			        i < 4 ? ", " : ".\n\n");
}

/* Two values of a field alike: both null, or the same text. */
static bool
alike(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

void
readme_metadata_table(FILE *out, const struct metadata *const m[],
                      const char *const heads[], size_t n)
{
	bool bench = false;

	for (size_t k = 0; k < n; k++)
		bench |= metadata_get(m[k], "benchmark.name") != NULL;
	fputs("| field |", out);
	for (size_t k = 0; k < n; k++) {
		fputc(' ', out);
		readme_cell(out, heads[k]);
		fputs(" |", out);
	}
	fputs("\n|---|", out);
	for (size_t k = 0; k < n; k++)
		fputs("---|", out);
	fputc('\n', out);
	for (size_t i = 0; i < meta_field_count; i++) {
		bool differ = false;
		if (!bench && metadata_bench_only(meta_fields[i].path))
			continue; /* not a benchmark: these say nothing */
		if (strcmp(meta_fields[i].path, "timing.views_seconds") == 0)
			continue; /* set once the views, this one too, exist */
		for (size_t k = 1; k < n; k++)
			differ |= !alike(m[0]->values[i], m[k]->values[i]);
		fprintf(out, differ ? "| **%s** |" : "| %s |",
		        meta_fields[i].path);
		for (size_t k = 0; k < n; k++) {
			const char *v = m[k]->values[i];
			if (v == NULL || *v == '\0') {
				fprintf(out, " %s |",
				        v == NULL ? "unknown" : "none");
				continue;
			}
			fputs(" `", out);
			readme_cell(out, v);
			fputs("` |", out);
		}
		fputc('\n', out);
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
	const char *result = metadata_known(m, "benchmark.result");
	const char *mean = metadata_get(m, "benchmark.mean_seconds");
	const char *stdev = metadata_get(m, "benchmark.stdev_seconds");
	const char *bare = metadata_get(m, "benchmark.unprofiled_mean_seconds");
	char a[32], b[32];

	if (name == NULL)
		return;
	fprintf(out, "## The benchmark\n\npyperformance %s's benchmark `%s`",
	        metadata_known(m, "benchmark.pyperformance_version"), name);
	const char *variants = metadata_known(m, "benchmark.variants");
	if (strcmp(name, result) != 0)
		fprintf(out, ", its variant `%s`", result);
	if (strchr(variants, ' ') != NULL)
		fprintf(out, " (the run gave %s, each a data set of its own)",
		        variants);
	fprintf(out,
	        ", run by pyperf %s with its `perf_record` hook: perf was "
	        "enabled only around the timed loops.  %s workers (the runs), "
	        "each %s warmup(s) and %s value(s) of %s loop(s).\n\n",
	        metadata_known(m, "benchmark.pyperf_version"),
	        metadata_known(m, "tool.runs"),
	        metadata_known(m, "benchmark.warmups_per_run"),
	        metadata_known(m, "benchmark.values_per_run"),
	        metadata_known(m, "benchmark.loops"));
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
		    strtod(
		        metadata_known(m, "benchmark.unprofiled_stdev_seconds"),
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
	        metadata_known(m, "benchmark.selection"),
	        metadata_known(m, "benchmark.dropped"));
}

void
readme_write(FILE *out, const struct metadata *m,
             const struct readme_options *opt)
{
	const char *id = id_or_die(m);

	fprintf(out, "# Profile data set %s\n\n", id);
	if (opt->shortfall != NULL)
		fprintf(out,
		        "**The raw file is incomplete**: %s; the counts below "
		        "are meta.json's, of the recording, and every view "
		        "shows only what was read.\n\n",
		        opt->shortfall);
	describe(out, m);
	benchmark(out, m);
	files_table(out, m, opt);
	readme_viewers(out, id, opt->raw);
	what_is_counted(out, m);
	if (opt->files != NULL) {
		side_by_side(out, id, opt->files);
	} else if (opt->flat != NULL) {
		fprintf(out,
		        "## Top functions\n\nBy self %s, from "
		        "`%s-flat.txt`.  A sample whose leaf frame perf "
		        "printed as inlined counts for the inlined function, "
		        "as `perf script` shows it; `perf report` gives it to "
		        "the function it was inlined into, which `flatsort "
		        "--inline caller` does too (on dwarf recordings the "
		        "two orders can differ).\n\n",
		        readme_unit(m), id);
		readme_quote(out, opt->flat, 10, false);
		fputc('\n', out);
	}
	if (opt->bytecode != NULL) {
		fprintf(
		    out,
		    "## Top bytecode instructions\n\nCPython's eval loop "
		    "(`_PyEval_EvalFrameDefault`) by instruction, by self "
		    "%s, from `%s-bytecode.txt` (`bytecode`): self is the "
		    "instruction's own code, inlined helpers included; "
		    "total adds the C functions it called.  The header says "
		    "how many samples were placed, or why none could be; "
		    "`bytecode --by family` sums the specialisations.\n\n",
		    readme_unit(m), id);
		readme_quote(out, opt->bytecode, 10, false);
		fputc('\n', out);
	}
	if (opt->python != NULL) {
		fprintf(out,
		        "## Top Python functions\n\nBy self %s, from "
		        "`%s-python.txt` (`pyprofile`): a function's self is "
		        "the samples whose innermost Python frame it is, split "
		        "by the category of the native code they were in; the "
		        "harness (pyperf, pyperformance) comes last.  Its "
		        "callers and callees are in the file, the Python call "
		        "tree in `%s-python-flamegraph.svg`.\n\n",
		        readme_unit(m), id, id);
		readme_quote(out, opt->python, 8, false);
		fputc('\n', out);
	}
	if (opt->categories != NULL) {
		fprintf(out,
		        "## Where the %s go, by category\n\nEach sample "
		        "counts for the category of its leaf function, by "
		        "the first rule of bycategory's CPython rules that "
		        "matches it (`%s-categories.txt`; the bar: "
		        "`%s-categories.svg`).  `unknown` is what no rule "
		        "names: a new or renamed CPython function shows up "
		        "there.\n\n",
		        readme_unit(m), id, id);
		readme_quote(out, opt->categories, 40, false);
		fputc('\n', out);
	}
	fprintf(out, "## How it was made\n\n```\n%s\n```\n\n",
	        metadata_known(m, "tool.record_command"));
	if (metadata_get(m, "benchmark.name") != NULL)
		fprintf(out,
		        "by pyperf's `perf_record` hook, attached to each "
		        "worker of `%s`; the `perf script` text of each value "
		        "worker's perf.data appended to the raw file",
		        metadata_known(m, "workload.command"));
	else
		fputs("once per run, `perf script` of each run appended to "
		      "the raw file",
		      out);
	if (metadata_get(m, "strace.command") != NULL)
		fprintf(
		    out,
		    "; then one more run of the workload (%s in all), under "
		    "strace, for the names of the files:\n\n```\n%s\n```"
		    "\n\nIts text is `%s-strace.txt.xz`",
		    strtoul(metadata_known(m, "tool.runs"), NULL, 10) +
		                strtoul(metadata_known(m, "strace.runs"), NULL,
		                        10) ==
		            2
		        ? "two"
		        : "several",
		    metadata_get(m, "strace.command"), id);
	fprintf(out,
	        "; then `make views ID=%s` ran collapse, flatsort, calltree, "
	        "bydso%s%s%s and flamesvg on it.\n\n",
	        id,
	        metadata_get(m, "strace.command") != NULL ? ", fileaccess" : "",
	        opt->python != NULL ? ", pyprofile" : "",
	        opt->bytecode != NULL ? ", bytecode" : "");
	timings(out, m);
	fputs("## Metadata\n\n", out);
	readme_metadata_table(out, &m, (const char *const[]){"value"}, 1);
}

void
readme_subtitle(FILE *out, const struct metadata *m)
{
	const char *python = metadata_known(m, "python.version");

	const struct measure *ms = measure_of_meta(m);
	bool every = metadata_get(m, "tool.period") != NULL;

	/* sys.version: the number, then build details. */
	fprintf(
	    out,
	    "%s | %s %s %s%s, %s stacks, %s run(s), %s %s | Python "
	    "%.*s | %s, %s\n",
	    metadata_known(m, "workload.command"),
	    metadata_known(m, "tool.name"),
	    ms->label != NULL ? ms->label : metadata_known(m, "tool.event"),
	    every ? "every event" : metadata_known(m, "tool.frequency"),
	    every ? "" : " Hz", metadata_known(m, "tool.call_graph"),
	    metadata_known(m, "tool.runs"), metadata_known(m, "samples.total"),
	    readme_unit(m), (int)strcspn(python, " "), python,
	    metadata_known(m, "host.hostname"), metadata_known(m, "timestamp"));
}

/* One row: the data set, and a link to each of its files in dir. */
static void
index_row(FILE *out, const char *dir, const struct metadata *m)
{
	const char *id = id_or_die(m);
	const char *version = metadata_known(m, "python.version");

	fprintf(out, "| [%s](%s-README.md) | %.10s | ", id, id,
	        metadata_known(m, "timestamp"));
	readme_cell(out, metadata_known(m, "workload.command"));
	fprintf(out, " | %.*s | ", (int)strcspn(version, " "), version);
	readme_cell(out, metadata_known(m, "python.build.git_revision"));
	fprintf(out, " | %s |", metadata_known(m, "samples.total"));
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
readme_viewers(FILE *out, const char *id, const char *raw)
{
	const char *name = id != NULL ? id : "ID";
	char *xz =
	    raw != NULL ? xstrdup(raw) : xasprintf("%s-raw.txt.xz", name);
	size_t n = strlen(xz);
	bool compressed = n > 3 && strcmp(xz + n - 3, ".xz") == 0;
	char *text = xstrndup(xz, compressed ? n - 3 : n);

	fputs(id != NULL ? "## Opening it in speedscope or Firefox Profiler\n\n"
	                 : "### speedscope and Firefox Profiler\n\n",
	      out);
	fputs("Both run in the browser, on your machine: the file is read "
	      "there, not uploaded (Firefox Profiler uploads a profile only "
	      "when you ask it to share one).",
	      out);
	if (compressed)
		fprintf(out,
		        "  Decompress the raw file first: `xz -dc %s > %s`.",
		        xz, text);
	fprintf(out,
	        "\n\n- [speedscope](https://www.speedscope.app/): drop `%s` "
	        "on the page (or Browse): a profile per thread of each run (a "
	        "run is a process of its own), each on its own time line; "
	        "`%s-folded.txt` opens too, as one profile of every sample, "
	        "without times.\n"
	        "- [Firefox Profiler](https://profiler.firefox.com/): Load a "
	        "profile from file, `%s`: every run's threads on one time "
	        "line, with a call tree and a flame graph.  It knows `perf "
	        "script` text by its first line, `# ========`: the header "
	        "perfviews writes in perf's form (a raw file recorded before "
	        "perfviews wrote one needs that line put first).\n\n",
	        text, name, text);
	free(xz);
	free(text);
}

/* " [label](NAME-PART)", when dir has that file. */
static void
link_if_there(FILE *out, const char *dir, const char *name, const char *part,
              const char *label)
{
	char *path = xasprintf("%s/%s-%s", dir, name, part);

	if (access(path, F_OK) == 0)
		fprintf(out, " [%s](%s-%s)", label, name, part);
	free(path);
}

/*
 * A comparison's first cells, name being "A-vs-B" split at vs: "B against
 * A" linking its README, then A and B linking theirs, sep between them.
 */
static void
index_pair(FILE *out, const char *name, const char *vs, const char *sep)
{
	int alen = (int)(vs - name);

	fprintf(out,
	        "| [%s against %.*s](%s-README.md) | "
	        "[%.*s](%.*s-README.md)%s[%s](%s-README.md) |",
	        vs + 4, alen, name, name, alen, name, alen, name, sep, vs + 4,
	        vs + 4);
}

/* The index's rows of comparisons: each links both data sets. */
static void
index_comparisons(FILE *out, const char *dir, const struct readme_index *ix)
{
	if (ix->ncomparisons == 0)
		return;
	fputs("## Comparisons\n\n"
	      "Data set B against data set A: the functions whose time per "
	      "loop (or share, where pyperf's loops are not known) changed "
	      "by more than run-to-run noise, and B's flame graph coloured "
	      "by what changed.  Each README says what is compared (two "
	      "Python builds, say) and what else differs between the two "
	      "recordings that makes the comparison unfair (host, event, "
	      "frequency...).\n\n"
	      "| comparison | A | B | files |\n|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < ix->ncomparisons; i++) {
		const char *name = ix->comparisons[i];
		const char *vs = strstr(name, "-vs-");
		if (vs == NULL)
			continue;
		index_pair(out, name, vs, " | ");
		link_if_there(out, dir, name, "diff.txt", "diff");
		link_if_there(out, dir, name, "diffgraph.svg", "diffgraph");
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* The index's rows of suites. */
static void
index_suites(FILE *out, const char *dir, const struct readme_index *ix)
{
	if (ix->nsuites == 0)
		return;
	fputs("## Suites\n\n"
	      "pyperformance benchmarks recorded at one setting: a row per "
	      "data set with its top functions and its shares by "
	      "category.  *loops*: the iterations of each benchmark's timed "
	      "loop, as pyperf calibrated them; give it to another build's "
	      "`make suite LOOPS=FILE` to run the same loops.  "
	      "*definition*: the suite's data sets (here, beside it), for "
	      "`perfviews compare-suites` against another suite.\n\n"
	      "| suite | files |\n|---|---|\n",
	      out);
	for (size_t i = 0; i < ix->nsuites; i++) {
		const char *name = ix->suites[i];
		fprintf(out, "| [%s](%s-README.md) |", name, name);
		link_if_there(out, dir, name, "categories.svg", "categories");
		link_if_there(out, dir, name, "categories.txt",
		              "categories table");
		link_if_there(out, dir, name, "loops.json", "loops");
		link_if_there(out, dir, name, "suite.json", "definition");
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* Is name[0..n) one of the index's suites? */
static bool
index_suite(const struct readme_index *ix, const char *name, size_t n)
{
	for (size_t i = 0; i < ix->nsuites; i++)
		if (strlen(ix->suites[i]) == n &&
		    strncmp(ix->suites[i], name, n) == 0)
			return true;
	return false;
}

/*
 * The index's rows of comparisons of two suites: "S1-vs-S2" split where
 * both halves are suites of the index (a suite's name may hold "-vs-").
 */
static void
index_suite_comparisons(FILE *out, const char *dir,
                        const struct readme_index *ix)
{
	if (ix->nsuite_comparisons == 0)
		return;
	fputs("## Suites compared\n\n"
	      "Two suites, benchmark by benchmark (`perfviews "
	      "compare-suites`): the timing ratios, and the categories and "
	      "functions that changed most; each benchmark's comparison is "
	      "under *Comparisons*.\n\n"
	      "| comparison | suites | files |\n|---|---|---|\n",
	      out);
	for (size_t i = 0; i < ix->nsuite_comparisons; i++) {
		const char *name = ix->suite_comparisons[i];
		const char *vs = strstr(name, "-vs-");
		while (vs != NULL &&
		       !(index_suite(ix, name, (size_t)(vs - name)) &&
		         index_suite(ix, vs + 4, strlen(vs + 4))))
			vs = strstr(vs + 1, "-vs-");
		if (vs == NULL)
			continue; /* not two suites of the index */
		index_pair(out, name, vs, " ");
		link_if_there(out, dir, name, "timing.csv", "timing");
		link_if_there(out, dir, name, "categories.svg", "categories");
		link_if_there(out, dir, name, "categories.csv",
		              "categories table");
		link_if_there(out, dir, name, "comparison.json", "JSON");
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* Which data sets' paths were shortened, and the placeholders. */
static void
index_paths(FILE *out, const struct readme_index *ix)
{
	size_t shortened = 0;

	for (size_t i = 0; ix->shortened != NULL && i < ix->n; i++)
		shortened += ix->shortened[i];
	if (shortened == 0)
		return;
	fputs("## Paths\n\n"
	      "The recording machine's paths were shortened when these files "
	      "were published (`make publish PUBLISH_PATHS=short`)",
	      out);
	if (shortened < ix->n) {
		fputs(", in the files of", out);
		for (size_t i = 0, k = 0; i < ix->n; i++) {
			if (!ix->shortened[i])
				continue;
			const char *base = strrchr(ix->metas[i], '/');
			base = base != NULL ? base + 1 : ix->metas[i];
			fprintf(out, "%s `%.*s`",
			        k++ == 0 ? "" : (k == shortened ? " and" : ","),
			        (int)(strlen(base) - strlen("-meta.json")),
			        base);
		}
	}
	fprintf(out,
	        ": in meta.json, the raw files (the names of frames, such as "
	        "`py::` names, and of shared objects) and every view, the "
	        "beginning of a path is replaced by a placeholder:\n\n%s\n"
	        "Everything else, every sample and count, is as recorded.\n\n",
	        short_paths_legend);
}

/*
 * The build a data set is of, as the index groups them (a new string):
 * the Python's version, its revision when known, and the ID's build tags
 * ("Python 3.12.1, tag py312"); "no Python known" for a workload of
 * none, or of one its meta.json does not name.
 */
static char *
index_build(const struct metadata *m)
{
	const char *version = metadata_get(m, "python.version");
	const char *revision = metadata_get(m, "python.build.git_revision");
	const char *tags = metadata_get(m, "tags");
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	if (f == NULL)
		die_errno(EXIT_DATA, "open_memstream");
	if (version == NULL)
		fputs("no Python known", f);
	else
		fprintf(f, "Python %.*s", (int)strcspn(version, " "), version);
	if (revision != NULL && *revision != '\0')
		fprintf(f, ", revision %.12s", revision);
	for (const char *t = tags; t != NULL && *t != '\0';) {
		size_t len = strcspn(t, " ");
		if (dataset_tag_is_build(t, len))
			fprintf(f, ", tag %.*s", (int)len, t);
		t += len + strspn(t + len, " ");
	}
	fclose(f);
	return text;
}

struct index_entry {
	char *build;
	size_t i; /* in the index's order of IDs */
};

static int
index_entry_compare(const void *a, const void *b)
{
	const struct index_entry *x = a, *y = b;
	int c = strcmp(x->build, y->build);
	return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

/*
 * The table of data sets: one, or with data sets of several builds a table
 * per build, under a heading that names it, so that two builds published
 * into one directory read apart.
 */
static void
index_data_sets(FILE *out, const char *dir, const struct readme_index *ix)
{
	static const char head[] =
	    "| ID | date | workload | Python | revision | samples | files "
	    "|\n|---|---|---|---|---|---|---|\n";
	struct index_entry *e = xcalloc(ix->n + 1, sizeof *e);
	size_t builds = 0;

	for (size_t i = 0; i < ix->n; i++) {
		struct metadata m;
		metadata_read_or_die(&m, ix->metas[i]);
		e[i] = (struct index_entry){index_build(&m), i};
		metadata_free(&m);
	}
	qsort(e, ix->n, sizeof *e, index_entry_compare);
	for (size_t i = 0; i < ix->n; i++)
		builds += i == 0 || strcmp(e[i].build, e[i - 1].build) != 0;
	if (builds <= 1)
		fputs(head, out);
	for (size_t i = 0; i < ix->n; i++) {
		struct metadata m;
		if (builds > 1 &&
		    (i == 0 || strcmp(e[i].build, e[i - 1].build) != 0))
			fprintf(out, "%s### %s\n\n%s", i == 0 ? "" : "\n",
			        e[i].build, head);
		metadata_read_or_die(&m, ix->metas[e[i].i]);
		index_row(out, dir, &m);
		metadata_free(&m);
	}
	for (size_t i = 0; i < ix->n; i++)
		free(e[i].build);
	free(e);
}

void
readme_index(FILE *out, const char *dir, const struct readme_index *ix)
{
	fputs("# Profile data sets\n\n"
	      "Profiles of programs recorded with Linux `perf` and rendered "
	      "by perfviews.  Each row is one data set, named by its ID, "
	      "`WORKLOAD-perf-freqHZ[xRUNS][-TAG...]`: the workload, the "
	      "profiler, the sampling frequency in Hz, the number of runs "
	      "combined (1 when absent) and tags (`nosite`: Python ran with "
	      "`-S`; `xperf`: with `-X perf`; `faults`: every page fault "
	      "counted instead of time, the frequency unused; `files`: every "
	      "file-system call, with strace's file names; `py312`, `py` and "
	      "a digit: the build that recorded it; `_NAME`: a label of the "
	      "recorder's own).  The ID links the data set's README: how it "
	      "was made, its top functions and all its metadata.  Data sets "
	      "of several builds are listed by build.\n\n",
	      out);
	index_data_sets(out, dir, ix);
	fputc('\n', out);
	index_comparisons(out, dir, ix);
	index_suites(out, dir, ix);
	index_suite_comparisons(out, dir, ix);
	fputs("## Opening the files\n\n"
	      "The flame graphs (`ID-flamegraph.svg`, a comparison's "
	      "`-diffgraph.svg`) and the bars by category are interactive in "
	      "a browser: hover a frame for its counts, click to zoom, Ctrl-F "
	      "to search.  A page that shows an SVG as an image, as GitHub "
	      "does, runs none of its script: the graph reads, with its "
	      "labels and legend, but does not zoom or search.  To use it, "
	      "download the file (on GitHub: the file's Raw button, then "
	      "save) and open it in a browser, or serve this directory as a "
	      "web site (GitHub Pages) and open the SVG's own address.\n\n",
	      out);
	readme_viewers(out, NULL, NULL);
	index_paths(out, ix);
	fputs("## The files of a data set\n\n"
	      "| kind | file | what it is | how to read it |\n"
	      "|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		fprintf(out, "| %s | `ID%s`", k->kind, k->suffix);
		if (k->alt_suffix != NULL)
			fprintf(out, " or `ID%s`", k->alt_suffix);
		if (k->tag != NULL)
			fprintf(out, " (tag %s)", k->tag);
		if (k->python)
			fputs(" (with Python frames: tag xperf)", out);
		if (k->cpython)
			fputs(" (of a Python, counting time)", out);
		fprintf(out, " | %s | %s |\n", k->what, k->how);
	}
	fprintf(out,
	        "\nThis index and `%s`, the list of the files perfviews "
	        "wrote here, were written by `make publish` (perfviews): it "
	        "replaces those files, while they are as it wrote them, and "
	        "no other.\n",
	        PUBLISH_MANIFEST);
}

void
readme_write_file(FILE *out, const char *meta, struct readme_options *opt,
                  bool subtitle)
{
	struct metadata m;

	metadata_read_or_die(&m, meta);
	opt->meta = meta;
	if (subtitle)
		readme_subtitle(out, &m);
	else
		readme_write(out, &m, opt);
	metadata_free(&m);
}
