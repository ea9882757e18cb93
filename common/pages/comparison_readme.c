/*
 * comparison_readme.c - see comparison_readme.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "dataset/speed.h"
#include "pages/comparison_readme.h"
#include "pages/comparison_fairness.h"
#include "pages/comparison_summary.h"
#include "pages/readme.h"

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

/* The files of a comparison by kind (comparison_kinds, named
 * "A-vs-B<suffix>"): the README's table. */
static const struct {
	const char *kind, *what;
	const char *how; /* after a space; "" leaves the cell empty */
	bool link;       /* not the README itself */
} comparison_files[] = {
    {"diff",
     "`flatdiff A B`: per function, its self and total time per loop (or "
     "per run, or shares: its header says) in A and in B, the change, and "
     "whether it is more than noise",
     " below", true},
    {"diffgraph",
     "`diffstacks A B \\| flamesvg`: B's flame graph, coloured by what "
     "changed since A",
     " below; open it in a browser", true},
    {"readme", "this file", "", false},
};

/* The prefix of a comparison's files (a new string). */
static char *
files_prefix(const struct comparison_readme *r)
{
	return r->name != NULL ? xstrdup(r->name)
	                       : xasprintf("%s" COMPARISON_SEPARATOR "%s",
	                                   r->id[0], r->id[1]);
}

static void
files_table(FILE *out, const struct comparison_readme *r)
{
	char *prefix = files_prefix(r);

	fputs("## Files\n\n| file | what it is | how to read it |\n"
	      "|---|---|---|\n",
	      out);
	for (size_t i = 0;
	     i < sizeof comparison_files / sizeof *comparison_files; i++) {
		const char *suffix =
		    comparison_suffix(comparison_files[i].kind);
		if (comparison_files[i].link)
			fprintf(out, "| [%s%s](%s%s)", prefix, suffix, prefix,
			        suffix);
		else
			fprintf(out, "| %s%s", prefix, suffix);
		fprintf(out, " | %s |%s |\n", comparison_files[i].what,
		        comparison_files[i].how);
	}
	fputc('\n', out);
	free(prefix);
}

static void
how_to_read(FILE *out, const struct comparison_readme *r)
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
		fprintf(out, "The top of `%s%s`:\n\n", prefix,
		        comparison_suffix("diff"));
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
by_dso_and_category(FILE *out, const struct comparison_readme *r)
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
comparison_readme_fairness(FILE *out, const struct comparison_readme *r)
{
	comparison_fairness_write(out, r->meta, r->has_meta);
}

void
comparison_readme_write(FILE *out, const struct comparison_readme *r)
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
		comparison_summary_speed(out, &sp);
	}
	if (r->cmp != NULL)
		comparison_summary_changes(out, r->cmp, COMPARISON_FUNCTIONS,
		                           10);
	if (r->families != NULL)
		comparison_summary_changes(out, r->families,
		                           COMPARISON_FAMILIES, 5);
	/* Two data sets of one ID (two builds) have no README each in OUT. */
	bool one_id = strcmp(r->id[0], r->id[1]) == 0;
	for (int s = 0; s < 2; s++) {
		if (one_id)
			fprintf(out, "- %s: `%s`, `%s`: ", s ? "B" : "A",
			        r->given[s] != NULL ? r->given[s] : r->id[s],
			        r->raw[s]);
		else
			fprintf(out,
			        "- %s: [`%s`](%s%s), `%s`: ", s ? "B" : "A",
			        r->id[s], r->id[s], file_kind_suffix("readme"),
			        r->raw[s]);
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
	comparison_readme_fairness(out, r);
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
comparison_readme_of_compared(FILE *out, char *const raws[2], const char *diff,
                              const char *name, struct compare *functions,
                              struct compare *stacks)
{
	struct comparison_readme r = {
	    .diff = diff, .name = name, .raw_path = {raws[0], raws[1]}};
	char *given[2] = {NULL, NULL};
	struct metadata m[2];
	char *id[2];

	for (int s = 0; s < 2; s++) {
		char *dir = file_kind_dir(raws[s]);
		r.id[s] = id[s] = raw_dataset_name(raws[s]);
		r.raw[s] = span_basename(span_cstr(raws[s])).p;
		char *meta = file_kind_path("meta", dir, id[s]);
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
			given[s] = file_kind_stem(raws[s], "raw");
			r.given[s] = given[s] =
			    given[s] != NULL ? given[s] : xstrdup(raws[s]);
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
	comparison_readme_write(out, &r);
	if (r.families != NULL)
		compare_free(&families);
	for (int s = 0; s < 2; s++) {
		metadata_free(&m[s]);
		free(id[s]);
		free(given[s]);
	}
}

void
comparison_readme_of_raws(FILE *out, char *const raws[2], const char *diff,
                          const char *name)
{
	struct compare functions, stacks;

	/* The functions compared as flatdiff compares them (its refusals
	 * were make compare's to make; FORCE=1 got past them), and the
	 * stacks as diffstacks matches them, of one reading of each side. */
	compare_defaults_run(&functions, KEY_FUNCTION, raws[0], raws[1], NULL);
	compare_defaults_shared(&stacks, KEY_STACK, &functions, NULL);
	comparison_readme_of_compared(out, raws, diff, name, &functions,
	                              &stacks);
	compare_free(&stacks);
	compare_free(&functions);
}
