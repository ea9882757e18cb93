/*
 * suite_compare_readme.c - see suite_compare_readme.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/suite_file.h"
#include "pages/comparison_readme.h"
#include "pages/readme.h"
#include "suite/suite_compare_readme.h"

/*
 * The noise floor in a line: A against its build recorded again, what
 * differences of no cause look like at this size, and what a null
 * comparison is expected to flag.
 */
static void
floor_line(FILE *out, const struct suite_pairs *ss)
{
	const struct suite_pairs *f = ss->floor;
	size_t n, ncpu, beyond = 0, cpu_beyond = 0;

	if (f == NULL)
		return;
	double g = suite_pairs_geomean(f, &n),
	       gc = suite_pairs_geomean_cpu(f, &ncpu);
	for (size_t i = 0; i < f->npairs; i++) {
		beyond += f->pairs[i].timed &&
		          suite_pairs_beyond_noise(&f->pairs[i].speed);
		cpu_beyond += f->pairs[i].timed &&
		              suite_pairs_cpu_beyond_noise(&f->pairs[i].speed);
	}
	fprintf(out,
	        "- **Noise floor** (A against suite %s, A's build recorded "
	        "again: differences with no cause): ",
	        f->s[1].name);
	if (n > 0)
		fprintf(out, "wall time %.3f× (%zu of %zu beyond noise)", g,
		        beyond, n);
	if (ncpu > 0)
		fprintf(out, ", CPU time %.3f× (%zu of %zu)", gc, cpu_beyond,
		        ncpu);
	fprintf(out,
	        "%scategories: %zu of %zu rows significant.  By chance alone "
	        "a comparison flags about one benchmark in twenty beyond "
	        "noise (p <= 5%% each) and, at a %g%% false discovery rate, "
	        "no category row %g times in %g; where the floor flags more, "
	        "the machine moved between recordings, and B against A "
	        "says no more than the floor does.\n",
	        n > 0 ? "; " : "", f->nsignificant, f->ntested,
	        100 * ss->o->alpha, 1 / ss->o->alpha - 1, 1 / ss->o->alpha);
}

/* A suite in a line. */
static void
suite_line(FILE *out, const char *out_dir, const char *side,
           const struct suite_file *s)
{
	size_t recorded = 0;

	for (size_t i = 0; i < s->n; i++)
		recorded += s->members[i].recorded;
	char *readme = suite_file_path("readme", out_dir, s->name);
	if (access(readme, F_OK) == 0)
		fprintf(out, "- %s: suite **%s** ([README](%s%s))", side,
		        s->name, s->name, suite_file_suffix("readme"));
	else
		fprintf(out, "- %s: suite **%s**", side, s->name);
	free(readme);
	fprintf(out, ", %zu benchmark%s (%zu recorded) with ", s->n,
	        s->n == 1 ? "" : "s", recorded);
	if (s->build != NULL)
		readme_cell(out, s->build);
	else
		fputs("an unknown Python", out);
	fprintf(out, ", %u Hz, %u runs", s->frequency, s->runs);
	for (size_t i = 0; i < s->ntags; i++)
		fprintf(out, "%s%s", i ? ", " : ", tags ", s->tags[i]);
	fprintf(out, "; defined %s, data in `%s`.\n", s->date ? s->date : "?",
	        s->data);
}

static void
summary(FILE *out, const struct suite_pairs *ss)
{
	size_t n, ncpu, beyond = 0, cpu_beyond = 0, disagree = 0;
	double g = suite_pairs_geomean(ss, &n);
	double gc = suite_pairs_geomean_cpu(ss, &ncpu);

	for (size_t i = 0; i < ss->npairs; i++) {
		const struct suite_pair *p = &ss->pairs[i];
		beyond += p->timed && suite_pairs_beyond_noise(&p->speed);
		cpu_beyond +=
		    p->timed && suite_pairs_cpu_beyond_noise(&p->speed);
		disagree += p->timed && p->speed.disagree;
	}
	fprintf(out, "# Suites compared: %s against %s\n\n", ss->s[1].name,
	        ss->s[0].name);
	fprintf(out,
	        "B is compared against A, benchmark by benchmark, from their "
	        "data sets alone (`make compare-suites A=%s B=%s`); a change "
	        "is B's value minus A's.\n\n",
	        ss->given[0], ss->given[1]);
	if (n > 0) {
		fputs("- **Speed** (the geometric mean of the ratios of "
		      "pyperf's mean time per loop, B / A",
		      out);
		fprintf(out,
		        ", over %zu benchmarks): B takes **%.3f×** A's wall "
		        "time (%.2f× %s); %zu of the %zu beyond pyperf's noise "
		        "(Welch's t-test over its workers' means where "
		        "ID%s gives them, else its values; p <= "
		        "5%%).\n",
		        n, g, g <= 1 ? 1 / g : g, g <= 1 ? "faster" : "slower",
		        beyond, n, file_kind_suffix("pyperf"));
		if (ncpu > 0)
			fprintf(
			    out,
			    "- **CPU time** (the geometric mean of the "
			    "ratios of the profile's CPU time per loop, over "
			    "%zu benchmarks): B takes **%.3f×** A's CPU time "
			    "(%.2f× %s); %zu of the %zu beyond noise "
			    "(Welch's t-test over runs, p <= 5%%).\n",
			    ncpu, gc, gc <= 1 ? 1 / gc : gc,
			    gc <= 1 ? "faster" : "slower", cpu_beyond, ncpu);
		if (disagree > 0)
			fprintf(out,
			        "- **Wall time and CPU time disagree** on %zu "
			        "benchmark%s (marked below): the share of its "
			        "wall time a side's process was on the CPU "
			        "differs beyond noise, so something CPU time "
			        "does not count (a busy machine, waiting) "
			        "slowed one side.  For what the code costs, "
			        "believe the CPU time; see each benchmark's "
			        "comparison.\n",
			        disagree, disagree == 1 ? "" : "s");
	} else
		fputs("- **Speed**: unknown: no benchmark has pyperf's timing "
		      "on both sides (meta.json's benchmark.mean_seconds).\n",
		      out);
	floor_line(out, ss);
	fprintf(out,
	        "- **Categories** (a row per benchmark and category, as "
	        "`flatdiff --by category` tests them): %zu of %zu rows "
	        "tested changed significantly (Benjamini–Hochberg over all "
	        "the rows of the suite, false discovery rate %g%%).\n",
	        ss->nsignificant, ss->ntested, 100 * ss->o->alpha);
	suite_line(out, ss->o->out, "A", &ss->s[0]);
	suite_line(out, ss->o->out, "B", &ss->s[1]);
	fputc('\n', out);
}

/* A value in a pair's unit: ms three decimals, percent two. */
static void
put_value(FILE *out, const char *fmt_time, const struct suite_pair *p, double v)
{
	fprintf(out, strncmp(p->unit, "ms ", 3) == 0 ? fmt_time : "%+.2f", v);
}

static void
top_categories(FILE *out, const struct suite_pairs *ss,
               const struct suite_pair *p, size_t limit)
{
	size_t *order = suite_pair_changes(ss, p);
	size_t shown = 0;
	for (size_t k = 0; k < p->nrows && shown < limit; k++) {
		const struct pair_category *w = &ss->rows[order[k]];
		if (w->change == 0)
			break;
		const char *b = w->significant ? "**" : "";
		fprintf(out, "%s%s%s ", shown ? ", " : "", b, w->category);
		put_value(out, "%+.3f", p, w->change);
		fputs(b, out);
		shown++;
	}
	if (shown == 0)
		fputs("none changed", out);
	fprintf(out, " (%s%s)", p->unit,
	        p->counts ? "; a side of one run: tested on the counting "
	                    "error alone, runs vary more"
	                  : "");
	free(order);
}

static void
benchmark_table(FILE *out, const struct suite_pairs *ss)
{
	char a[32], b[32];
	size_t n;
	double g = suite_pairs_geomean(ss, &n);

	fputs("## Benchmark by benchmark\n\n"
	      "Time is pyperf's mean wall time per loop of the profiled runs; "
	      "*beyond noise* is Welch's t-test over its workers' means (p "
	      "<= 5%).  *CPU B / A* is the ratio of the profile's CPU time "
	      "per loop (samples / frequency / loops, per run), tested over "
	      "runs the same way; *disagree* marks a benchmark whose two "
	      "ratios disagree (speed.h).  The categories are those whose time "
	      "(self: the "
	      "category of the leaf function) changed most, significant "
	      "ones **in bold**; so are the functions (self time, the unit "
	      "of the categories), each significant by the test of its "
	      "benchmark's own comparison (its diff), and the instruction "
	      "families of CPython's eval loop (self time, as "
	      "`flatdiff --by family` tests them) when both sides' samples "
	      "place them.  Each benchmark's "
	      "comparison has its README, "
	      "diff (a row per function, in time per loop) and differential "
	      "flame graph.\n\n"
	      "| benchmark | A | B | B / A | beyond noise | CPU B / A | ",
	      out);
	if (ss->floor != NULL)
		fprintf(out, "floor: %s / A (CPU) | ", ss->floor->s[1].name);
	fputs("categories that changed most | functions that changed most "
	      "| eval loop families that changed most | comparison |\n"
	      "|---|--:|--:|--:|---|--:|",
	      out);
	fputs(ss->floor != NULL ? "--:|---|---|---|---|\n"
	                        : "---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < ss->npairs; i++) {
		const struct suite_pair *p = &ss->pairs[i];
		fprintf(out, "| %s | ", p->m[0]->benchmark);
		if (p->timed) {
			readme_seconds(a, sizeof a, p->speed.mean[0]);
			readme_seconds(b, sizeof b, p->speed.mean[1]);
			fprintf(out, "%s | %s | %.3f | ", a, b, p->speed.ratio);
			if (isnan(p->speed.p))
				fputs("not tested | ", out);
			else
				fprintf(out, "%s (p = %.2g) | ",
				        suite_pairs_beyond_noise(&p->speed)
				            ? "**yes**"
				            : "no",
				        p->speed.p);
			if (!p->speed.cpu)
				fputs("? | ", out);
			else
				fprintf(out, "%s%.3f%s%s | ",
				        suite_pairs_cpu_beyond_noise(&p->speed)
				            ? "**"
				            : "",
				        p->speed.cpu_ratio,
				        suite_pairs_cpu_beyond_noise(&p->speed)
				            ? "**"
				            : "",
				        p->speed.disagree ? " (disagree)" : "");
		} else
			fputs("? | ? | ? | unknown: no pyperf timing | ? | ",
			      out);
		if (ss->floor != NULL) {
			const struct suite_pair *f = suite_pair_floor(ss, p);
			if (f == NULL || !f->timed)
				fputs("? | ", out);
			else if (!f->speed.cpu)
				fprintf(out, "%.3f | ", f->speed.ratio);
			else
				fprintf(out, "%.3f (%.3f) | ", f->speed.ratio,
				        f->speed.cpu_ratio);
		}
		top_categories(out, ss, p, 3);
		fprintf(out, " | %s | %s", p->functions, p->families);
		if (p->page)
			fprintf(out,
			        " | [README](%s%s) · [diff](%s%s) · "
			        "[flame graph](%s%s) |\n",
			        p->name, comparison_suffix("readme"), p->name,
			        comparison_suffix("diff"), p->name,
			        comparison_suffix("diffgraph"));
		else
			fputs(ss->o->no_pages ? " | not made |\n"
			                      : " | failed |\n",
			      out);
	}
	size_t ncpu;
	double gc = suite_pairs_geomean_cpu(ss, &ncpu);
	const char *floor_cell = ss->floor != NULL ? " |" : "";
	if (n > 0 && ncpu == n)
		fprintf(out,
		        "| **geometric mean** (%zu) | | | **%.3f** | | "
		        "**%.3f** |%s | | | |\n",
		        n, g, gc, floor_cell);
	else if (n > 0 && ncpu > 0) /* each mean says what it is over */
		fprintf(
		    out,
		    "| **geometric mean** (%zu; CPU over %zu) | | | **%.3f** "
		    "| | **%.3f** |%s | | | |\n",
		    n, ncpu, g, gc, floor_cell);
	else if (n > 0)
		fprintf(out,
		        "| **geometric mean** (%zu) | | | **%.3f** | | |%s | | "
		        "| |\n",
		        n, g, floor_cell);
	fputc('\n', out);
}

/* Benchmarks of one side only, or not recorded: a list. */
static void
one_side_lists(FILE *out, const struct suite_pairs *ss)
{
	bool heading = false;

	for (int s = 0; s < 2; s++) {
		const struct suite_file *f = &ss->s[s];
		for (size_t i = 0; i < f->n; i++) {
			const struct suite_member *m = &f->members[i];
			const struct suite_member *other =
			    suite_file_member(&ss->s[1 - s], m->benchmark);
			const char *why = NULL;
			if (other == NULL)
				why = s ? "only in B" : "only in A";
			else if (!m->recorded)
				why = s ? "not recorded in B"
				        : "not recorded in A";
			else if (!other->recorded)
				continue; /* said from the other side */
			else {
				bool paired = false;
				for (size_t k = 0; k < ss->npairs; k++)
					paired |= ss->pairs[k].m[s] == m;
				if (paired)
					continue;
				why = "no raw file";
			}
			if (!heading)
				fputs("## Not compared\n\n", out);
			heading = true;
			fprintf(out, "- %s (`%s`, in `%s`): %s\n", m->benchmark,
			        m->id, m->data, why);
		}
	}
	if (heading)
		fputc('\n', out);
}

/* The categories summed over the benchmarks of both (per loop), else shares. */
static void
suite_categories(FILE *out, const struct suite_pairs *ss)
{
	bool per_loop = ss->npairs > 0;
	char **names = NULL;
	size_t nnames = 0, cap = 0;

	for (size_t i = 0; i < ss->npairs; i++)
		per_loop &= ss->pairs[i].per_loop;
	for (size_t i = 0; i < ss->nrows; i++) {
		size_t k = 0;
		while (k < nnames && strcmp(names[k], ss->rows[i].category))
			k++;
		if (k == nnames) {
			names = array_reserve(names, &cap, nnames + 1,
			                      sizeof *names);
			names[nnames++] = ss->rows[i].category;
		}
	}
	double(*sum)[2] = xcalloc(nnames + 1, sizeof *sum);
	double(*share)[2] = xcalloc(nnames + 1, sizeof *share);
	double total[2] = {0, 0};
	for (size_t i = 0; i < ss->nrows; i++) {
		const struct pair_category *w = &ss->rows[i];
		size_t k = 0;
		while (strcmp(names[k], w->category))
			k++;
		for (int s = 0; s < 2; s++) {
			sum[k][s] += per_loop ? w->value[s] : 0;
			total[s] += per_loop ? w->value[s] : 0;
			share[k][s] += w->share[s] / (double)ss->npairs;
		}
	}
	/* Largest first: by both sides' sums (or shares) together. */
	for (size_t k = 1; k < nnames; k++)
		for (size_t j = k; j > 0; j--) {
			double x = per_loop ? sum[j][0] + sum[j][1]
			                    : share[j][0] + share[j][1];
			double y = per_loop ? sum[j - 1][0] + sum[j - 1][1]
			                    : share[j - 1][0] + share[j - 1][1];
			if (x <= y)
				break;
			char *t = names[j];
			names[j] = names[j - 1];
			names[j - 1] = t;
			for (int s = 0; s < 2; s++) {
				double u = sum[j][s], v = share[j][s];
				sum[j][s] = sum[j - 1][s];
				share[j][s] = share[j - 1][s];
				sum[j - 1][s] = u;
				share[j - 1][s] = v;
			}
		}
	fputs("## Categories over the suite\n\n", out);
	if (per_loop)
		fputs("Each category's time per loop summed over the "
		      "benchmarks compared (ms), and its share of that sum; "
		      "the slowest benchmarks weigh most.\n\n"
		      "| category | A (ms) | B (ms) | change (ms) | A share | "
		      "B share |\n|---|--:|--:|--:|--:|--:|\n",
		      out);
	else
		fputs(
		    "Not every benchmark has its time per loop on both sides: "
		    "each category's share of the samples, the mean over "
		    "the benchmarks compared.\n\n"
		    "| category | A share | B share | change (points) |\n"
		    "|---|--:|--:|--:|\n",
		    out);
	for (size_t k = 0; k < nnames; k++) {
		if (per_loop)
			fprintf(out,
			        "| %s | %.3f | %.3f | %+.3f | %.1f%% | %.1f%% "
			        "|\n",
			        names[k], sum[k][0], sum[k][1],
			        sum[k][1] - sum[k][0],
			        total[0] > 0 ? 100 * sum[k][0] / total[0] : 0,
			        total[1] > 0 ? 100 * sum[k][1] / total[1] : 0);
		else
			fprintf(out, "| %s | %.1f%% | %.1f%% | %+.2f |\n",
			        names[k], share[k][0], share[k][1],
			        share[k][1] - share[k][0]);
	}
	fputc('\n', out);
	free(sum);
	free(share);
	free(names);
}

/* The files' table: those beside this README, each linked with what it
 * is (suites_compared_kinds), then this one and each benchmark's. */
static void
files_section(FILE *out, const struct suite_pairs *ss)
{
	fputs("## Files\n\n| file | what it is |\n|---|---|\n", out);
	for (size_t k = 0; k < suites_compared_kind_count; k++) {
		const struct suite_file_kind *f = &suites_compared_kinds[k];
		if (strcmp(f->kind, "readme") != 0)
			fprintf(out, "| [%s%s](%s%s) | %s |\n", ss->name,
			        f->suffix, ss->name, f->suffix, f->what);
	}
	fprintf(out,
	        "| %s%s | this file |\n"
	        "| IDA" COMPARISON_SEPARATOR "IDB-* (one ID in two "
	        "directories: ID-DIRA" COMPARISON_SEPARATOR "DIRB-*) | each "
	        "benchmark's `make compare` files, linked from the table "
	        "|\n\n",
	        ss->name, suites_compared_suffix("readme"));
}

/* A row of the suites' table: bold when both are known and differ. */
static void
suite_field(FILE *out, const char *what, const char *a, const char *b)
{
	bool differ = a != NULL && b != NULL && strcmp(a, b) != 0;
	const char *v[2] = {a, b};

	fprintf(out, "| %s%s%s |", differ ? "**" : "", what,
	        differ ? "**" : "");
	for (int s = 0; s < 2; s++) {
		fputc(' ', out);
		if (v[s] != NULL)
			readme_cell(out, v[s]);
		else
			fputs("unknown", out);
		fputs(" |", out);
	}
	fputc('\n', out);
}

static void
side_by_side(FILE *out, const struct suite_pairs *ss)
{
	char num[4][24], *tags[2];
	const struct suite_file *a = &ss->s[0], *b = &ss->s[1];

	fputs("## The two suites side by side\n\nA field whose values differ "
	      "is in bold.\n\n| field | A | B |\n|---|---|---|\n",
	      out);
	suite_field(out, "name", a->name, b->name);
	suite_field(out, "defined", a->date, b->date);
	suite_field(out, "Python", a->python, b->python);
	suite_field(out, "Python version", a->python_version,
	            b->python_version);
	suite_field(out, "build", a->build, b->build);
	snprintf(num[0], 24, "%u", a->frequency);
	snprintf(num[1], 24, "%u", b->frequency);
	snprintf(num[2], 24, "%u", a->runs);
	snprintf(num[3], 24, "%u", b->runs);
	suite_field(out, "frequency (Hz)", num[0], num[1]);
	suite_field(out, "runs", num[2], num[3]);
	for (int s = 0; s < 2; s++) {
		const struct suite_file *f = &ss->s[s];
		size_t len = 1;
		for (size_t i = 0; i < f->ntags; i++)
			len += strlen(f->tags[i]) + 1;
		tags[s] = xcalloc(len + 4, 1);
		if (f->ntags == 0)
			strcpy(tags[s], "none");
		for (size_t i = 0; i < f->ntags; i++) {
			if (i > 0)
				strcat(tags[s], " ");
			strcat(tags[s], f->tags[i]);
		}
	}
	suite_field(out, "tags", tags[0], tags[1]);
	suite_field(out, "data", a->data, b->data);
	fputc('\n', out);
	free(tags[0]);
	free(tags[1]);
}

/* What makes it unfair: comparison_readme's, of the first pair. */
static void
fairness(FILE *out, const struct suite_pairs *ss)
{
	if (ss->npairs == 0) {
		fputs("## What makes this comparison unfair\n\nNo benchmark "
		      "was recorded in both suites: nothing is compared.\n\n",
		      out);
		return;
	}
	const struct suite_pair *p = &ss->pairs[0];
	struct comparison_readme r = {0};
	for (int s = 0; s < 2; s++) {
		r.id[s] = p->m[s]->id;
		r.meta[s] = &p->meta[s];
		r.has_meta[s] = p->has_meta[s];
	}
	fprintf(out,
	        "What follows is told by the data sets of %s, the first "
	        "benchmark of both; each benchmark's own README says it for "
	        "its pair.\n\n",
	        p->m[0]->benchmark);
	comparison_readme_fairness(out, &r);
}

void
suite_compare_readme(FILE *out, const struct suite_pairs *ss)
{
	summary(out, ss);
	benchmark_table(out, ss);
	one_side_lists(out, ss);
	suite_categories(out, ss);
	fairness(out, ss);
	files_section(out, ss);
	side_by_side(out, ss);
}
