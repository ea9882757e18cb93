/*
 * comparison_fairness.c - see comparison_fairness.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/trust.h"
#include "pages/comparison_fairness.h"
#include "pages/readme_text.h"

/* A and B's metadata; has_meta false: no meta.json, every field unknown. */
struct sides {
	const struct metadata *const *meta;
	const bool *has_meta;
};

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
differ(const struct sides *r, const char *field, const char *a, const char *b)
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
judge(const struct sides *r, const struct fairness *g)
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
difference(FILE *out, const struct sides *r, const struct fairness *g)
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
weaknesses(FILE *out, const struct sides *r)
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
unknowns(FILE *out, const struct sides *r)
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
unfairness(FILE *out, const struct sides *r)
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

/*
 * One build on both sides though a field of it is unknown: the interpreter
 * and its sys.version (with its build date) known and equal, and every
 * field of meta_build_fields equal, unknown only where both sides are.
 */
static bool
one_known_build(const struct sides *r)
{
	return r->has_meta[0] && r->has_meta[1] &&
	       metadata_get(r->meta[0], "python.executable") != NULL &&
	       metadata_get(r->meta[0], "python.version") != NULL &&
	       metadata_same_build(r->meta[0], r->meta[1]);
}

/* The build fields neither side knows, listed after ": ". */
static void
unknown_on_both(FILE *out, const struct sides *r)
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
builds(FILE *out, const struct sides *r)
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
comparison_fairness_write(FILE *out, const struct metadata *const meta[2],
                          const bool has_meta[2])
{
	const struct sides r = {meta, has_meta};

	builds(out, &r);
	unfairness(out, &r);
}
