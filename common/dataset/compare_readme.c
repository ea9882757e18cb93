/*
 * compare_readme.c - see compare_readme.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/compare_readme.h"
#include "dataset/file_kinds.h"
#include "dataset/readme.h"
#include "dataset/runs.h"

/*
 * A group of fields that must be alike for the comparison to be fair: its
 * name, its fields, and why a difference matters (Markdown).
 */
struct fairness {
	const char *name;
	const char *fields[6]; /* NULL-terminated */
	const char *why;
};

static const struct fairness groups[] = {
    {"workload",
     {"workload.command"},
     "The profiles are of different commands: any row can change for that "
     "alone."},
    {"Python version",
     {"python.version"},
     "Every change can be the version's.  Fair when the versions are what "
     "you compare, and then the builds should be alike."},
    {"Python build",
     {"python.build.git_remote", "python.build.git_branch",
      "python.build.git_revision", "python.build.configure_args",
      "python.build.cflags"},
     "Another revision, other `./configure` options "
     "(`--enable-optimizations`, `--with-lto`, `--with-pydebug`) or "
     "compiler flags move time around by themselves."},
    {"host",
     {"host.hostname", "host.cpu_model", "host.cpu_count", "host.kernel"},
     "Another CPU or kernel runs the same code at another speed, and moves "
     "time between the program and the kernel."},
    {"event",
     {"tool.event"},
     "Shares of different events do not compare: flatdiff refuses them "
     "unless forced (`make compare FORCE=1`)."},
    {"sampling",
     {"tool.frequency", "tool.period"},
     "Sampling more often costs the program more (perf's interrupts: kernel "
     "time) and gives more samples, so less counting error; shares "
     "compare, counts per run (`flatdiff --absolute`) do not."},
    {"call graphs",
     {"tool.call_graph"},
     "Frame pointers (fp) lose the callers of code built without them, "
     "dwarf stacks end where perf's copy of the stack ends: total shares "
     "and the flame graph change for that alone; self shares compare."},
    {"runs",
     {"tool.runs"},
     "The test allows for it (each side varies over its own runs), but "
     "the side of fewer runs is known less well, and limits what the test "
     "can find."},
    {"tags",
     {"tags"},
     "Tags change what ran or what was counted: `nosite` runs Python with "
     "`-S`, `xperf` with `-X perf` (Python frames in the stacks), `faults` "
     "and `files` count page faults and file-system calls instead of "
     "time."},
    {"unit",
     {"samples.unit"},
     "Shares of different things counted (samples of time, faults, calls) "
     "do not compare at all."},
};
enum { NGROUPS = sizeof groups / sizeof groups[0] };

/* tool.period's null, known when the frequency is. */
static const char at_the_frequency[] = "none (sampled at the frequency)";

/*
 * A field's value, NULL when unknown.  Some nulls are known: tool.period's
 * (sampled at the frequency), samples.unit's (the measure of the tags).
 */
static const char *
value(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);

	if (v == NULL && strcmp(field, "tool.period") == 0 &&
	    metadata_get(m, "tool.frequency") != NULL)
		return at_the_frequency;
	if (v == NULL && strcmp(field, "samples.unit") == 0 &&
	    metadata_get(m, "tags") != NULL)
		return readme_unit(m);
	return v;
}

enum verdict { ALIKE, DIFFERENT, UNKNOWN };

/* A group's verdict: unknown when a field is unknown on a side. */
static enum verdict
judge(const struct compare_readme *r, const struct fairness *g)
{
	enum verdict v = ALIKE;

	if (!r->has_meta[0] || !r->has_meta[1])
		return UNKNOWN;
	for (size_t i = 0; g->fields[i] != NULL; i++) {
		const char *a = value(r->meta[0], g->fields[i]);
		const char *b = value(r->meta[1], g->fields[i]);
		if (a == NULL || b == NULL)
			return UNKNOWN;
		if (strcmp(a, b) != 0)
			v = DIFFERENT;
	}
	return v;
}

/* A value in a bullet: as code, "none" for an empty list; words as such. */
static void
put_value(FILE *out, const char *v)
{
	if (*v == '\0' || v == at_the_frequency) {
		fputs(*v == '\0' ? "none" : v, out);
		return;
	}
	fputc('`', out);
	readme_cell(out, v);
	fputc('`', out);
}

static void
difference(FILE *out, const struct compare_readme *r, const struct fairness *g)
{
	const char *sep = "";

	fprintf(out, "- **%c%s**: ", toupper((unsigned char)g->name[0]),
	        g->name + 1);
	for (size_t i = 0; g->fields[i] != NULL; i++) {
		const char *a = value(r->meta[0], g->fields[i]);
		const char *b = value(r->meta[1], g->fields[i]);
		if (strcmp(a, b) == 0)
			continue;
		fprintf(out, "%s`%s` A ", sep, g->fields[i]);
		put_value(out, a);
		fputs(", B ", out);
		put_value(out, b);
		sep = "; ";
	}
	fprintf(out, ".  %s\n", g->why);
}

/* What no field says: a side of one run, samples perf lost. */
static size_t
weaknesses(FILE *out, const struct compare_readme *r)
{
	size_t n = 0;

	for (int s = 0; s < 2; s++) {
		const char *side = s ? "B" : "A";
		if (!r->has_meta[s])
			continue;
		const char *runs = metadata_get(r->meta[s], "tool.runs");
		const char *lost = metadata_get(r->meta[s], "samples.lost");
		if (runs != NULL && strcmp(runs, "1") == 0 && ++n)
			fprintf(
			    out,
			    "- **%s is one run**: the test then knows only "
			    "the counting error of the samples, not how runs "
			    "vary, and runs vary more: some rows called "
			    "significant are noise.  Record several runs "
			    "(`xRUNS` in the ID).\n",
			    side);
		if (lost != NULL && strcmp(lost, "0") != 0 && ++n)
			fprintf(out,
			        "- **perf lost %s samples of %s** (its ring "
			        "buffer was full): what ran then is missing.\n",
			        lost, side);
	}
	return n;
}

/* The fields unknown on a side, that could not be checked. */
static void
unknowns(FILE *out, const struct compare_readme *r)
{
	const char *sep = "\nUnknown, so not checked:";

	for (int s = 0; s < 2; s++)
		if (!r->has_meta[s])
			fprintf(
			    out,
			    "- **%s has no meta.json** beside its raw file: "
			    "how it was recorded is unknown, so none of this "
			    "could be checked.\n",
			    s ? "B" : "A");
	if (!r->has_meta[0] || !r->has_meta[1])
		return;
	for (size_t k = 0; k < NGROUPS; k++)
		for (size_t i = 0; groups[k].fields[i] != NULL; i++) {
			const char *f = groups[k].fields[i];
			bool a = value(r->meta[0], f) == NULL;
			bool b = value(r->meta[1], f) == NULL;
			if (!a && !b)
				continue;
			fprintf(out, "%s `%s` (%s)", sep, f,
			        a && b ? "A and B"
			        : a    ? "A"
			               : "B");
			sep = ",";
		}
	if (*sep == ',')
		fputs(".\n", out);
}

static void
unfairness(FILE *out, const struct compare_readme *r)
{
	size_t n = 0;

	fputs("## What makes this comparison unfair\n\n", out);
	for (size_t k = 0; k < NGROUPS; k++)
		if (judge(r, &groups[k]) == DIFFERENT && ++n)
			difference(out, r, &groups[k]);
	n += weaknesses(out, r);
	if (n == 0 && r->has_meta[0] && r->has_meta[1])
		fputs("Nothing that the metadata tell: what differs is what "
		      "changed between A and B, and noise, which the tests "
		      "allow for.\n",
		      out);
	unknowns(out, r);
	const char *sep = "\nAlike in A and B:";
	for (size_t k = 0; k < NGROUPS; k++)
		if (judge(r, &groups[k]) == ALIKE) {
			fprintf(out, "%s %s", sep, groups[k].name);
			sep = ",";
		}
	fputs(*sep == ',' ? ".\n\n" : "\n", out);
}

/* The value of the line of flatdiff's header starting with prefix. */
static char *
diff_header(const char *path, const char *prefix)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *found = NULL;
	size_t cap = 0, n = strlen(prefix);
	ssize_t len;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	while (found == NULL && (len = getline(&line, &cap, f)) > 0 &&
	       line[0] == '#')
		if (strncmp(line, prefix, n) == 0) {
			line[len - (line[len - 1] == '\n')] = '\0';
			found = xstrdup(line + n);
		}
	free(line);
	fclose(f);
	return found;
}

/* The files of a comparison, named A-vs-B-SUFFIX: the README's table. */
static const struct {
	const char *suffix, *what;
	const char *how; /* after a space; "" leaves the cell empty */
	bool link;       /* not the README itself */
} comparison_files[] = {
    {"diff.txt",
     "`flatdiff A B`: per function, its self and total shares in A and in "
     "B, the change, and whether it is more than noise",
     " below", true},
    {"diffgraph.svg",
     "`diffstacks A B \\| flamesvg`: B's flame graph, coloured by what "
     "changed since A",
     " below; open it in a browser", true},
    {"README.md", "this file", "", false},
};

static void
files_table(FILE *out, const struct compare_readme *r)
{
	const char *a = r->id[0], *b = r->id[1];

	fputs("## Files\n\n| file | what it is | how to read it |\n"
	      "|---|---|---|\n",
	      out);
	for (size_t i = 0;
	     i < sizeof comparison_files / sizeof *comparison_files; i++) {
		const char *suffix = comparison_files[i].suffix;
		if (comparison_files[i].link)
			fprintf(out, "| [%s-vs-%s-%s](%s-vs-%s-%s)", a, b,
			        suffix, a, b, suffix);
		else
			fprintf(out, "| %s-vs-%s-%s", a, b, suffix);
		fprintf(out, " | %s |%s |\n", comparison_files[i].what,
		        comparison_files[i].how);
	}
	fputc('\n', out);
}

static void
how_to_read(FILE *out, const struct compare_readme *r)
{
	char *test = r->diff ? diff_header(r->diff, "# test: ") : NULL;
	char *sig = r->diff ? diff_header(r->diff, "# significant ") : NULL;
	const char *counts = sig != NULL ? strrchr(sig, ':') : NULL;

	fprintf(out,
	        "## How to read the diff\n\n"
	        "A row per function (symbol and DSO; DSOs of two versions, "
	        "`libpython3.11.so.1.0` and `libpython3.12.so.1.0`, are one): "
	        "its self share (its own code) and total share (with its "
	        "callees) in A and in B, in percent of each side's samples, "
	        "and the change in points, B minus A.  `sig` says whether the "
	        "change is more than noise: with two runs or more on both "
	        "sides, Welch's t-test on the per-run shares (the runs are the "
	        "replicates), else a z-test on the sample counts; the p-values "
	        "are corrected for testing many functions at once "
	        "(Benjamini-Hochberg: the q-value), and a row is significant "
	        "when q is at most 5%%.  Rows with fewer than 10 samples in A "
	        "and B together are not tested (`-`).  Significant rows come "
	        "first, then the largest changes, 20 a section: in both, new "
	        "(only in B), gone (only in A).\n\n");
	if (test != NULL)
		fprintf(out,
		        "Here the test is %s; significant (q <= 5%%):%s.\n\n",
		        test, counts != NULL ? counts + 1 : " unknown");
	if (r->diff != NULL) {
		fprintf(out, "The top of `%s-vs-%s-diff.txt`:\n\n", r->id[0],
		        r->id[1]);
		readme_quote(out, r->diff, 16, false);
		fputc('\n', out);
	}
	fputs("## How to read the differential flame graph\n\n"
	      "The frames are as wide as in B: it is B's profile.  A frame is "
	      "red where the stack that ends there grew from A to B, blue "
	      "where it shrank, deeper the larger the change, and white where "
	      "the change is not significant or the stack has too few samples "
	      "to test: each stack is tested as the diff tests a function.  "
	      "Hover for both counts, the change, p and q; click to zoom; "
	      "Ctrl-F searches.  What disappeared has no width in B and is "
	      "not drawn: `diffstacks --a-widths` draws A's widths, where "
	      "stacks gone from B show in blue.\n\n",
	      out);
	free(test);
	free(sig);
}

static void
by_dso_and_category(FILE *out, const struct compare_readme *r)
{
	/* Each command, then A and B's raw files, then what follows. */
	static const char *const commands[][2] = {
	    {"flatdiff --by dso", ""},
	    {"flatdiff --by category", ""},
	    {"diffstacks --a-widths", " | flamesvg > gone.svg"},
	};

	fputs("## The same comparison by DSO and by category\n\n```\n", out);
	for (size_t i = 0; i < 3; i++)
		fprintf(out, "%s %s %s%s\n", commands[i][0], r->raw[0],
		        r->raw[1], commands[i][1]);
	fputs("```\n\n", out);
	fputs("By category, each function counts for the category of the first "
	      "rule of bycategory's rules that matches it (interpreter, gc, "
	      "dict, kernel...): a change spread over many functions of one "
	      "kind shows as one row.\n\n",
	      out);
}

void
compare_readme_write(FILE *out, const struct compare_readme *r)
{
	const char *heads[2];
	char *head[2];

	fprintf(out, "# Comparison: %s against %s\n\n", r->id[1], r->id[0]);
	fprintf(out,
	        "B is compared against A, from their raw files alone "
	        "(`make compare A=%s B=%s`); a change is B's value minus "
	        "A's.\n\n",
	        r->id[0], r->id[1]);
	for (int s = 0; s < 2; s++) {
		fprintf(out,
		        "- %s: [`%s`](%s-README.md), `%s`: ", s ? "B" : "A",
		        r->id[s], r->id[s], r->raw[s]);
		if (r->has_meta[s])
			readme_subtitle(out, r->meta[s]);
		else
			fputs("no meta.json: how it was recorded is "
			      "unknown.\n",
			      out);
	}
	fputc('\n', out);
	unfairness(out, r);
	files_table(out, r);
	how_to_read(out, r);
	by_dso_and_category(out, r);
	for (int s = 0; s < 2; s++) {
		if (asprintf(&head[s], "%s: %s%s", s ? "B" : "A", r->id[s],
		             r->has_meta[s] ? "" : " (no meta.json)") < 0)
			die(EXIT_DATA, "out of memory");
		heads[s] = head[s];
	}
	fputs("## The two data sets side by side\n\nA field whose values "
	      "differ is in bold.\n\n",
	      out);
	readme_metadata_table(out, r->meta, heads, 2);
	free(head[0]);
	free(head[1]);
}

void
compare_readme_of_raws(FILE *out, char *const raws[2], const char *diff)
{
	struct compare_readme r = {.diff = diff};
	struct metadata m[2];
	char *id[2];

	for (int s = 0; s < 2; s++) {
		char *dir = file_kind_dir(raws[s]), *meta;
		r.id[s] = id[s] = raw_dataset_name(raws[s]);
		r.raw[s] = span_basename(span_cstr(raws[s])).p;
		if (asprintf(&meta, "%s/%s-meta.json", dir, id[s]) < 0)
			die(EXIT_DATA, "out of memory");
		r.has_meta[s] = access(meta, F_OK) == 0;
		if (r.has_meta[s])
			metadata_read_or_die(&m[s], meta);
		else
			metadata_init(&m[s]);
		r.meta[s] = &m[s];
		free(meta);
		free(dir);
	}
	compare_readme_write(out, &r);
	for (int s = 0; s < 2; s++) {
		metadata_free(&m[s]);
		free(id[s]);
	}
}
