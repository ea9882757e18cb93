/*
 * readme.c - see readme.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/measure.h"
#include "pages/readme.h"
#include "pages/readme_recording.h"
#include "pages/readme_text.h"

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
	const char *files_suffix = file_kind_suffix("files");
	const char *callers_suffix = file_kind_suffix("callers");
	char *stem = file_kind_stem(files, "files");
	char *callers = stem != NULL ? xasprintf("%s%s", stem, callers_suffix)
	                             : xstrdup(files);

	free(stem);
	fputs("## Who looks files up, and what they look up\n\n", out);
	if (access(callers, R_OK) != 0) {
		fprintf(out, "From `%s%s`:\n\n", id, files_suffix);
		readme_quote(out, files, 24, false);
		fputc('\n', out);
		free(callers);
		return;
	}
	fprintf(out,
	        "<table>\n<tr><th>who: the functions that make the calls, "
	        "and their callers (perf, <code>%s%s</code>)</th>\n"
	        "<th>what: the paths they are about (strace, "
	        "<code>%s%s</code>)</th></tr>\n<tr><td>\n",
	        id, callers_suffix, id, files_suffix);
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
	const char *id = readme_id(m);
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

void
readme_write(FILE *out, const struct metadata *m,
             const struct readme_options *opt)
{
	const char *id = readme_id(m);

	fprintf(out, "# Profile data set %s\n\n", id);
	if (opt->shortfall != NULL)
		fprintf(out,
		        "**The raw file is incomplete**: %s; the counts below "
		        "are meta.json's, of the recording, and every view "
		        "shows only what was read.\n\n",
		        opt->shortfall);
	readme_recording(out, m);
	readme_benchmark(out, m);
	files_table(out, m, opt);
	readme_viewers(out, id, opt->raw);
	what_is_counted(out, m);
	if (opt->files != NULL) {
		side_by_side(out, id, opt->files);
	} else if (opt->flat != NULL) {
		fprintf(out,
		        "## Top functions\n\nBy self %s, from "
		        "`%s%s`.  A sample whose leaf frame perf "
		        "printed as inlined counts for the inlined function, "
		        "as `perf script` shows it; `perf report` gives it to "
		        "the function it was inlined into, which `flatsort "
		        "--inline caller` does too (on dwarf recordings the "
		        "two orders can differ).\n\n",
		        readme_unit(m), id, file_kind_suffix("flat"));
		readme_quote(out, opt->flat, 10, false);
		fputc('\n', out);
	}
	if (opt->bytecode != NULL) {
		fprintf(
		    out,
		    "## Top bytecode instructions\n\nCPython's eval loop "
		    "(`_PyEval_EvalFrameDefault`) by instruction, by self "
		    "%s, from `%s%s` (`bytecode`): self is the "
		    "instruction's own code, inlined helpers included; "
		    "total adds the C functions it called.  The header says "
		    "how many samples were placed, or why none could be; "
		    "`bytecode --by family` sums the specialisations.\n\n",
		    readme_unit(m), id, file_kind_suffix("bytecode"));
		readme_quote(out, opt->bytecode, 10, false);
		fputc('\n', out);
	}
	if (opt->python != NULL) {
		fprintf(out,
		        "## Top Python functions\n\nBy self %s, from "
		        "`%s%s` (`pyprofile`): a function's self is "
		        "the samples whose innermost Python frame it is, split "
		        "by the category of the native code they were in; the "
		        "harness (pyperf, pyperformance) comes last.  Its "
		        "callers and callees are in the file, the Python call "
		        "tree in `%s%s`.\n\n",
		        readme_unit(m), id, file_kind_suffix("python"), id,
		        file_kind_suffix("python-flamegraph"));
		readme_quote(out, opt->python, 8, false);
		fputc('\n', out);
	}
	if (opt->categories != NULL) {
		fprintf(out,
		        "## Where the %s go, by category\n\nEach sample "
		        "counts for the category of its leaf function, by "
		        "the first rule of bycategory's CPython rules that "
		        "matches it (`%s%s`; the bar: "
		        "`%s%s`).  `unknown` is what no rule "
		        "names: a new or renamed CPython function shows up "
		        "there.\n\n",
		        readme_unit(m), id, file_kind_suffix("categories"), id,
		        file_kind_suffix("categories-svg"));
		readme_quote(out, opt->categories, 40, false);
		fputc('\n', out);
	}
	readme_how_made(out, m, opt->python != NULL, opt->bytecode != NULL);
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

void
readme_viewers(FILE *out, const char *id, const char *raw)
{
	const char *name = id != NULL ? id : "ID";
	char *xz = raw != NULL
	               ? xstrdup(raw)
	               : xasprintf("%s%s", name, file_kind_suffix("raw"));
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
	        "`%s%s` opens too, as one profile of every sample, "
	        "without times.\n"
	        "- [Firefox Profiler](https://profiler.firefox.com/): Load a "
	        "profile from file, `%s`: every run's threads on one time "
	        "line, with a call tree and a flame graph.  It knows `perf "
	        "script` text by its first line, `# ========`: the header "
	        "perfviews writes in perf's form (a raw file recorded before "
	        "perfviews wrote one needs that line put first).\n\n",
	        text, name, file_kind_suffix("folded"), text);
	free(xz);
	free(text);
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
