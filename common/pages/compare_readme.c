/*
 * compare_readme.c - see compare_readme.h.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "pages/compare_readme.h"
#include "dataset/dataset_id.h"
#include "dataset/trust.h"
#include "dataset/speed.h"
#include "dataset/file_kinds.h"
#include "pages/readme.h"
#include "dataset/runs.h"
#include "stats/significance.h"

/*
 * A group of fields that must be alike for the comparison to be fair: its
 * name, its fields, and why a difference matters (Markdown).
 */
struct fairness {
	const char *name;
	const char *fields[6]; /* NULL-terminated */
	const char *why;
	bool under_test; /* the build: what a comparison of builds compares */
};

static const struct fairness groups[] = {
    {"workload",
     {"workload.command", false},
     "The profiles are of different commands: any row can change for that "
     "alone.",
     false},
    {"Python version",
     {"python.version", false},
     "Every change can be the version's: that is what is compared.",
     true},
    {"Python build",
     {"python.executable", "python.build.git_revision",
      "python.build.configure_args", "python.build.options",
      "python.build.cflags", false},
     "Another revision, other `./configure` options "
     "(`--enable-optimizations`, `--with-lto`, `--with-pydebug`, the JIT, "
     "free threading) or compiler flags: that is what is compared.",
     true},
    {"host",
     {"host.hostname", "host.cpu_model", "host.cpu_count", "host.kernel",
      false},
     "Another CPU or kernel runs the same code at another speed, and moves "
     "time between the program and the kernel.",
     false},
    {"event",
     {"tool.event", false},
     "Shares of different events do not compare: flatdiff refuses them "
     "unless forced (`make compare FORCE=1`).",
     false},
    {"sampling",
     {"tool.frequency", "tool.period", false},
     "Sampling more often costs the program more (perf's interrupts: kernel "
     "time) and gives more samples, so less counting error; shares "
     "compare, counts per run (`flatdiff --absolute`) do not.",
     false},
    {"call graphs",
     {"tool.call_graph", false},
     "Frame pointers (fp) lose the callers of code built without them, "
     "dwarf stacks end where perf's copy of the stack ends: total shares "
     "and the flame graph change for that alone; self shares compare.",
     false},
    {"runs",
     {"tool.runs", false},
     "The test allows for it (each side varies over its own runs), but "
     "the side of fewer runs is known less well, and limits what the test "
     "can find.",
     false},
    {"tags",
     {"tags", false},
     "Tags change what ran or what was counted: `nosite` runs Python with "
     "`-S`, `xperf` with `-X perf` (Python frames in the stacks), `faults` "
     "and `files` count page faults and file-system calls instead of "
     "time.",
     false},
    {"unit",
     {"samples.unit", false},
     "Shares of different things counted (samples of time, faults, calls) "
     "do not compare at all.",
     false},
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

/*
 * A command with the Python's path set aside (a new string): running one
 * workload with two builds is one workload.
 */
static char *
command_of(const struct metadata *m, const char *command)
{
	const char *py = metadata_get(m, "python.executable");
	const char *at = py != NULL && *py != '\0' ? strstr(command, py) : NULL;

	if (at == NULL)
		return xstrdup(command);
	return xasprintf("%.*sPYTHON%s", (int)(at - command), command,
	                 at + strlen(py));
}

/*
 * Do the tag lists (words) differ, build tags aside?  The builds are what
 * two builds' comparison compares, not an unfairness.
 */
static bool
tags_differ(const char *a, const char *b)
{
	for (;;) {
		size_t na, nb;
		while (a += strspn(a, " "), na = strcspn(a, " "),
		       dataset_tag_is_build(a, na))
			a += na;
		while (b += strspn(b, " "), nb = strcspn(b, " "),
		       dataset_tag_is_build(b, nb))
			b += nb;
		if (na != nb || memcmp(a, b, na) != 0)
			return true;
		if (na == 0)
			return false;
		a += na;
		b += nb;
	}
}

/* Do a and b differ in field? */
static bool
differ(const struct compare_readme *r, const char *field, const char *a,
       const char *b)
{
	if (strcmp(field, "tags") == 0)
		return tags_differ(a, b);
	if (strcmp(field, "workload.command") != 0)
		return strcmp(a, b) != 0;
	char *ca = command_of(r->meta[0], a), *cb = command_of(r->meta[1], b);
	bool d = strcmp(ca, cb) != 0;
	free(ca);
	free(cb);
	return d;
}

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
		if (differ(r, g->fields[i], a, b))
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
		if (a == NULL || b == NULL || !differ(r, g->fields[i], a, b))
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
		char busy[512];
		if (trust_busy(r->meta[s], busy, sizeof busy) && ++n)
			fprintf(
			    out,
			    "- **%s was recorded on a busy machine**: %s.\n",
			    side, busy);
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
		for (size_t i = 0;
		     !groups[k].under_test && groups[k].fields[i] != NULL;
		     i++) {
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
		if (!groups[k].under_test &&
		    judge(r, &groups[k]) == DIFFERENT && ++n)
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
		if (!groups[k].under_test && judge(r, &groups[k]) == ALIKE) {
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
     "`flatdiff A B`: per function, its self and total time per loop (or "
     "per run, or shares: its header says) in A and in B, the change, and "
     "whether it is more than noise",
     " below", true},
    {"diffgraph.svg",
     "`diffstacks A B \\| flamesvg`: B's flame graph, coloured by what "
     "changed since A",
     " below; open it in a browser", true},
    {"README.md", "this file", "", false},
};

/* The prefix of a comparison's files (a new string). */
static char *
files_prefix(const struct compare_readme *r)
{
	return r->name != NULL ? xstrdup(r->name)
	                       : xasprintf("%s-vs-%s", r->id[0], r->id[1]);
}

static void
files_table(FILE *out, const struct compare_readme *r)
{
	char *prefix = files_prefix(r);

	fputs("## Files\n\n| file | what it is | how to read it |\n"
	      "|---|---|---|\n",
	      out);
	for (size_t i = 0;
	     i < sizeof comparison_files / sizeof *comparison_files; i++) {
		const char *suffix = comparison_files[i].suffix;
		if (comparison_files[i].link)
			fprintf(out, "| [%s-%s](%s-%s)", prefix, suffix, prefix,
			        suffix);
		else
			fprintf(out, "| %s-%s", prefix, suffix);
		fprintf(out, " | %s |%s |\n", comparison_files[i].what,
		        comparison_files[i].how);
	}
	fputc('\n', out);
	free(prefix);
}

static void
how_to_read(FILE *out, const struct compare_readme *r)
{
	char *test = r->diff ? diff_header(r->diff, "# test: ") : NULL;
	char *sig = r->diff ? diff_header(r->diff, "# significant ") : NULL;
	const char *counts = sig != NULL ? strrchr(sig, ':') : NULL;

	const char *unit =
	    r->cmp != NULL ? compare_unit_text(r->cmp) : "percent";
	fputs("## How to read the diff\n\n"
	      "A row per function (symbol and DSO; DSOs of two versions, "
	      "`libpython3.11.so.1.0` and `libpython3.12.so.1.0`, are one): "
	      "its self value (its own code) and total value (with its "
	      "callees) in A and in B, and the change, B minus A.  ",
	      out);
	if (strcmp(unit, "ms per loop") == 0)
		fputs("Values are milliseconds per loop of the benchmark: "
		      "each run's samples divided by the frequency and by the "
		      "loops its profiled values ran (pyperf's loops, from "
		      "meta.json), so that a faster B shows as less time, "
		      "where shares would all move together "
		      "(`flatdiff --unit share` gives shares).  ",
		      out);
	else if (strcmp(unit, "ms per run") == 0)
		fputs("Values are milliseconds per run: each run's samples "
		      "divided by the frequency (`flatdiff --unit share` gives "
		      "shares).  ",
		      out);
	else
		fputs("Values are percent of each side's samples (shares), "
		      "the change in points.  ",
		      out);
	fprintf(out,
	        "`sig` says whether the "
	        "change is more than noise: with two runs or more on both "
	        "sides, Welch's t-test on the per-run values (the runs are the "
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
		char *prefix = files_prefix(r);
		fprintf(out, "The top of `%s-diff.txt`:\n\n", prefix);
		free(prefix);
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
	      "Ctrl-F searches.  A function only B has is purple (new), "
	      "whatever its change; a path only B has, of a function A has "
	      "elsewhere, is coloured by its change.  What disappeared has "
	      "no width in B and is not drawn: `diffstacks --a-widths` draws "
	      "A's widths, where stacks gone from B show in blue and "
	      "functions only A has in green.\n\n",
	      out);
	if (r->stacks) {
		char *text = compare_unmatched_text(r->unmatched);
		fprintf(out,
		        "Stacks of A and B are matched once the interpreter's "
		        "wrappers are left out (`glue.rules`).  Here %s.  "
		        "Samples on stacks the other side lacks, though it "
		        "has every function of them, are code both run reached "
		        "by paths that do not line up; above %d%% of a side "
		        "the flame graph warns.\n\n",
		        text, COMPARE_UNMATCHED_WARN);
		free(text);
	}
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

/*
 * The speed of both, when both are benchmarks: pyperf's wall time per
 * loop and the profile's CPU time per loop, each ratio and whether it is
 * beyond noise (speed.h).
 */
static void
speed(FILE *out, const struct compare_speed *given)
{
	struct compare_speed sp = *given;
	char m[2][32], d[2][32];

	for (int s = 0; s < 2; s++) {
		readme_seconds(m[s], sizeof m[s], sp.mean[s]);
		readme_seconds(d[s], sizeof d[s], sp.sd[s]);
	}
	double ratio = sp.ratio;
	fprintf(out,
	        "- **Speed, wall time** (pyperf's mean ± standard deviation "
	        "per loop, profiled): A %s ± %s, B %s ± %s: B takes "
	        "**%.2f×** A's time (%.2f× %s)",
	        m[0], d[0], m[1], d[1], ratio, ratio <= 1 ? 1 / ratio : ratio,
	        ratio <= 1 ? "faster" : "slower");
	if (!isnan(sp.p) && sp.by_workers)
		fprintf(out,
		        ", %s pyperf's noise (Welch's t-test on the means of "
		        "its %zu and %zu workers: p = %.2g)",
		        compare_speed_verdict(sp.p), sp.workers[0],
		        sp.workers[1], sp.p);
	else if (!isnan(sp.p))
		fprintf(out,
		        ", %s pyperf's noise (Welch's t-test on its %.0f and "
		        "%.0f values, taken as independent: no ID-pyperf.json "
		        "gives each worker's; p = %.2g)",
		        compare_speed_verdict(sp.p), sp.n[0], sp.n[1], sp.p);
	fputs(".\n", out);
	if (!sp.cpu)
		return;
	for (int s = 0; s < 2; s++) {
		readme_seconds(m[s], sizeof m[s], sp.cpu_mean[s]);
		readme_seconds(d[s], sizeof d[s], sp.cpu_sd[s]);
	}
	ratio = sp.cpu_ratio;
	fprintf(out,
	        "- **Speed, CPU time** (the profile's samples / frequency / "
	        "loops, mean ± standard deviation over runs): A %s ± %s, B "
	        "%s ± %s: B takes **%.2f×** A's CPU time (%.2f× %s)",
	        m[0], d[0], m[1], d[1], ratio, ratio <= 1 ? 1 / ratio : ratio,
	        ratio <= 1 ? "faster" : "slower");
	if (!isnan(sp.cpu_p))
		fprintf(out,
		        ", %s noise (Welch's t-test on its %zu and %zu "
		        "runs: p = %.2g)",
		        compare_speed_verdict(sp.cpu_p), sp.cpu_runs[0],
		        sp.cpu_runs[1], sp.cpu_p);
	fputs(".\n", out);
}

/* What a table of the largest changes lists: its items and words. */
struct changes_of {
	const char *whose; /* "", "eval loop's ": whose time changed */
	const char *what;  /* "functions", "families" */
	const char *one;   /* "function", "family" */
	const char *self;  /* what self is */
	bool dso;          /* a column of the item's DSO */
};

static const struct changes_of functions_changed = {
    "", "functions", "function", "the function's own code", true};
static const struct changes_of families_changed = {
    "eval loop's ", "instruction families", "family",
    "the sample's leaf is in the family's code, as bytecode places it", false};

/* The items of c whose self value changed most, significant ones bold. */
static void
top_changes(FILE *out, struct compare *c, const struct changes_of *of,
            uint32_t limit)
{
	uint32_t *order = compare_by_size(c, 0);
	const char *unit = compare_unit_text(c);

	fprintf(out,
	        "- **Where the %s%s changed most** (self: %s; %u of %u %s "
	        "tested changed significantly, **in bold**; %s):\n\n"
	        "| %s |%s A | B | change | significant |\n"
	        "|---|%s--:|--:|--:|---|\n",
	        of->whose, c->unit == UNIT_TIME ? "time" : "share", of->self,
	        c->nsignificant[0], c->ntested[0], of->what, unit, of->one,
	        of->dso ? " DSO |" : "", of->dso ? "---|" : "");
	const char *fmt = c->unit == UNIT_TIME ? "%.3f" : "%.2f";
	uint32_t shown = 0;
	for (uint32_t k = 0; shown < limit && k < c->nitems; k++) {
		const struct compare_result *x = compare_result(c, order[k], 0);
		if (x->diff == 0)
			break; /* the rest did not change at all */
		shown++;
		const char *b = x->significant ? "**" : "";
		char v[3][32];
		snprintf(v[0], 32, fmt, x->share[0]);
		snprintf(v[1], 32, fmt, x->share[1]);
		snprintf(v[2], 32, c->unit == UNIT_TIME ? "%+.3f" : "%+.2f",
		         x->diff);
		fprintf(out, "| %s`", b);
		readme_cell(out, compare_text(c, c->items[order[k]].name).p);
		fprintf(out, "`%s | ", b);
		struct span dso = compare_item_dso(c, order[k]);
		if (of->dso)
			fprintf(out, "%.*s | ", (int)dso.n, dso.p);
		int only = compare_only_in(c, order[k]);
		fprintf(out, "%s | %s | %s%s%s | %s%s |\n", v[0], v[1], b, v[2],
		        b,
		        !x->tested       ? "not tested"
		        : x->significant ? "yes"
		                         : "no",
		        only == 1   ? " (new: B only)"
		        : only == 0 ? " (gone: A only)"
		                    : "");
	}
	if (shown == 0)
		fprintf(out, "| no %s's value changed |%s | | | |\n", of->one,
		        of->dso ? " |" : "");
	fputc('\n', out);
	free(order);
}

/*
 * One build on both sides though a field of it is unknown: the interpreter
 * and its sys.version (with its build date) known and equal, and every
 * field of meta_build_fields equal, unknown only where both sides are.
 */
static bool
one_known_build(const struct compare_readme *r)
{
	return r->has_meta[0] && r->has_meta[1] &&
	       metadata_get(r->meta[0], "python.executable") != NULL &&
	       metadata_get(r->meta[0], "python.version") != NULL &&
	       metadata_same_build(r->meta[0], r->meta[1]);
}

/* The build fields neither side knows, listed after ": ". */
static void
unknown_on_both(FILE *out, const struct compare_readme *r)
{
	const char *sep = ": ";

	for (size_t i = 0; meta_build_fields[i] != NULL; i++)
		if (metadata_get(r->meta[0], meta_build_fields[i]) == NULL) {
			fprintf(out, "%s`%s`", sep, meta_build_fields[i]);
			sep = ", ";
		}
}

/* Which Python builds are compared: the difference under test. */
static void
builds(FILE *out, const struct compare_readme *r)
{
	enum verdict v = ALIKE;
	char *label[2];

	for (size_t k = 0; k < NGROUPS; k++)
		if (groups[k].under_test) {
			enum verdict g = judge(r, &groups[k]);
			if (g == DIFFERENT || (g == UNKNOWN && v == ALIKE))
				v = g;
		}
	for (int s = 0; s < 2; s++)
		label[s] =
		    r->has_meta[s] ? metadata_build_label(r->meta[s]) : NULL;
	fputs("## What is compared\n\n", out);
	if (v == DIFFERENT)
		fprintf(out,
		        "Two Python builds: the build is the difference under "
		        "test.\n\n- A: %s\n- B: %s\n\n",
		        label[0] ? label[0] : "unknown",
		        label[1] ? label[1] : "unknown");
	else if (v == UNKNOWN && one_known_build(r)) {
		fprintf(out,
		        "One Python build on both sides (%s): the same "
		        "interpreter, version and build fields in both "
		        "meta.json, unknown on both sides aside",
		        label[0]);
		unknown_on_both(out, r);
		fputs(".  What differs is what else changed between A and "
		      "B.\n\n",
		      out);
	} else if (v == ALIKE)
		fprintf(out,
		        "One Python build on both sides (%s): what differs is "
		        "what else changed between A and B.\n\n",
		        label[0] ? label[0] : "no Python recorded");
	else
		fprintf(out,
		        "The Python builds are not fully known (A: %s; B: %s): "
		        "whether they differ could not all be checked.\n\n",
		        label[0] ? label[0] : "unknown",
		        label[1] ? label[1] : "unknown");
	free(label[0]);
	free(label[1]);
}

void
compare_readme_fairness(FILE *out, const struct compare_readme *r)
{
	builds(out, r);
	unfairness(out, r);
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
	        r->given[0] != NULL ? r->given[0] : r->id[0],
	        r->given[1] != NULL ? r->given[1] : r->id[1]);
	struct compare_speed sp;
	bool timed = compare_speed_of(r->has_meta[0] ? r->meta[0] : NULL,
	                              r->has_meta[1] ? r->meta[1] : NULL,
	                              r->raw_path, &sp);
	if (timed) {
		compare_speed_disagreement(out, &sp, r->meta);
		speed(out, &sp);
	}
	if (r->cmp != NULL)
		top_changes(out, r->cmp, &functions_changed, 10);
	if (r->families != NULL)
		top_changes(out, r->families, &families_changed, 5);
	/* Two data sets of one ID (two builds) have no README each in OUT. */
	bool one_id = strcmp(r->id[0], r->id[1]) == 0;
	for (int s = 0; s < 2; s++) {
		if (one_id)
			fprintf(out, "- %s: `%s`, `%s`: ", s ? "B" : "A",
			        r->given[s] != NULL ? r->given[s] : r->id[s],
			        r->raw[s]);
		else
			fprintf(out, "- %s: [`%s`](%s-README.md), `%s`: ",
			        s ? "B" : "A", r->id[s], r->id[s], r->raw[s]);
		if (r->has_meta[s])
			readme_subtitle(out, r->meta[s]);
		else
			fputs("no meta.json: how it was recorded is "
			      "unknown.\n",
			      out);
	}
	if (one_id)
		fprintf(out,
		        "\nBoth have the ID `%s`: the views of each are made "
		        "into an OUT of its own (`make views ID=%s DATA=DIR "
		        "OUT=DIR`), so neither is linked here.\n",
		        r->id[0], r->id[0]);
	fputc('\n', out);
	compare_readme_fairness(out, r);
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
compare_readme_of_compared(FILE *out, char *const raws[2], const char *diff,
                           const char *name, struct compare *functions,
                           struct compare *stacks)
{
	struct compare_readme r = {
	    .diff = diff, .name = name, .raw_path = {raws[0], raws[1]}};
	char *given[2] = {NULL, NULL};
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
	/* One ID twice: each named by where it is, as make compare took it. */
	if (strcmp(r.id[0], r.id[1]) == 0)
		for (int s = 0; s < 2; s++) {
			const char *end = strstr(raws[s], "-raw.txt");
			size_t n = end != NULL ? (size_t)(end - raws[s])
			                       : strlen(raws[s]);
			r.given[s] = given[s] = xstrndup(raws[s], n);
		}
	r.cmp = functions;
	/* The eval loop by family, from the same read, when both have one. */
	struct compare families;
	const char *why;
	if (compare_eval_loop_placed(functions, 0, &why) &&
	    compare_eval_loop_placed(functions, 1, &why)) {
		compare_init_borrowing(&families, functions, KEY_FAMILY);
		compare_run(&families);
		r.families = &families;
	}
	compare_unmatched(stacks, r.unmatched);
	r.stacks = true;
	compare_readme_write(out, &r);
	if (r.families != NULL)
		compare_free(&families);
	for (int s = 0; s < 2; s++) {
		metadata_free(&m[s]);
		free(id[s]);
		free(given[s]);
	}
}

void
compare_readme_of_raws(FILE *out, char *const raws[2], const char *diff,
                       const char *name)
{
	struct compare functions, stacks;

	/* The functions compared as flatdiff compares them (its refusals
	 * were make compare's to make; FORCE=1 got past them), and the
	 * stacks as diffstacks matches them, of one reading of each side. */
	compare_defaults_run_placing(&functions, KEY_FUNCTION, raws[0], raws[1],
	                             NULL);
	compare_defaults_shared(&stacks, KEY_STACK, &functions, NULL);
	compare_readme_of_compared(out, raws, diff, name, &functions, &stacks);
	compare_free(&stacks);
	compare_free(&functions);
}
