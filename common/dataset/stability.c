/*
 * stability.c - see stability.h.
 */
#include <math.h> /* fabs, a builtin: no libm */
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/string_table.h"
#include "base/xalloc.h"
#include "dataset/runs.h"
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

/* A raw file being read: which run, and where the runs before ended. */
struct run_reader {
	struct stability *s;
	struct run_index ix;
	size_t run;     /* the run being read, in ix */
	uint64_t *seen; /* weight of each stack when it began */
	size_t seen_cap;
	void (*sample)(void *ctx, const struct perf_sample *smp, uint32_t root);
	void *ctx; /* the profile's own reader of samples, and its context */
};

/* The samples added since the last run ended are the current run's. */
static void
end_run(struct run_reader *rr)
{
	struct stability *s = rr->s;
	const struct profile *p = &s->profile;
	uint32_t nstacks = profile_stack_count(p);
	struct run_weights run = {NULL, 0, 0};

	rr->seen = array_reserve(rr->seen, &rr->seen_cap, (size_t)nstacks + 1,
	                         sizeof *rr->seen);
	for (uint32_t id = 0; id < nstacks; id++) {
		struct profile_stack st = profile_stack_get(p, id);
		uint64_t added = st.weight - rr->seen[id];
		if (added == 0)
			continue;
		if (st.n > 0) {
			uint32_t fn = st.functions[st.self];
			run.self =
			    array_reserve(run.self, &run.cap, (size_t)fn + 1,
			                  sizeof *run.self);
			run.self[fn] += added;
		}
		run.total += added;
		rr->seen[id] = st.weight;
	}
	s->runs =
	    array_reserve(s->runs, &s->runs_cap, s->nruns + 1, sizeof *s->runs);
	s->runs[s->nruns++] = run;
	rr->run++;
}

static void
run_sample(void *ctx, const struct perf_sample *smp, uint32_t root)
{
	struct run_reader *rr = ctx;
	size_t run = run_index_find(&rr->ix, smp->lineno);

	while (rr->run < run)
		end_run(rr);
	rr->sample(rr->ctx, smp, root);
}

void
stability_read(struct stability *s, const char *raw, const char *event)
{
	struct profile_options opt;
	struct run_reader rr;

	memset(s, 0, sizeof *s);
	memset(&opt, 0, sizeof opt);
	memset(&rr, 0, sizeof rr);
	opt.input.event = event;
	if (strcmp(raw, "-") == 0)
		die(EXIT_USAGE, "stability: the raw file is read twice: give "
		                "its path, not stdin");
	/* Runs are what it compares: one not whole is fatal. */
	run_index_read(&rr.ix, raw, true);
	if (rr.ix.nruns == 0)
		die(EXIT_DATA, "%s: no samples", raw);
	profile_init(&s->profile, &opt);
	rr.s = s;
	rr.sample = s->profile.stream.sample;
	rr.ctx = s->profile.stream.ctx;
	s->profile.stream.sample = run_sample;
	s->profile.stream.ctx = &rr;
	s->profile.stream.folded = NULL; /* runs are perf script text */
	profile_read(&s->profile, raw);
	if (!profile_finish(&s->profile))
		die(EXIT_DATA, "%s: no samples", raw);
	while (rr.run < rr.ix.nruns)
		end_run(&rr);
	s->nfunctions = profile_function_count(&s->profile);
	for (size_t r = 0; r < s->nruns; r++)
		if (s->runs[r].total == 0)
			die(EXIT_DATA, "%s: run %zu of %zu has no samples", raw,
			    r + 1, s->nruns);
	if (s->nruns < 2)
		die(EXIT_DATA, "%s holds 1 run: record with xRUNS, 10 or more",
		    raw);
	if (s->nruns < 10)
		warnmsg("%s: only %zu runs; 10 or more give k up to 5", raw,
		        s->nruns);
	free(rr.seen);
	run_index_free(&rr.ix);
}

void
stability_free(struct stability *s)
{
	for (size_t i = 0; i < s->nruns; i++)
		free(s->runs[i].self);
	free(s->runs);
	profile_free(&s->profile);
	memset(s, 0, sizeof *s);
}

static uint64_t
self_of(const struct run_weights *r, uint32_t fn)
{
	return fn < r->cap ? r->self[fn] : 0;
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

double
stability_split_count(size_t nruns, size_t k)
{
	double pairs = 1;

	if (k == 0 || k > nruns / 2)
		return 0;
	/* C(n, k) * C(n - k, k) = n! / (k! k! (n - 2k)!), halved. */
	for (size_t i = 0; i < 2 * k; i++)
		pairs *= (double)(nruns - i);
	for (size_t i = 1; i <= k; i++)
		pairs /= (double)i * (double)i;
	return pairs / 2;
}

/* The distances of the splits compared so far. */
struct split_sums {
	const struct stability *s;
	size_t k, n;
	double sum, sumsq, min, max, samples;
};

static void
add_split(struct split_sums *t, const size_t *a, const size_t *b)
{
	double d = stability_distance(t->s, a, b, t->k);

	t->n++;
	t->sum += d;
	t->sumsq += d * d;
	t->min = t->n == 1 || d < t->min ? d : t->min;
	t->max = t->n == 1 || d > t->max ? d : t->max;
	t->samples +=
	    (double)(group_total(t->s, a, t->k) + group_total(t->s, b, t->k)) /
	    2;
}

/* The next k-combination of 0..n-1 in lexicographic order; false after. */
static bool
next_combination(size_t *c, size_t k, size_t n)
{
	size_t i = k;

	while (i > 0 && c[i - 1] == n - k + i - 1)
		i--;
	if (i == 0)
		return false;
	c[i - 1]++;
	for (size_t j = i; j < k; j++)
		c[j] = c[j - 1] + 1;
	return true;
}

static void
first_combination(size_t *c, size_t k)
{
	for (size_t i = 0; i < k; i++)
		c[i] = i;
}

/*
 * Every distinct pair once: group a, then group b from the other runs,
 * b's first run after a's (a pair and its mirror are one split).
 */
static void
all_splits(struct split_sums *t)
{
	size_t n = t->s->nruns, k = t->k;
	size_t *a = xcalloc(k, sizeof *a), *ai = xcalloc(k, sizeof *ai);
	size_t *b = xcalloc(k, sizeof *b), *bi = xcalloc(k, sizeof *bi);
	size_t *rest = xcalloc(n, sizeof *rest);

	first_combination(ai, k);
	do {
		size_t nrest = 0, j = 0;
		for (size_t r = 0; r < n; r++) {
			if (j < k && ai[j] == r)
				j++;
			else
				rest[nrest++] = r;
		}
		first_combination(bi, k);
		do {
			if (rest[bi[0]] < ai[0])
				continue;
			for (size_t i = 0; i < k; i++) {
				a[i] = ai[i];
				b[i] = rest[bi[i]];
			}
			add_split(t, a, b);
		} while (next_combination(bi, k, nrest));
	} while (next_combination(ai, k, n));
	free(a);
	free(ai);
	free(b);
	free(bi);
	free(rest);
}

/*
 * want distinct pairs at random: the first 2k of a Fisher-Yates shuffle,
 * a pair already drawn (in either order) drawn again.  There are more
 * distinct pairs than wanted, so this ends.
 */
static void
random_splits(struct split_sums *t, size_t want, uint64_t *state)
{
	size_t n = t->s->nruns, k = t->k;
	size_t *order = xcalloc(n, sizeof *order);
	char *label = xcalloc(n, 1);
	struct string_table seen;

	string_table_init(&seen);
	while (t->n < want) {
		for (size_t i = 0; i < n; i++)
			order[i] = i;
		for (size_t i = 0; i < 2 * k; i++) {
			size_t j = i + next_random(state) % (n - i);
			size_t tmp = order[i];
			order[i] = order[j];
			order[j] = tmp;
		}
		/* The pair as a word: each run's group, a's holding run 0's. */
		size_t first_a = n, first_b = n;
		for (size_t i = 0; i < k; i++) {
			first_a = order[i] < first_a ? order[i] : first_a;
			first_b =
			    order[k + i] < first_b ? order[k + i] : first_b;
		}
		memset(label, '-', n);
		for (size_t i = 0; i < 2 * k; i++)
			label[order[i]] =
			    (i < k) == (first_a < first_b) ? 'a' : 'b';
		uint32_t before = seen.count;
		string_table_intern(&seen, span_make(label, n));
		if (seen.count > before)
			add_split(t, order, order + k);
	}
	string_table_free(&seen);
	free(order);
	free(label);
}

void
stability_splits(const struct stability *s, size_t k, size_t max_splits,
                 uint64_t seed, struct split_summary *out)
{
	struct split_sums t = {s, k, 0, 0, 0, 0, 0, 0};
	uint64_t state = seed ? seed : 1;

	memset(out, 0, sizeof *out);
	out->k = k;
	if (k == 0 || k > s->nruns / 2 || max_splits == 0)
		return;
	if (stability_split_count(s->nruns, k) <= (double)max_splits) {
		all_splits(&t);
		out->all = true;
	} else {
		random_splits(&t, max_splits, &state);
	}
	double n = (double)t.n;
	out->splits = t.n;
	out->mean = t.sum / n;
	out->min = t.min;
	out->max = t.max;
	double var = t.sumsq / n - out->mean * out->mean;
	out->sd = t.n > 1 && var > 0 ? square_root(var * n / (n - 1)) : 0;
	out->samples = t.samples / n;
	uint64_t per_group = (uint64_t)(out->samples + 0.5);
	out->noise = sampling_noise(s, per_group, per_group, 50, &state);
}

/* For qsort_r over weights by function id: heaviest first. */
static int
compare_weight(const void *pa, const void *pb, void *arg)
{
	const uint64_t *weight = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	if (weight[a] != weight[b])
		return weight[a] > weight[b] ? -1 : 1;
	return (a > b) - (a < b); /* first seen first */
}

uint32_t *
stability_ranking(const struct stability *s)
{
	uint32_t *order = xcalloc((size_t)s->nfunctions + 1, sizeof *order);

	uint64_t *weight = xcalloc((size_t)s->nfunctions + 1, sizeof *weight);

	for (size_t r = 0; r < s->nruns; r++)
		for (uint32_t fn = 0; fn < s->nfunctions; fn++)
			weight[fn] += self_of(&s->runs[r], fn);
	for (uint32_t fn = 0; fn < s->nfunctions; fn++)
		order[fn] = fn;
	qsort_r(order, s->nfunctions, sizeof *order, compare_weight, weight);
	free(weight);
	return order;
}

void
stability_function(const struct stability *s, uint32_t fn,
                   struct function_summary *out)
{
	double sum = 0, sumsq = 0, n = (double)s->nruns;
	uint64_t self = 0, all = 0;

	out->min = 1;
	out->max = 0;
	for (size_t r = 0; r < s->nruns; r++) {
		const struct run_weights *w = &s->runs[r];
		double x = w->total > 0
		               ? (double)self_of(w, fn) / (double)w->total
		               : 0;
		sum += x;
		sumsq += x * x;
		out->min = x < out->min ? x : out->min;
		out->max = x > out->max ? x : out->max;
		self += self_of(w, fn);
		all += w->total;
	}
	out->combined = all > 0 ? (double)self / (double)all : 0;
	out->mean = n > 0 ? sum / n : 0;
	double var = n > 1 ? (sumsq - sum * out->mean) / (n - 1) : 0;
	out->sd = var > 0 ? square_root(var) : 0;
}

struct span
stability_name(const struct stability *s, uint32_t fn)
{
	const struct profile *p = &s->profile;
	return profile_text(p, profile_function(p, fn)->name);
}

struct span
stability_dso(const struct stability *s, uint32_t fn)
{
	const struct profile *p = &s->profile;
	return profile_text(p, profile_function(p, fn)->dso);
}

size_t
stability_sizes(const char *list, size_t *sizes, size_t max)
{
	char *copy = xstrdup(list);
	size_t n = 0;

	/* strsep, not strtok: "1,,2" has an empty item, which is an error. */
	for (char *rest = copy, *w; (w = strsep(&rest, ",")) != NULL;) {
		uint64_t v;
		if (!parse_u64(w, &v) || v == 0 || v > SIZE_MAX / 2 ||
		    n == max) {
			n = 0;
			break;
		}
		sizes[n++] = (size_t)v;
	}
	free(copy);
	return n;
}

void
stability_sizes_option(void *opts, const char *list, const char *option)
{
	struct stability_options *opt = opts;
	size_t max = sizeof opt->sizes / sizeof opt->sizes[0];

	opt->nsizes = stability_sizes(list, opt->sizes, max);
	if (opt->nsizes == 0)
		usage_error("%s: not a list of group sizes: '%s'", option,
		            list);
}
