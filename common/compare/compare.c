/*
 * compare.c - see compare.h.
 *
 * cells holds every item's weight in every run: for item i and measure m,
 * the row at ((i * nmeasures) + m) * ncolumns has A's runs, then B's.
 * Total weights count an item once per sample however often it recurs,
 * as flatsort counts them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "interp/eval_loop.h"
#include "compare/compare.h"
#include "compare/compare_match.h"

void
compare_options_default(struct compare_options *o)
{
	o->alpha = 0.05;
	o->min_count = 10;
}

void
compare_fdr_option(void *alpha, const char *value, const char *option)
{
	double *a = alpha;

	*a = option_percent(value, option) / 100;
	if (*a == 0)
		usage_error("%s: more than 0 percent, not '%s'", option, value);
}

static void
compare_unit_option(void *unit, const char *value, const char *option)
{
	static const char *const names[] = {[UNIT_SHARE] = "share",
	                                    [UNIT_SAMPLES] = "samples",
	                                    [UNIT_TIME] = "time"};

	for (int u = UNIT_SHARE; u <= UNIT_TIME; u++)
		if (strcmp(value, names[u]) == 0) {
			*(enum compare_unit *)unit = (enum compare_unit)u;
			return;
		}
	usage_error("%s: time, samples or share, not '%s'", option, value);
}

static void
compare_min_samples_option(void *min_count, const char *value,
                           const char *option)
{
	*(double *)min_count = (double)option_count(value, option, true);
}

#define C struct compare_options
const struct option_row compare_option_table[] = {
    OPT_CALL(0, "unit", "time|samples|share", C, unit, compare_unit_option,
             "\nwhat is compared: ms per loop (or per run), samples\n"
             "per run, or percent of each total (default: time\n"
             "when both sides' meta.json give it, else share)"),
    OPT_CALL(0, "fdr", "P", C, alpha, compare_fdr_option,
             "false discovery rate, percent (default 5)"),
    OPT_CALL(0, "min-samples", "N", C, min_count, compare_min_samples_option,
             "test rows (functions, stacks) with N samples or more\n"
             "in A and B together (default 10)"),
    OPT_FLAG(0, "exact-dso", C, exact_dso,
             "match DSOs and commands by exact name, versions\n"
             "included"),
    OPT_FLAG(0, "force", C, force,
             "compare different events or weighting anyway"),
    OPT_END,
};
#undef C

void
compare_init(struct compare *c, const struct compare_options *o,
             enum compare_key key)
{
	memset(c, 0, sizeof *c);
	c->opt = *o;
	c->key = key;
	c->nmeasures = key == KEY_STACK ? 1 : 2;
	string_table_init(&c->names);
	tuple_table_init(&c->index);
}

void
compare_free(struct compare *c)
{
	for (int s = 0; s < 2; s++) {
		compare_side_free(&c->side[s]);
		free(c->side[s].item_of);
		free(c->side[s].category_of);
		free(c->side[s].glue_of);
	}
	string_table_free(&c->names);
	tuple_table_free(&c->index);
	free(c->items);
	free(c->cells);
	free(c->results);
	free(c->buf);
	free(c->frames);
	free(c->fam);
	free(c->rules);
	free(c->glue);
}

void
compare_read_both(struct compare *c, const struct view_options *vo,
                  const char *a, const char *b)
{
	if (strcmp(a, "-") == 0 && strcmp(b, "-") == 0)
		usage_error("stdin ('-') can be one side only");
	bool eval_loop = c->opt.eval_loop || compare_key_eval_loop(c->key);
	compare_side_read(&c->side[0], a, vo, eval_loop, "A");
	compare_side_read(&c->side[1], b, vo, eval_loop, "B");
}

void
compare_init_borrowing(struct compare *c, const struct compare *from,
                       enum compare_key key)
{
	compare_init(c, &from->opt, key);
	/* From a comparison run: its unit, not what it made of the options. */
	if (from->results != NULL) {
		c->opt.unit = from->unit;
		c->opt.absolute = from->unit == UNIT_SAMPLES;
	}
	for (int s = 0; s < 2; s++)
		if (compare_key_eval_loop(key) &&
		    from->side[s].bytecode == NULL)
			die(EXIT_DATA, "%s: read without the eval loop placed",
			    input_name(from->side[s].path));
	compare_share_sides(c, from);
}

bool
compare_eval_loop_placed(const struct compare *c, int side, const char **why)
{
	const struct bytecode_view *v = c->side[side].bytecode;

	if (v == NULL)
		*why = "read without the eval loop placed";
	else if (bytecode_view_loop_samples(v) == 0)
		*why = "no sample has a frame of CPython's eval loop "
		       "(" EVAL_LOOP_FUNCTION ")";
	else if (bytecode_view_placed_samples(v) == 0)
		*why = "none of its eval loop samples could be placed in an "
		       "instruction (bytecode(1) on it says why)";
	else
		return true;
	return false;
}

void
compare_share_sides(struct compare *c, const struct compare *from)
{
	for (int s = 0; s < 2; s++)
		compare_side_share(&c->side[s], &from->side[s]);
}

bool
compare_refused(const struct compare *c, bool force)
{
	const struct profile *a = c->side[0].profile;
	const struct profile *b = c->side[1].profile;
	const char *ea = profile_event_name(a), *eb = profile_event_name(b);
	const char *wa = profile_weight_name(a), *wb = profile_weight_name(b);
	const char *hint = force ? "" : " (--force compares them anyway)";
	bool refused = false;

	if (ea != NULL && eb != NULL && strcmp(ea, eb) != 0) {
		warnmsg("A is of event %s, B of event %s: different "
		        "events%s",
		        ea, eb, hint);
		refused = true;
	}
	if (strcmp(wa, wb) != 0 && strcmp(wa, "samples") != 0 &&
	    strcmp(wb, "samples") != 0) {
		warnmsg("A is weighted by %s, B by %s%s", wa, wb, hint);
		refused = true;
	}
	if (strcmp(wa, "period") == 0 && strcmp(wb, "period") == 0) {
		double pa = compare_side_mean_period(&c->side[0]);
		double pb = compare_side_mean_period(&c->side[1]);
		if (fabs(pa - pb) > 0.1 * (pa > pb ? pa : pb)) {
			warnmsg("A's samples have a mean period of %.0f, B's "
			        "of %.0f: different frequencies%s",
			        pa, pb, hint);
			refused = true;
		}
	}
	return refused;
}

void
compare_check(const struct compare *c)
{
	if (compare_refused(c, c->opt.force) && !c->opt.force)
		exit(EXIT_DATA);
}

static double *
cell(struct compare *c, uint32_t item, uint32_t measure, uint32_t column)
{
	size_t columns = c->side[0].nruns + c->side[1].nruns;

	return &c->cells[((size_t)item * c->nmeasures + measure) * columns +
	                 column];
}

/* Each run's weights of a side into the cells. */
static void
fill_cells(struct compare *c, int side, uint32_t *stamp, uint32_t *clock)
{
	const struct compare_side *s = &c->side[side];
	const struct profile *p = s->profile;
	uint32_t first = side == 0 ? 0 : c->side[0].nruns;

	if (compare_key_eval_loop(c->key)) {
		size_t n = bytecode_view_run_weight_count(s->bytecode);
		for (size_t i = 0; i < n; i++) {
			struct bytecode_run_weight w =
			    bytecode_view_run_weight(s->bytecode, i);
			uint32_t item = compare_eval_loop_item(c, side, w.row);
			*cell(c, item, 0, first + w.run) += (double)w.self;
			*cell(c, item, 1, first + w.run) += (double)w.total;
		}
		return;
	}
	for (uint32_t i = 0; i < profile_run_weight_count(p); i++) {
		struct profile_run_weight w = profile_run_weight_get(p, i);
		double weight = (double)w.weight;
		uint32_t column = first + w.run;
		if (c->key == KEY_STACK) {
			*cell(c, s->item_of[w.stack], 0, column) += weight;
			continue;
		}
		struct profile_stack st = profile_stack_get(p, w.stack);
		uint32_t self = s->item_of[st.functions[st.self]];
		*cell(c, self, 0, column) += weight;
		++*clock;
		for (uint32_t f = st.self; f < st.n; f++) {
			uint32_t item = s->item_of[st.functions[f]];
			if (stamp[item] == *clock)
				continue; /* recursion: once per sample */
			stamp[item] = *clock;
			*cell(c, item, 1, column) += weight;
		}
	}
}

/*
 * The least variance of one run's value on each side: its counting error
 * under the hypothesis of no difference.  A share p of a run of n samples
 * varies by p (1 - p) / n (binomial), a count per run of mean m by m
 * (Poisson), p and m pooled from both sides; in weight units.
 */
static void
counting_floor(const struct compare *c, const struct compare_result *r,
               double floor[2])
{
	double k[2] = {c->side[0].counts_per_weight,
	               c->side[1].counts_per_weight};
	double counts = r->weight[0] * k[0] + r->weight[1] * k[1];

	if (c->unit == UNIT_TIME) {
		/* Under no change, the time per run (or loop) mu is common:
		 * side s counts mu / scale a run, Poisson, in its unit. */
		double mu = (r->weight[0] * k[0] * c->side[0].scale +
		             r->weight[1] * k[1] * c->side[1].scale) /
		            (c->side[0].nruns + c->side[1].nruns);
		for (int s = 0; s < 2; s++)
			floor[s] = mu * c->side[s].scale;
		return;
	}
	if (c->opt.absolute) {
		double mean = counts / (c->side[0].nruns + c->side[1].nruns);
		for (int s = 0; s < 2; s++)
			floor[s] = mean / (k[s] * k[s]);
		return;
	}
	double all = (double)c->side[0].profile->total * k[0] +
	             (double)c->side[1].profile->total * k[1];
	double p = counts / all;
	for (int s = 0; s < 2; s++) {
		double run =
		    (double)c->side[s].profile->total * k[s] / c->side[s].nruns;
		floor[s] = p * (1 - p) / run;
	}
}

/* The result of one item and measure, its test not yet adjusted. */
static void
compute_result(struct compare *c, uint32_t item, uint32_t measure,
               double *values)
{
	struct compare_result *r =
	    &c->results[(size_t)item * c->nmeasures + measure];
	const double *row = cell(c, item, measure, 0);
	uint32_t column = 0;
	double *x[2] = {values, values + c->side[0].nruns};

	for (int s = 0; s < 2; s++) {
		const struct compare_side *side = &c->side[s];
		const struct profile *p = side->profile;
		r->weight[s] = 0;
		for (uint32_t run = 0; run < side->nruns; run++, column++) {
			double w = row[column];
			r->weight[s] += w;
			x[s][run] = c->opt.absolute
			                ? w * side->scale
			                : w / (double)p->run_totals[run];
		}
		r->share[s] = c->opt.absolute
		                  ? r->weight[s] * side->scale / side->nruns
		                  : 100 * r->weight[s] / (double)p->total;
	}
	r->diff = r->share[1] - r->share[0];
	double ka = c->side[0].counts_per_weight;
	double kb = c->side[1].counts_per_weight;
	r->tested = r->weight[0] * ka + r->weight[1] * kb >= c->opt.min_count;
	if (!r->tested) {
		r->test.statistic = r->test.df = 0;
		r->test.p = r->q = NAN;
		return;
	}
	if (c->test == TEST_WELCH) {
		double floor[2];
		counting_floor(c, r, floor);
		r->test =
		    welch_t_test_floored(x[0], c->side[0].nruns, x[1],
		                         c->side[1].nruns, floor[0], floor[1]);
		return;
	}
	if (c->opt.absolute) /* exposure: runs, or the unit's per count */
		r->test = rate_z_test(
		    r->weight[0] * ka, c->side[0].nruns / c->side[0].scale,
		    r->weight[1] * kb, c->side[1].nruns / c->side[1].scale);
	else
		r->test = proportion_z_test(
		    r->weight[0] * ka, (double)c->side[0].profile->total * ka,
		    r->weight[1] * kb, (double)c->side[1].profile->total * kb);
}

/* Benjamini–Hochberg over the items of one measure that were tested. */
static void
adjust(struct compare *c, uint32_t measure)
{
	double *p = xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *p);
	uint32_t *tested =
	    xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *tested);
	uint32_t n = 0;

	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r = compare_result(c, i, measure);
		if (r->tested) {
			tested[n] = i;
			p[n++] = r->test.p;
		}
	}
	benjamini_hochberg(p, n, p);
	c->ntested[measure] = n;
	c->nsignificant[measure] = 0;
	for (uint32_t k = 0; k < n; k++) {
		struct compare_result *r =
		    &c->results[(size_t)tested[k] * c->nmeasures + measure];
		r->q = p[k];
		r->significant = p[k] <= c->opt.alpha;
		c->nsignificant[measure] += r->significant;
	}
	free(tested);
	free(p);
}

/*
 * The unit of the values (compare_side.h): --absolute is samples; the
 * values are counts per run in any unit but shares.
 */
static void
resolve_unit(struct compare *c)
{
	enum compare_unit asked = c->opt.absolute ? UNIT_SAMPLES : c->opt.unit;

	c->unit = compare_sides_unit(c->side, asked, &c->per_loop);
	c->opt.absolute = c->unit != UNIT_SHARE;
}

void
compare_run(struct compare *c)
{
	uint32_t clock = 0;

	resolve_unit(c);
	compare_match(c);
	c->test = c->side[0].nruns >= 2 && c->side[1].nruns >= 2 ? TEST_WELCH
	                                                         : TEST_COUNTS;
	size_t columns = c->side[0].nruns + c->side[1].nruns;
	c->cells = xcalloc((size_t)c->nitems * c->nmeasures * columns + 1,
	                   sizeof *c->cells);
	uint32_t *stamp = xcalloc((size_t)c->nitems + 1, sizeof *stamp);
	fill_cells(c, 0, stamp, &clock);
	fill_cells(c, 1, stamp, &clock);
	free(stamp);

	c->results =
	    xcalloc((size_t)c->nitems * c->nmeasures + 1, sizeof *c->results);
	double *values = xreallocarray(NULL, columns, sizeof *values);
	for (uint32_t i = 0; i < c->nitems; i++)
		for (uint32_t m = 0; m < c->nmeasures; m++)
			compute_result(c, i, m, values);
	free(values);
	for (uint32_t m = 0; m < c->nmeasures; m++)
		adjust(c, m);
	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r =
		    compare_result(c, i, c->nmeasures - 1);
		c->side[0].present += r->weight[0] > 0;
		c->side[1].present += r->weight[1] > 0;
	}
}

int
compare_only_in(const struct compare *c, uint32_t item)
{
	const struct compare_result *r =
	    compare_result(c, item, c->nmeasures - 1);

	if (r->weight[0] > 0 && r->weight[1] == 0)
		return 0;
	if (r->weight[1] > 0 && r->weight[0] == 0)
		return 1;
	return -1;
}

/* What compare_items sorts by: a comparison, and one of its measures. */
struct item_order {
	const struct compare *c;
	uint32_t measure;
};

/* Both sides, new, gone: -1, 1, 0 made 0, 1, 2. */
static int
section_of(const struct compare *c, uint32_t item)
{
	int only = compare_only_in(c, item);

	return only < 0 ? 0 : 2 - only;
}

/* For qsort_r over an item_order. */
static int
compare_items(const void *pa, const void *pb, void *arg)
{
	const struct item_order *by = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct compare *c = by->c;
	const struct compare_result *ra = compare_result(c, a, by->measure);
	const struct compare_result *rb = compare_result(c, b, by->measure);
	int sa = section_of(c, a), sb = section_of(c, b);

	if (sa != sb)
		return sa < sb ? -1 : 1;
	if (ra->significant != rb->significant)
		return ra->significant ? -1 : 1;
	if (fabs(ra->diff) != fabs(rb->diff))
		return fabs(ra->diff) > fabs(rb->diff) ? -1 : 1;
	const struct compare_item *ia = &c->items[a], *ib = &c->items[b];
	if (ia->name != ib->name && ia->name != COMPARE_NONE &&
	    ib->name != COMPARE_NONE)
		return span_compare(compare_text(c, ia->name),
		                    compare_text(c, ib->name));
	return span_compare(compare_item_dso(c, a), compare_item_dso(c, b));
}

/* The items' indexes sorted by cmp over an item_order (free it). */
static uint32_t *
items_sorted(const struct compare *c, uint32_t measure,
             int (*cmp)(const void *, const void *, void *))
{
	uint32_t *order =
	    xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *order);
	struct item_order by = {c, measure};

	for (uint32_t i = 0; i < c->nitems; i++)
		order[i] = i;
	qsort_r(order, c->nitems, sizeof *order, cmp, &by);
	return order;
}

uint32_t *
compare_order(const struct compare *c, uint32_t measure)
{
	return items_sorted(c, measure, compare_items);
}

/* For qsort_r over an item_order: by the size of the change alone. */
static int
compare_sizes(const void *pa, const void *pb, void *arg)
{
	const struct item_order *by = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	double da = fabs(compare_result(by->c, a, by->measure)->diff);
	double db = fabs(compare_result(by->c, b, by->measure)->diff);

	if (da != db)
		return da > db ? -1 : 1;
	return span_compare(compare_text(by->c, by->c->items[a].name),
	                    compare_text(by->c, by->c->items[b].name));
}

uint32_t *
compare_by_size(const struct compare *c, uint32_t measure)
{
	return items_sorted(c, measure, compare_sizes);
}
