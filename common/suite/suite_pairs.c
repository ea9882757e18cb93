/*
 * suite_pairs.c - see suite_pairs.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "compare/compare.h"
#include "dataset/file_kinds.h"
#include "pages/comparison_files.h"
#include "pages/readme.h"
#include "stats/significance.h"
#include "suite/suite_pairs.h"

/* The data set of a member: its raw file and meta.json, when there. */
static void
find_files(struct suite_pair *p, int side)
{
	const struct suite_member *m = p->m[side];
	char *meta = file_kind_path("meta", m->data, m->id);

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
compare_categories(struct suite_pairs *ss, struct suite_pair *p,
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
		struct pair_category *w = &ss->rows[ss->nrows++];
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
	FILE *out = xopen_memstream(&text, &len);
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
	xclose_memstream(out);
	free(order);
	return text;
}

/*
 * The functions of a pair that changed most, of its comparison by
 * function, and the instruction families of its eval loop when both sides
 * have one placed (by family, from the same read).
 */
static void
compare_functions(struct suite_pair *p, const struct compare *functions)
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
adjust(struct suite_pairs *ss)
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
		struct pair_category *w = &ss->rows[at[k]];
		w->q = p[k];
		w->significant = p[k] <= ss->o->alpha;
		ss->nsignificant += w->significant;
	}
	free(at);
	free(p);
}

/* Every benchmark of A recorded in both, with what it needs. */
static void
pair_up(struct suite_pairs *ss)
{
	const struct suite_file *a = &ss->s[0], *b = &ss->s[1];

	ss->pairs = xcalloc(a->n + 1, sizeof *ss->pairs);
	for (size_t i = 0; i < a->n; i++) {
		const struct suite_member *mb =
		    suite_file_member(b, a->members[i].benchmark);
		if (mb == NULL || !a->members[i].recorded || !mb->recorded)
			continue;
		struct suite_pair *p = &ss->pairs[ss->npairs];
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
		p->name = comparison_files_name(p->raw);
		/* Each raw file read once: its categories, its functions
		 * and its page from one comparison's sides. */
		struct compare functions;
		compare_defaults_run(&functions, KEY_FUNCTION, p->raw[0],
		                     p->raw[1], NULL);
		compare_categories(ss, p, &functions);
		compare_functions(p, &functions);
		if (!ss->o->no_pages) {
			p->page =
			    comparison_files_of(ss->o->out, p->name, p->raw,
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

/* For qsort_r: a pair's categories by the size of their change, largest first.
 */
static int
by_change(const void *pa, const void *pb, void *arg)
{
	const struct pair_category *rows = arg;
	const struct pair_category *a = &rows[*(const size_t *)pa];
	const struct pair_category *b = &rows[*(const size_t *)pb];

	if (a->significant != b->significant)
		return a->significant ? -1 : 1;
	if (fabs(a->change) != fabs(b->change))
		return fabs(a->change) > fabs(b->change) ? -1 : 1;
	return strcmp(a->category, b->category);
}

/* The geometric mean of the timing ratios, NaN when none is known. */
double
suite_pairs_geomean(const struct suite_pairs *ss, size_t *n)
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
double
suite_pairs_geomean_cpu(const struct suite_pairs *ss, size_t *n)
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

bool
suite_pairs_beyond_noise(const struct compare_speed *sp)
{
	return !isnan(sp->p) && sp->p <= 0.05;
}

bool
suite_pairs_cpu_beyond_noise(const struct compare_speed *sp)
{
	return sp->cpu && !isnan(sp->cpu_p) && sp->cpu_p <= 0.05;
}

/* The noise floor's pair of a benchmark, or NULL. */
const struct suite_pair *
suite_pair_floor(const struct suite_pairs *ss, const struct suite_pair *p)
{
	for (size_t i = 0; ss->floor != NULL && i < ss->floor->npairs; i++)
		if (strcmp(ss->floor->pairs[i].m[0]->benchmark,
		           p->m[0]->benchmark) == 0)
			return &ss->floor->pairs[i];
	return NULL;
}

/* A pair's rows, significant first, then by the size of the change. */
size_t *
suite_pair_changes(const struct suite_pairs *ss, const struct suite_pair *p)
{
	size_t *order = xcalloc(p->nrows + 1, sizeof *order);

	for (size_t k = 0; k < p->nrows; k++)
		order[k] = p->first + k;
	qsort_r(order, p->nrows, sizeof *order, by_change, ss->rows);
	return order;
}

/*
 * The noise floor: suite a against the null suite, its build recorded
 * again (else there is no floor to speak of: refused).
 */
static struct suite_pairs *
noise_floor(const char *a, const struct suite_compare_options *o)
{
	static struct suite_compare_options quiet;
	struct suite_pairs *f = xcalloc(1, sizeof *f);

	quiet = *o;
	quiet.no_pages = true;
	quiet.null = NULL;
	suite_pairs_open(f, a, o->null, &quiet);
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
suite_pairs_open(struct suite_pairs *ss, const char *a, const char *b,
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
	/* Of two names, so no directories to tell them apart. */
	ss->name = comparison_name(ss->s[0].name, ss->s[1].name, NULL, NULL);
	pair_up(ss);
	adjust(ss);
	if (o->null != NULL)
		ss->floor = noise_floor(a, o);
}

void
suite_pairs_free(struct suite_pairs *ss)
{
	for (size_t i = 0; i < ss->npairs; i++) {
		struct suite_pair *p = &ss->pairs[i];
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
	if (ss->floor != NULL) {
		suite_pairs_free(ss->floor);
		free(ss->floor);
	}
}
