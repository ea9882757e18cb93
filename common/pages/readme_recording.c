/*
 * readme_recording.c - see readme_recording.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dataset/file_kinds.h"
#include "dataset/measure.h"
#include "dataset/trust.h"
#include "pages/readme_recording.h"
#include "pages/readme_text.h"

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

void
readme_recording(FILE *out, const struct metadata *m)
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

/* A pyperformance benchmark: what ran, its timing, what was kept. */
void
readme_benchmark(FILE *out, const struct metadata *m)
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

void
readme_how_made(FILE *out, const struct metadata *m, bool python, bool bytecode)
{
	const char *id = readme_id(m);

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
		    "\n\nIts text is `%s%s`",
		    strtoul(metadata_known(m, "tool.runs"), NULL, 10) +
		                strtoul(metadata_known(m, "strace.runs"), NULL,
		                        10) ==
		            2
		        ? "two"
		        : "several",
		    metadata_get(m, "strace.command"), id,
		    file_kind_suffix("strace"));
	fprintf(out,
	        "; then `make views ID=%s` ran collapse, flatsort, calltree, "
	        "bydso%s%s%s and flamesvg on it.\n\n",
	        id,
	        metadata_get(m, "strace.command") != NULL ? ", fileaccess" : "",
	        python ? ", pyprofile" : "", bytecode ? ", bytecode" : "");
	timings(out, m);
}
