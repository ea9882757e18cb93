/*
 * suite_compare.c - see suite_compare.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json_write.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "pages/compare_files.h"
#include "pages/compare_readme.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "pages/readme.h"
#include "dataset/speed.h"
#include "suite/suite_compare.h"
#include "dataset/suite_file.h"
#include "flame/category_chart.h"
#include "os/dirs.h"
#include "stats/significance.h"
#include "compare/compare.h"
#include "views/report.h"

/* A benchmark recorded in both suites. */
struct pair {
	const struct suite_member *m[2];
	char *raw[2];
	struct metadata meta[2];
	bool has_meta[2];
	bool timed; /* both meta.json give pyperf's timing */
	struct compare_speed speed;
	char *name; /* the prefix of its make compare files */
	bool page;  /* they were written */
	char *unit; /* of its category values */
	bool per_loop;
	bool counts;         /* tested on counts: a side has one run */
	char *functions;     /* Markdown: the functions that changed most */
	char *families;      /* and the eval loop's instruction families */
	size_t first, nrows; /* its rows of categories */
};

/* A category of a benchmark, self values (its leaf's category). */
struct row {
	size_t pair;
	char *category;
	double value[2], change; /* in the pair's unit */
	double share[2];         /* percent of each side's samples */
	double p, q;             /* NaN: not tested */
	bool significant;
};

struct suites {
	const struct suite_compare_options *o;
	struct suite_file s[2];
	char *name;           /* "S1-vs-S2" */
	const char *given[2]; /* the suites as named on the command line */
	struct pair *pairs;
	size_t npairs;
	struct row *rows;
	size_t nrows, rows_cap;
	size_t ntested, nsignificant;
	struct suites *floor; /* A against the null suite, or NULL */
};

/* The data set of a member: its raw file and meta.json, when there. */
static void
find_files(struct pair *p, int side)
{
	const struct suite_member *m = p->m[side];
	char *meta = xasprintf("%s/%s-meta.json", m->data, m->id);

	p->raw[side] = file_kind_find(file_kind_named("raw"), m->data, m->id);
	p->has_meta[side] = access(meta, F_OK) == 0;
	if (p->has_meta[side])
		metadata_read_or_die(&p->meta[side], meta);
	else
		metadata_init(&p->meta[side]);
	free(meta);
}

/* The rows of a pair's categories, tested but not yet adjusted. */
static void
compare_categories(struct suites *ss, struct pair *p,
                   const struct compare *functions)
{
	struct compare c;

	/* Refusals are said by the benchmark's own page. */
	compare_defaults_shared(&c, KEY_CATEGORY, functions, ss->o->rules);
	p->unit = xstrdup(compare_unit_text(&c));
	p->per_loop = c.unit == UNIT_TIME && c.per_loop;
	p->counts = c.test == TEST_COUNTS;
	p->first = ss->nrows;
	for (uint32_t i = 0; i < c.nitems; i++) {
		const struct compare_result *r = compare_result(&c, i, 0);
		if (r->weight[0] == 0 && r->weight[1] == 0)
			continue; /* no leaf of this category: callers only */
		ss->rows = array_reserve(ss->rows, &ss->rows_cap, ss->nrows + 1,
		                         sizeof *ss->rows);
		struct row *w = &ss->rows[ss->nrows++];
		struct span name = compare_text(&c, c.items[i].name);
		w->pair = (size_t)(p - ss->pairs);
		w->category = xstrndup(name.p, name.n);
		for (int s = 0; s < 2; s++) {
			w->value[s] = r->share[s];
			w->share[s] = 100 * r->weight[s] /
			              (double)c.side[s].profile->total;
		}
		w->change = r->diff;
		w->p = r->tested ? r->test.p : NAN;
		w->q = NAN;
		w->significant = false;
	}
	p->nrows = ss->nrows - p->first;
	compare_free(&c);
}

/* The functions (and eval loop families) whose self time changed most,
 * for the benchmark's row. */
enum { TOP_FUNCTIONS = 3 };

/*
 * The items of c that changed most, as Markdown (significant ones, by the
 * test of c, in bold): a new string.
 */
static char *
top_items(const struct compare *c)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (out == NULL)
		die_errno(EXIT_DATA, "open_memstream");
	uint32_t *order = compare_by_size(c, 0);
	uint32_t shown = 0;
	for (uint32_t k = 0; k < c->nitems && shown < TOP_FUNCTIONS; k++) {
		const struct compare_result *r = compare_result(c, order[k], 0);
		if (r->diff == 0)
			break;
		const char *b = r->significant ? "**" : "";
		fprintf(out, "%s%s`", shown++ ? ", " : "", b);
		readme_cell(out, compare_text(c, c->items[order[k]].name).p);
		fprintf(out, c->unit == UNIT_TIME ? "` %+.3f%s" : "` %+.2f%s",
		        r->diff, b);
	}
	if (shown == 0)
		fputs("none changed", out);
	if (fclose(out) != 0)
		die_errno(EXIT_DATA, "open_memstream");
	free(order);
	return text;
}

/*
 * The functions of a pair that changed most, of its comparison by
 * function, and the instruction families of its eval loop when both sides
 * have one placed (by family, from the same read).
 */
static void
compare_functions(struct pair *p, const struct compare *functions)
{
	struct compare families;
	const char *why;

	p->functions = top_items(functions);
	if (compare_eval_loop_placed(functions, 0, &why) &&
	    compare_eval_loop_placed(functions, 1, &why)) {
		compare_init_borrowing(&families, functions, KEY_FAMILY);
		compare_run(&families);
		p->families = top_items(&families);
		compare_free(&families);
	} else {
		p->families = xstrdup("no eval loop placed");
	}
}

/* Benjamini–Hochberg over every tested row of the suite. */
static void
adjust(struct suites *ss)
{
	double *p = xcalloc(ss->nrows + 1, sizeof *p);
	size_t *at = xcalloc(ss->nrows + 1, sizeof *at);
	size_t n = 0;

	for (size_t i = 0; i < ss->nrows; i++)
		if (!isnan(ss->rows[i].p)) {
			at[n] = i;
			p[n++] = ss->rows[i].p;
		}
	benjamini_hochberg(p, n, p);
	ss->ntested = n;
	for (size_t k = 0; k < n; k++) {
		struct row *w = &ss->rows[at[k]];
		w->q = p[k];
		w->significant = p[k] <= ss->o->alpha;
		ss->nsignificant += w->significant;
	}
	free(at);
	free(p);
}

/* Every benchmark of A recorded in both, with what it needs. */
static void
pair_up(struct suites *ss)
{
	const struct suite_file *a = &ss->s[0], *b = &ss->s[1];

	ss->pairs = xcalloc(a->n + 1, sizeof *ss->pairs);
	for (size_t i = 0; i < a->n; i++) {
		const struct suite_member *mb =
		    suite_file_member(b, a->members[i].benchmark);
		if (mb == NULL || !a->members[i].recorded || !mb->recorded)
			continue;
		struct pair *p = &ss->pairs[ss->npairs];
		p->m[0] = &a->members[i];
		p->m[1] = mb;
		find_files(p, 0);
		find_files(p, 1);
		if (p->raw[0] == NULL || p->raw[1] == NULL) {
			for (int s = 0; s < 2; s++) {
				free(p->raw[s]);
				metadata_free(&p->meta[s]);
			}
			memset(p, 0, sizeof *p);
			continue; /* said among those not recorded */
		}
		ss->npairs++;
		p->timed =
		    compare_speed_of(p->has_meta[0] ? &p->meta[0] : NULL,
		                     p->has_meta[1] ? &p->meta[1] : NULL,
		                     (const char *const *)p->raw, &p->speed);
		p->name = compare_files_name(p->raw);
		/* Each raw file read once: its categories, its functions
		 * and its page from one comparison's sides. */
		struct compare functions;
		compare_defaults_run_placing(&functions, KEY_FUNCTION,
		                             p->raw[0], p->raw[1], NULL);
		compare_categories(ss, p, &functions);
		compare_functions(p, &functions);
		if (!ss->o->no_pages) {
			p->page = compare_files_of(ss->o->out, p->name, p->raw,
			                           ss->o->force, &functions);
			if (!p->page)
				warnmsg("compare-suites: %s: its comparison "
				        "failed (above); the suite's page says "
				        "so",
				        p->m[0]->benchmark);
		}
		compare_free(&functions);
	}
}

/* For qsort_r: a pair's rows by the size of their change, largest first. */
static int
by_change(const void *pa, const void *pb, void *arg)
{
	const struct row *rows = arg;
	const struct row *a = &rows[*(const size_t *)pa];
	const struct row *b = &rows[*(const size_t *)pb];

	if (a->significant != b->significant)
		return a->significant ? -1 : 1;
	if (fabs(a->change) != fabs(b->change))
		return fabs(a->change) > fabs(b->change) ? -1 : 1;
	return strcmp(a->category, b->category);
}

/* The geometric mean of the timing ratios, NaN when none is known. */
static double
geometric_mean(const struct suites *ss, size_t *n)
{
	double sum = 0;

	*n = 0;
	for (size_t i = 0; i < ss->npairs; i++)
		if (ss->pairs[i].timed) {
			sum += log(ss->pairs[i].speed.ratio);
			++*n;
		}
	return *n > 0 ? exp(sum / (double)*n) : NAN;
}

/* The same of the CPU-time ratios. */
static double
geometric_mean_cpu(const struct suites *ss, size_t *n)
{
	double sum = 0;

	*n = 0;
	for (size_t i = 0; i < ss->npairs; i++)
		if (ss->pairs[i].timed && ss->pairs[i].speed.cpu) {
			sum += log(ss->pairs[i].speed.cpu_ratio);
			++*n;
		}
	return *n > 0 ? exp(sum / (double)*n) : NAN;
}

static bool
beyond_noise(const struct compare_speed *sp)
{
	return !isnan(sp->p) && sp->p <= 0.05;
}

static bool
cpu_beyond_noise(const struct compare_speed *sp)
{
	return sp->cpu && !isnan(sp->cpu_p) && sp->cpu_p <= 0.05;
}

/* The noise floor's pair of a benchmark, or NULL. */
static const struct pair *
floor_pair(const struct suites *ss, const struct pair *p)
{
	for (size_t i = 0; ss->floor != NULL && i < ss->floor->npairs; i++)
		if (strcmp(ss->floor->pairs[i].m[0]->benchmark,
		           p->m[0]->benchmark) == 0)
			return &ss->floor->pairs[i];
	return NULL;
}

/*
 * The noise floor in a line: A against its build recorded again, what
 * differences of no cause look like at this size, and what a null
 * comparison is expected to flag.
 */
static void
floor_line(FILE *out, const struct suites *ss)
{
	const struct suites *f = ss->floor;
	size_t n, ncpu, beyond = 0, cpu_beyond = 0;

	if (f == NULL)
		return;
	double g = geometric_mean(f, &n), gc = geometric_mean_cpu(f, &ncpu);
	for (size_t i = 0; i < f->npairs; i++) {
		beyond += f->pairs[i].timed && beyond_noise(&f->pairs[i].speed);
		cpu_beyond +=
		    f->pairs[i].timed && cpu_beyond_noise(&f->pairs[i].speed);
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
	char *readme = xasprintf("%s/%s-README.md", out_dir, s->name);
	if (access(readme, F_OK) == 0)
		fprintf(out, "- %s: suite **%s** ([README](%s-README.md))",
		        side, s->name, s->name);
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
summary(FILE *out, const struct suites *ss)
{
	size_t n, ncpu, beyond = 0, cpu_beyond = 0, disagree = 0;
	double g = geometric_mean(ss, &n);
	double gc = geometric_mean_cpu(ss, &ncpu);

	for (size_t i = 0; i < ss->npairs; i++) {
		const struct pair *p = &ss->pairs[i];
		beyond += p->timed && beyond_noise(&p->speed);
		cpu_beyond += p->timed && cpu_beyond_noise(&p->speed);
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
		        "ID-pyperf.json gives them, else its values; p <= "
		        "5%%).\n",
		        n, g, g <= 1 ? 1 / g : g, g <= 1 ? "faster" : "slower",
		        beyond, n);
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
put_value(FILE *out, const char *fmt_time, const struct pair *p, double v)
{
	fprintf(out, strncmp(p->unit, "ms ", 3) == 0 ? fmt_time : "%+.2f", v);
}

/* A pair's rows, significant first, then by the size of the change. */
static size_t *
rows_by_change(const struct suites *ss, const struct pair *p)
{
	size_t *order = xcalloc(p->nrows + 1, sizeof *order);

	for (size_t k = 0; k < p->nrows; k++)
		order[k] = p->first + k;
	qsort_r(order, p->nrows, sizeof *order, by_change, ss->rows);
	return order;
}

static void
top_categories(FILE *out, const struct suites *ss, const struct pair *p,
               size_t limit)
{
	size_t *order = rows_by_change(ss, p);
	size_t shown = 0;
	for (size_t k = 0; k < p->nrows && shown < limit; k++) {
		const struct row *w = &ss->rows[order[k]];
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
benchmark_table(FILE *out, const struct suites *ss)
{
	char a[32], b[32];
	size_t n;
	double g = geometric_mean(ss, &n);

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
		const struct pair *p = &ss->pairs[i];
		fprintf(out, "| %s | ", p->m[0]->benchmark);
		if (p->timed) {
			readme_seconds(a, sizeof a, p->speed.mean[0]);
			readme_seconds(b, sizeof b, p->speed.mean[1]);
			fprintf(out, "%s | %s | %.3f | ", a, b, p->speed.ratio);
			if (isnan(p->speed.p))
				fputs("not tested | ", out);
			else
				fprintf(out, "%s (p = %.2g) | ",
				        beyond_noise(&p->speed) ? "**yes**"
				                                : "no",
				        p->speed.p);
			if (!p->speed.cpu)
				fputs("? | ", out);
			else
				fprintf(out, "%s%.3f%s%s | ",
				        cpu_beyond_noise(&p->speed) ? "**" : "",
				        p->speed.cpu_ratio,
				        cpu_beyond_noise(&p->speed) ? "**" : "",
				        p->speed.disagree ? " (disagree)" : "");
		} else
			fputs("? | ? | ? | unknown: no pyperf timing | ? | ",
			      out);
		if (ss->floor != NULL) {
			const struct pair *f = floor_pair(ss, p);
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
			        " | [README](%s-README.md) · "
			        "[diff](%s-diff.txt) · "
			        "[flame graph](%s-diffgraph.svg) |\n",
			        p->name, p->name, p->name);
		else
			fputs(ss->o->no_pages ? " | not made |\n"
			                      : " | failed |\n",
			      out);
	}
	size_t ncpu;
	double gc = geometric_mean_cpu(ss, &ncpu);
	const char *floor_cell = ss->floor != NULL ? " |" : "";
	if (n > 0 && ncpu > 0)
		fprintf(out,
		        "| **geometric mean** (%zu) | | | **%.3f** | | "
		        "**%.3f** |%s | | | |\n",
		        n, g, gc, floor_cell);
	else if (n > 0)
		fprintf(out,
		        "| **geometric mean** (%zu) | | | **%.3f** | | |%s | | "
		        "| |\n",
		        n, g, floor_cell);
	fputc('\n', out);
}

/* Benchmarks of one side only, or not recorded: a list. */
static void
one_side_lists(FILE *out, const struct suites *ss)
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
suite_categories(FILE *out, const struct suites *ss)
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
		const struct row *w = &ss->rows[i];
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

static void
files_section(FILE *out, const struct suites *ss)
{
	fprintf(out,
	        "## Files\n\n"
	        "| file | what it is |\n|---|---|\n"
	        "| [%s-timing.csv](%s-timing.csv) | a row per benchmark: "
	        "`benchmark,a_seconds,b_seconds,ratio,significant,"
	        "a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,"
	        "disagree` "
	        "(pyperf's means per loop; empty where a side has none) |\n"
	        "| [%s-categories.csv](%s-categories.csv) | a row per "
	        "benchmark and category: both sides' self values in the "
	        "unit named (ms per loop where the loops are known), the "
	        "change, both shares (percent of each side's samples) and "
	        "their change, p, q (Benjamini–Hochberg over all rows) and "
	        "`significant` |\n"
	        "| [%s-categories.svg](%s-categories.svg) | the same as a "
	        "chart: per benchmark, the categories that changed most, "
	        "bars left (less) or right (more) of one axis, significant "
	        "ones outlined, the others muted |\n"
	        "| [%s-comparison.json](%s-comparison.json) | all of it for "
	        "scripts: both suites, the geometric mean, each benchmark's "
	        "timing and categories |\n"
	        "| %s-README.md | this file |\n"
	        "| IDA-vs-IDB-* (one ID in two directories: "
	        "ID-DIRA-vs-DIRB-*) | each benchmark's `make compare` files, "
	        "linked from the table |\n\n",
	        ss->name, ss->name, ss->name, ss->name, ss->name, ss->name,
	        ss->name, ss->name, ss->name);
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
side_by_side(FILE *out, const struct suites *ss)
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

/* What makes it unfair: compare_readme's, of the first pair. */
static void
fairness(FILE *out, const struct suites *ss)
{
	if (ss->npairs == 0) {
		fputs("## What makes this comparison unfair\n\nNo benchmark "
		      "was recorded in both suites: nothing is compared.\n\n",
		      out);
		return;
	}
	const struct pair *p = &ss->pairs[0];
	struct compare_readme r = {0};
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
	compare_readme_fairness(out, &r);
}

static void
write_readme(FILE *out, const struct suites *ss)
{
	summary(out, ss);
	benchmark_table(out, ss);
	one_side_lists(out, ss);
	suite_categories(out, ss);
	fairness(out, ss);
	files_section(out, ss);
	side_by_side(out, ss);
}

/* A number for a csv cell: empty when unknown. */
static void
csv_number(FILE *out, const char *fmt, double v)
{
	if (!isnan(v))
		fprintf(out, fmt, v);
}

static void
write_timing(FILE *out, const struct suites *ss)
{
	fputs("benchmark,a_seconds,b_seconds,ratio,significant,"
	      "a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,"
	      "disagree\n",
	      out);
	for (size_t i = 0; i < ss->npairs; i++) {
		const struct pair *p = &ss->pairs[i];
		const struct compare_speed *sp = &p->speed;
		csv_write_field(out, span_cstr(p->m[0]->benchmark));
		if (!p->timed) {
			fputs(",,,,,,,,,\n", out);
			continue;
		}
		fprintf(out, ",%.9g,%.9g,%.9g,%s", sp->mean[0], sp->mean[1],
		        sp->ratio,
		        isnan(sp->p)       ? ""
		        : beyond_noise(sp) ? "yes"
		                           : "no");
		if (!sp->cpu) {
			fputs(",,,,,\n", out);
			continue;
		}
		fprintf(out, ",%.9g,%.9g,%.9g,%s,%s\n", sp->cpu_mean[0],
		        sp->cpu_mean[1], sp->cpu_ratio,
		        isnan(sp->cpu_p)       ? ""
		        : cpu_beyond_noise(sp) ? "yes"
		                               : "no",
		        !sp->related   ? ""
		        : sp->disagree ? "yes"
		                       : "no");
	}
}

static void
write_categories(FILE *out, const struct suites *ss)
{
	fputs("benchmark,category,unit,a,b,change,a_share,b_share,"
	      "share_change,p,q,significant\n",
	      out);
	for (size_t i = 0; i < ss->nrows; i++) {
		const struct row *w = &ss->rows[i];
		const struct pair *p = &ss->pairs[w->pair];
		csv_write_field(out, span_cstr(p->m[0]->benchmark));
		fputc(',', out);
		csv_write_field(out, span_cstr(w->category));
		fputc(',', out);
		csv_write_field(out, span_cstr(p->unit));
		fprintf(out, ",%.6g,%.6g,%.6g,%.4f,%.4f,%.4f,", w->value[0],
		        w->value[1], w->change, w->share[0], w->share[1],
		        w->share[1] - w->share[0]);
		csv_number(out, "%.4g", w->p);
		fputc(',', out);
		csv_number(out, "%.4g", w->q);
		fprintf(out, ",%s\n",
		        isnan(w->p)      ? ""
		        : w->significant ? "yes"
		                         : "no");
	}
}

/* The bars a chart shows of a benchmark: those that changed most. */
enum { CHART_ROWS = 8 };

/*
 * The chart of how the categories moved: per benchmark, its categories
 * that changed most (significant first), in one unit when every pair has
 * it (else the first pair's unit is named with "or" the others).
 */
static void
write_chart(FILE *out, const struct suites *ss)
{
	struct category_shift *rows =
	    xcalloc(ss->npairs * CHART_ROWS + 1, sizeof *rows);
	size_t n = 0;
	bool one_unit = true;

	for (size_t i = 0; i < ss->npairs; i++) {
		const struct pair *p = &ss->pairs[i];
		size_t *order = rows_by_change(ss, p);
		one_unit &= strcmp(p->unit, ss->pairs[0].unit) == 0;
		for (size_t k = 0, shown = 0;
		     k < p->nrows && shown < CHART_ROWS; k++) {
			const struct row *w = &ss->rows[order[k]];
			if (w->change == 0)
				break;
			rows[n++] = (struct category_shift){
			    p->m[0]->benchmark, w->category, w->value[0],
			    w->value[1],        w->change,   w->q,
			    w->significant};
			shown++;
		}
		free(order);
	}
	char *title = xasprintf("%s against %s: the categories that changed "
	                        "most, per benchmark",
	                        ss->s[1].name, ss->s[0].name);
	char *subtitle = xasprintf(
	    "self time by bycategory's rules, B minus A, in %s%s; outlined: "
	    "significant (Benjamini-Hochberg over the suite, FDR %g%%), "
	    "muted: not",
	    ss->npairs > 0 ? ss->pairs[0].unit : "ms per loop",
	    one_unit ? "" : " (or each benchmark's own unit)",
	    100 * ss->o->alpha);
	struct category_shifts c = {
	    title, subtitle, ss->npairs > 0 ? ss->pairs[0].unit : "", n, rows};
	category_chart_shifts_write(out, &c);
	free(subtitle);
	free(title);
	free(rows);
}

/* The benchmarks of suite s that the other lacks, as a JSON list. */
static void
json_only(FILE *out, const struct suites *ss, int s)
{
	const char *sep = "";

	fputc('[', out);
	for (size_t i = 0; i < ss->s[s].n; i++) {
		const char *b = ss->s[s].members[i].benchmark;
		if (suite_file_member(&ss->s[1 - s], b) != NULL)
			continue;
		fputs(sep, out);
		json_write_string(out, span_cstr(b));
		sep = ", ";
	}
	fputc(']', out);
}

/* The whole comparison for scripts: what the README and csv files say. */
static void
write_json(FILE *out, const struct suites *ss)
{
	size_t n;
	double g = geometric_mean(ss, &n);

	fputs("{\n  ", out);
	json_write_member(out, "a", ss->s[0].name);
	fputs(", ", out);
	json_write_member(out, "b", ss->s[1].name);
	fputs(",\n  ", out);
	json_write_member(out, "a_build", ss->s[0].build);
	fputs(",\n  ", out);
	json_write_member(out, "b_build", ss->s[1].build);
	fputs(",\n  ", out);
	json_write_member_number(out, "fdr", ss->o->alpha);
	fputs(", ", out);
	json_write_member_number(out, "geometric_mean_ratio", g);
	size_t ncpu;
	double gc = geometric_mean_cpu(ss, &ncpu);
	fputs(", ", out);
	json_write_member_number(out, "geometric_mean_cpu_ratio", gc);
	fprintf(out, ", \"timed\": %zu,\n  \"only_in_a\": ", n);
	json_only(out, ss, 0);
	fputs(", \"only_in_b\": ", out);
	json_only(out, ss, 1);
	fputs(",\n  \"benchmarks\": [", out);
	for (size_t i = 0; i < ss->npairs; i++) {
		const struct pair *p = &ss->pairs[i];
		const struct compare_speed *sp = &p->speed;
		fputs(i ? ",\n    {" : "\n    {", out);
		json_write_member(out, "benchmark", p->m[0]->benchmark);
		fputs(", ", out);
		json_write_member(out, "a_id", p->m[0]->id);
		fputs(", ", out);
		json_write_member(out, "b_id", p->m[1]->id);
		fputs(", ", out);
		json_write_member_number(out, "a_seconds",
		                         p->timed ? sp->mean[0] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "b_seconds",
		                         p->timed ? sp->mean[1] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "ratio",
		                         p->timed ? sp->ratio : NAN);
		fputs(", ", out);
		json_write_member_number(out, "p", p->timed ? sp->p : NAN);
		fprintf(out, ", \"significant\": %s, ",
		        p->timed && beyond_noise(sp) ? "true" : "false");
		bool cpu = p->timed && sp->cpu;
		json_write_member_number(out, "a_cpu_seconds",
		                         cpu ? sp->cpu_mean[0] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "b_cpu_seconds",
		                         cpu ? sp->cpu_mean[1] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "cpu_ratio",
		                         cpu ? sp->cpu_ratio : NAN);
		fputs(", ", out);
		json_write_member_number(out, "cpu_p", cpu ? sp->cpu_p : NAN);
		fprintf(out, ", \"disagree\": %s, ",
		        cpu && sp->disagree ? "true" : "false");
		json_write_member(out, "comparison", p->page ? p->name : NULL);
		fputs(", ", out);
		json_write_member(out, "unit", p->unit);
		fputs(",\n     \"categories\": [", out);
		for (size_t k = 0; k < p->nrows; k++) {
			const struct row *w = &ss->rows[p->first + k];
			fputs(k ? ",\n       {" : "\n       {", out);
			json_write_member(out, "category", w->category);
			fputs(", ", out);
			json_write_member_number(out, "a", w->value[0]);
			fputs(", ", out);
			json_write_member_number(out, "b", w->value[1]);
			fputs(", ", out);
			json_write_member_number(out, "change", w->change);
			fputs(", ", out);
			json_write_member_number(out, "a_share", w->share[0]);
			fputs(", ", out);
			json_write_member_number(out, "b_share", w->share[1]);
			fputs(", ", out);
			json_write_member_number(out, "p", w->p);
			fputs(", ", out);
			json_write_member_number(out, "q", w->q);
			fprintf(out, ", \"significant\": %s}",
			        w->significant ? "true" : "false");
		}
		fputs("]}", out);
	}
	fputs(ss->npairs ? "\n  ]\n}\n" : "]\n}\n", out);
}

/* A file's writer and what it writes, for dirs_write_whole. */
struct suites_writer {
	const struct suites *ss;
	void (*write)(FILE *, const struct suites *);
};

static void
suites_text(FILE *f, void *arg)
{
	const struct suites_writer *w = arg;
	w->write(f, w->ss);
}

/* OUT/NAME-SUFFIX written by write, whole. */
static void
write_file(const struct suites *ss, const char *suffix,
           void (*write)(FILE *, const struct suites *))
{
	char *path = xasprintf("%s/%s-%s", ss->o->out, ss->name, suffix);
	struct suites_writer w = {ss, write};

	dirs_write_whole(path, suites_text, &w);
	free(path);
}

/* Suites a and b read and compared, pair by pair (no file written). */
static void
suites_open(struct suites *ss, const char *a, const char *b,
            const struct suite_compare_options *o)
{
	memset(ss, 0, sizeof *ss);
	ss->o = o;
	ss->given[0] = a;
	ss->given[1] = b;
	suite_file_find_or_die(&ss->s[0], o->out, a);
	suite_file_find_or_die(&ss->s[1], o->out, b);
	if (strcmp(ss->s[0].name, ss->s[1].name) == 0)
		die(EXIT_USAGE,
		    "compare-suites: both suites are named %s: a suite is "
		    "compared with another one",
		    ss->s[0].name);
	ss->name = xasprintf("%s-vs-%s", ss->s[0].name, ss->s[1].name);
	pair_up(ss);
	adjust(ss);
}

static void
suites_free(struct suites *ss)
{
	for (size_t i = 0; i < ss->npairs; i++) {
		struct pair *p = &ss->pairs[i];
		for (int s = 0; s < 2; s++) {
			free(p->raw[s]);
			metadata_free(&p->meta[s]);
		}
		free(p->name);
		free(p->unit);
		free(p->functions);
		free(p->families);
	}
	for (size_t i = 0; i < ss->nrows; i++)
		free(ss->rows[i].category);
	free(ss->rows);
	free(ss->pairs);
	free(ss->name);
	suite_file_free(&ss->s[0]);
	suite_file_free(&ss->s[1]);
}

/*
 * The noise floor: suite a against the null suite, its build recorded
 * again (else there is no floor to speak of: refused).
 */
static struct suites *
floor_open(const char *a, const struct suite_compare_options *o)
{
	static struct suite_compare_options quiet;
	struct suites *f = xcalloc(1, sizeof *f);

	quiet = *o;
	quiet.no_pages = true;
	quiet.null = NULL;
	suites_open(f, a, o->null, &quiet);
	if (f->s[0].build == NULL || f->s[1].build == NULL ||
	    strcmp(f->s[0].build, f->s[1].build) != 0)
		die(EXIT_USAGE,
		    "compare-suites: the null suite %s is of another build "
		    "than %s (%s, %s): the noise floor is A's build recorded "
		    "again",
		    f->s[1].name, f->s[0].name,
		    f->s[1].build ? f->s[1].build : "unknown",
		    f->s[0].build ? f->s[0].build : "unknown");
	return f;
}

void
suite_compare(const char *a, const char *b,
              const struct suite_compare_options *o)
{
	struct suites ss;

	dirs_make(o->out);
	suites_open(&ss, a, b, o);
	if (o->null != NULL)
		ss.floor = floor_open(a, o);
	write_file(&ss, "timing.csv", write_timing);
	write_file(&ss, "categories.csv", write_categories);
	write_file(&ss, "categories.svg", write_chart);
	write_file(&ss, "comparison.json", write_json);
	write_file(&ss, "README.md", write_readme);
	printf("wrote %s/%s-README.md, -timing.csv, -categories.csv, "
	       "-categories.svg and -comparison.json (%zu benchmarks "
	       "compared%s%s)\n",
	       o->out, ss.name, ss.npairs, ss.floor ? "; noise floor: " : "",
	       ss.floor ? ss.floor->name : "");
	if (ss.floor != NULL) {
		suites_free(ss.floor);
		free(ss.floor);
	}
	suites_free(&ss);
}
