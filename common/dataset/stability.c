/*
 * stability.c - see stability.h.
 */
#include <math.h> /* fabs, a builtin: no libm */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/stability.h"

/*
 * Square root by Newton's method: the programs link without libm, and
 * these few calls need no speed.
 */
static double
square_root(double x)
{
	double r = x > 1 ? x : 1;

	if (x <= 0)
		return 0;
	for (int i = 0; i < 200; i++) {
		double next = (r + x / r) / 2;
		if (next >= r)
			break;
		r = next;
	}
	return r;
}

void
stability_init(struct stability *s)
{
	memset(s, 0, sizeof *s);
	string_table_init(&s->names);
	tuple_table_init(&s->index);
}

void
stability_free(struct stability *s)
{
	for (size_t i = 0; i < s->nruns; i++)
		free(s->runs[i].self);
	free(s->runs);
	tuple_table_free(&s->index);
	string_table_free(&s->names);
	memset(s, 0, sizeof *s);
}

/* The id, across runs, of a function of profile p. */
static uint32_t
global_function(struct stability *s, const struct profile *p, uint32_t fn)
{
	const struct function *f = profile_function(p, fn);
	uint32_t key[2] = {
	    string_table_intern(&s->names, profile_text(p, f->name)),
	    string_table_intern(&s->names, profile_text(p, f->dso)),
	};
	uint32_t id = tuple_table_intern(&s->index, key, 2);
	if (id == s->nfunctions)
		s->nfunctions++;
	return id;
}

static void
add_self(struct run_weights *r, uint32_t fn, uint64_t weight)
{
	r->self =
	    array_reserve(r->self, &r->n, (size_t)fn + 1, sizeof *r->self);
	r->self[fn] += weight;
}

bool
stability_add_run(struct stability *s, const char *path,
                  const struct profile_options *opt)
{
	struct profile p;
	struct run_weights run = {NULL, 0, 0};

	profile_init(&p, opt);
	profile_read(&p, path);
	if (!profile_finish(&p)) {
		profile_free(&p);
		return false;
	}
	uint32_t *global =
	    xreallocarray(NULL, profile_function_count(&p) + 1, sizeof *global);
	for (uint32_t i = 0; i < profile_function_count(&p); i++)
		global[i] = global_function(s, &p, i);
	for (uint32_t id = 0; id < profile_stack_count(&p); id++) {
		struct profile_stack st = profile_stack_get(&p, id);
		if (st.n > 0)
			add_self(&run, global[st.functions[st.self]],
			         st.weight);
		run.total += st.weight;
	}
	free(global);
	profile_free(&p);
	s->runs = xreallocarray(s->runs, s->nruns + 1, sizeof *s->runs);
	s->runs[s->nruns++] = run;
	return true;
}

static uint64_t
self_of(const struct run_weights *r, uint32_t fn)
{
	return fn < r->n ? r->self[fn] : 0;
}

static uint64_t
group_total(const struct stability *s, const size_t *g, size_t k)
{
	uint64_t t = 0;
	for (size_t i = 0; i < k; i++)
		t += s->runs[g[i]].total;
	return t;
}

double
stability_distance(const struct stability *s, const size_t *a, const size_t *b,
                   size_t k)
{
	double ta = (double)group_total(s, a, k);
	double tb = (double)group_total(s, b, k);
	double sum = 0;

	if (ta == 0 || tb == 0)
		return 1;
	for (uint32_t fn = 0; fn < s->nfunctions; fn++) {
		uint64_t wa = 0, wb = 0;
		for (size_t i = 0; i < k; i++) {
			wa += self_of(&s->runs[a[i]], fn);
			wb += self_of(&s->runs[b[i]], fn);
		}
		sum += fabs((double)wa / ta - (double)wb / tb);
	}
	/* Samples without frames belong to no function: one more bin. */
	uint64_t fa = 0, fb = 0;
	for (size_t i = 0; i < k; i++) {
		for (uint32_t fn = 0; fn < s->nfunctions; fn++) {
			fa += self_of(&s->runs[a[i]], fn);
			fb += self_of(&s->runs[b[i]], fn);
		}
	}
	sum += fabs((ta - (double)fa) / ta - (tb - (double)fb) / tb);
	return sum / 2;
}

/* xorshift64*: small, fast, and the same numbers everywhere. */
static uint64_t
next_random(uint64_t *state)
{
	uint64_t x = *state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/*
 * Pooled self weights of every run, as a cumulative distribution over
 * function ids; the last bin holds the samples without frames.
 */
static uint64_t *
pooled_cdf(const struct stability *s)
{
	uint64_t *cdf = xcalloc(s->nfunctions + 1, sizeof *cdf);
	uint64_t framed = 0, all = 0;

	for (size_t r = 0; r < s->nruns; r++) {
		all += s->runs[r].total;
		for (uint32_t fn = 0; fn < s->nfunctions; fn++)
			cdf[fn] += self_of(&s->runs[r], fn);
	}
	for (uint32_t fn = 0; fn < s->nfunctions; fn++) {
		framed += cdf[fn];
		cdf[fn] = framed;
	}
	cdf[s->nfunctions] = all;
	return cdf;
}

/* One draw from the pooled distribution: a bin index. */
static uint32_t
draw(const uint64_t *cdf, uint32_t nbins, uint64_t *state)
{
	uint64_t x = next_random(state) % cdf[nbins - 1];
	uint32_t lo = 0, hi = nbins - 1;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (cdf[mid] > x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * The distance sampling alone gives: two samples of na and nb draws from
 * the pooled distribution, as if every run drew from one and the same
 * profile.  Simulated rather than approximated, because most functions
 * have a handful of samples, where normal approximations fail.
 */
static double
sampling_noise(const struct stability *s, uint64_t na, uint64_t nb,
               size_t trials, uint64_t *state)
{
	uint32_t nbins = s->nfunctions + 1;
	uint64_t *cdf = pooled_cdf(s);
	uint32_t *ca = xcalloc(nbins, sizeof *ca);
	uint32_t *cb = xcalloc(nbins, sizeof *cb);
	double sum = 0;

	if (cdf[nbins - 1] == 0 || na == 0 || nb == 0)
		trials = 0;
	for (size_t t = 0; t < trials; t++) {
		memset(ca, 0, nbins * sizeof *ca);
		memset(cb, 0, nbins * sizeof *cb);
		for (uint64_t i = 0; i < na; i++)
			ca[draw(cdf, nbins, state)]++;
		for (uint64_t i = 0; i < nb; i++)
			cb[draw(cdf, nbins, state)]++;
		double d = 0;
		for (uint32_t b = 0; b < nbins; b++)
			d += fabs((double)ca[b] / (double)na -
			          (double)cb[b] / (double)nb);
		sum += d / 2;
	}
	free(cdf);
	free(ca);
	free(cb);
	return trials > 0 ? sum / (double)trials : 0;
}

void
stability_splits(const struct stability *s, size_t k, size_t splits,
                 uint64_t seed, struct split_summary *out)
{
	size_t *order = xreallocarray(NULL, s->nruns, sizeof *order);
	uint64_t state = seed ? seed : 1;
	double sum = 0, sumsq = 0, samples = 0;

	memset(out, 0, sizeof *out);
	out->k = k;
	if (k == 0 || 2 * k > s->nruns || splits == 0) {
		free(order);
		return;
	}
	out->min = 1;
	for (size_t t = 0; t < splits; t++) {
		for (size_t i = 0; i < s->nruns; i++)
			order[i] = i;
		/* The first 2k of a Fisher-Yates shuffle. */
		for (size_t i = 0; i < 2 * k; i++) {
			size_t j = i + next_random(&state) % (s->nruns - i);
			size_t tmp = order[i];
			order[i] = order[j];
			order[j] = tmp;
		}
		double d = stability_distance(s, order, order + k, k);
		sum += d;
		sumsq += d * d;
		out->min = d < out->min ? d : out->min;
		out->max = d > out->max ? d : out->max;
		samples += (double)(group_total(s, order, k) +
		                    group_total(s, order + k, k)) /
		           2;
	}
	out->splits = splits;
	out->mean = sum / (double)splits;
	double var = sumsq / (double)splits - out->mean * out->mean;
	out->sd = splits > 1 && var > 0
	              ? square_root(var * (double)splits / (double)(splits - 1))
	              : 0;
	out->samples = samples / (double)splits;
	uint64_t n = (uint64_t)(out->samples + 0.5);
	out->noise = sampling_noise(s, n, n, 50, &state);
	free(order);
}

static const struct stability *ranking_of;
static uint64_t *ranking_weight;

static int
compare_weight(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	if (ranking_weight[a] != ranking_weight[b])
		return ranking_weight[a] > ranking_weight[b] ? -1 : 1;
	return (a > b) - (a < b); /* first seen first */
}

uint32_t *
stability_ranking(const struct stability *s)
{
	uint32_t *order = xreallocarray(NULL, s->nfunctions + 1, sizeof *order);

	ranking_weight = xcalloc(s->nfunctions + 1, sizeof *ranking_weight);
	for (size_t r = 0; r < s->nruns; r++)
		for (uint32_t fn = 0; fn < s->nfunctions; fn++)
			ranking_weight[fn] += self_of(&s->runs[r], fn);
	for (uint32_t fn = 0; fn < s->nfunctions; fn++)
		order[fn] = fn;
	ranking_of = s;
	qsort(order, s->nfunctions, sizeof *order, compare_weight);
	free(ranking_weight);
	ranking_weight = NULL;
	return order;
}

double
stability_share(const struct stability *s, size_t run, uint32_t fn)
{
	const struct run_weights *r = &s->runs[run];
	return r->total > 0 ? (double)self_of(r, fn) / (double)r->total : 0;
}

struct span
stability_name(const struct stability *s, uint32_t fn)
{
	uint32_t n;
	return string_table_get(&s->names,
	                        tuple_table_get(&s->index, fn, &n)[0]);
}

struct span
stability_dso(const struct stability *s, uint32_t fn)
{
	uint32_t n;
	return string_table_get(&s->names,
	                        tuple_table_get(&s->index, fn, &n)[1]);
}
