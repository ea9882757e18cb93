/*
 * test_stability.c - how much a flat profile changes from run to run
 * (dataset/stability.h): distances, the enumeration and drawing of splits,
 * per-function summaries, the sampling noise, and the runs of a raw file.
 */
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "dataset/stability.h"
#include "unit.h"

enum { MAX_RUNS = 16, MAX_FUNCTIONS = 8 };

/* A stability made by hand: self weights per run and function. */
struct hand {
	struct stability s;
	struct run_weights runs[MAX_RUNS];
	uint64_t self[MAX_RUNS][MAX_FUNCTIONS];
};

/*
 * weights[r] lists run r's self weights by function, then (after the
 * functions) its samples without frames; nfunctions functions.
 */
static void
hand_make(struct hand *h, size_t nruns, uint32_t nfunctions,
          const uint64_t weights[][MAX_FUNCTIONS + 1])
{
	memset(h, 0, sizeof *h);
	ck_assert_uint_le(nruns, MAX_RUNS);
	ck_assert_uint_le(nfunctions, MAX_FUNCTIONS);
	h->s.nfunctions = nfunctions;
	h->s.runs = h->runs;
	h->s.nruns = nruns;
	for (size_t r = 0; r < nruns; r++) {
		h->runs[r].self = h->self[r];
		h->runs[r].cap = nfunctions;
		for (uint32_t f = 0; f < nfunctions; f++) {
			h->self[r][f] = weights[r][f];
			h->runs[r].total += weights[r][f];
		}
		h->runs[r].total += weights[r][nfunctions];
	}
}

static double
distance1(const struct stability *s, size_t a, size_t b)
{
	return stability_distance(s, &a, &b, 1);
}

#define ck_assert_near(got, want)                                              \
	do {                                                                   \
		double g_ = (got), w_ = (want);                                \
		ck_assert_msg(fabs(g_ - w_) < 1e-12, "%s = %.17g, want %.17g", \
		              #got, g_, w_);                                   \
	} while (0)

START_TEST(distance_of_identical_and_disjoint)
{
	static const uint64_t w[][MAX_FUNCTIONS + 1] = {
	    {3, 1, 0, 0},   /* 0 */
	    {3, 1, 0, 0},   /* 1: as 0 */
	    {30, 10, 0, 0}, /* 2: as 0, ten times the samples */
	    {0, 0, 5, 0},   /* 3: nothing in common with 0 */
	    {1, 3, 0, 0},   /* 4 */
	};
	struct hand h;

	hand_make(&h, 5, 3, w);
	ck_assert_near(distance1(&h.s, 0, 1), 0);
	ck_assert_near(distance1(&h.s, 0, 2), 0);
	ck_assert_near(distance1(&h.s, 0, 3), 1);
	ck_assert_near(distance1(&h.s, 3, 0), 1);
	/* |3/4 - 1/4| + |1/4 - 3/4|, halved. */
	ck_assert_near(distance1(&h.s, 0, 4), 0.5);
	ck_assert_near(distance1(&h.s, 4, 0), 0.5);

	/* Groups are summed before they are compared: {0,3} vs {1,4}. */
	size_t a[] = {0, 3}, b[] = {1, 4};
	/* a: 3 1 5 of 9; b: 4 4 0 of 8. */
	double want = (fabs(3.0 / 9 - 4.0 / 8) + fabs(1.0 / 9 - 4.0 / 8) +
	               fabs(5.0 / 9 - 0)) /
	              2;
	ck_assert_near(stability_distance(&h.s, a, b, 2), want);
}
END_TEST

/* Samples without frames are a bin of their own; an empty run is far. */
START_TEST(distance_counts_frameless_samples)
{
	static const uint64_t w[][MAX_FUNCTIONS + 1] = {
	    {2, 0, 2},            /* half of it without frames */
	    {2, 0, 0}, {0, 0, 7}, /* only samples without frames */
	    {0, 0, 7}, {0, 0, 0}, /* no samples */
	};
	struct hand h;

	hand_make(&h, 5, 2, w);
	ck_assert_near(distance1(&h.s, 0, 1), 0.5);
	ck_assert_near(distance1(&h.s, 2, 3), 0);
	ck_assert_near(distance1(&h.s, 1, 2), 1);
	ck_assert_near(distance1(&h.s, 0, 4), 1);
	ck_assert_near(distance1(&h.s, 4, 4), 1);

	/* Functions beyond a run's weights are 0 in that run. */
	h.runs[1].cap = 0;
	h.runs[1].total = 2;
	ck_assert_near(distance1(&h.s, 1, 2), 0);
}
END_TEST

START_TEST(split_counts)
{
	ck_assert_near(stability_split_count(2, 1), 1);
	ck_assert_near(stability_split_count(4, 1), 6);
	ck_assert_near(stability_split_count(4, 2), 3);
	/* 2k would overflow: no splits, at once. */
	ck_assert_near(stability_split_count(4, (size_t)1 << 63), 0);
	ck_assert_near(stability_split_count(10, 1), 45);
	ck_assert_near(stability_split_count(10, 5), 126);
	ck_assert_near(stability_split_count(10, 2), 45 * 28 / 2);
	/* C(20,5) * C(15,5) / 2. */
	ck_assert_near(stability_split_count(20, 5), 15504.0 * 3003 / 2);
	ck_assert_near(stability_split_count(3, 2), 0);
	ck_assert_near(stability_split_count(5, 0), 0);
	ck_assert_near(stability_split_count(0, 1), 0);
}
END_TEST

/*
 * Six runs whose 15 pairwise distances all differ, and differ in their
 * sums: a split compared twice or left out changes the mean.
 */
static const uint64_t six_runs[][MAX_FUNCTIONS + 1] = {
    {57, 8, 18, 45, 58}, {28, 9, 11, 39, 11}, {26, 51, 10, 4, 39},
    {13, 2, 35, 6, 42},  {24, 47, 4, 17, 3},  {36, 36, 7, 47, 25},
};

/* Every distance of single runs i < j, in one list. */
static size_t
all_pair_distances(const struct stability *s, double *d)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nruns; i++)
		for (size_t j = i + 1; j < s->nruns; j++)
			d[n++] = distance1(s, i, j);
	return n;
}

START_TEST(few_splits_each_used_once)
{
	struct hand h;
	struct split_summary m;
	double d[15], sum = 0, sumsq = 0, min = 1, max = 0;

	hand_make(&h, 6, 4, six_runs);
	ck_assert_uint_eq(all_pair_distances(&h.s, d), 15);
	for (size_t i = 0; i < 15; i++) {
		for (size_t j = i + 1; j < 15; j++)
			ck_assert_msg(fabs(d[i] - d[j]) > 1e-6,
			              "distances %zu and %zu alike", i, j);
		sum += d[i];
		sumsq += d[i] * d[i];
		min = d[i] < min ? d[i] : min;
		max = d[i] > max ? d[i] : max;
	}

	/* No more pairs than asked for: every one, once. */
	stability_splits(&h.s, 1, 15, 1, &m);
	ck_assert_uint_eq(m.k, 1);
	ck_assert_uint_eq(m.splits, 15);
	ck_assert(m.all);
	ck_assert_near(m.mean, sum / 15);
	ck_assert_near(m.min, min);
	ck_assert_near(m.max, max);
	double var = (sumsq - sum * sum / 15) / 14;
	ck_assert_msg(fabs(m.sd * m.sd - var) < 1e-12, "sd² %.17g, want %.17g",
	              m.sd * m.sd, var);
	/* Asking for many more changes nothing. */
	struct split_summary more;
	stability_splits(&h.s, 1, 1000000, 7, &more);
	ck_assert_uint_eq(more.splits, 15);
	ck_assert(more.all);
	ck_assert_near(more.mean, m.mean);
}
END_TEST

START_TEST(groups_of_several_runs_split_once)
{
	struct hand h;
	struct split_summary m;

	/* The 10 ways to split 6 runs into two groups of 3. */
	hand_make(&h, 6, 4, six_runs);
	double sum = 0;
	size_t count = 0;
	for (size_t x = 1; x < 6; x++)
		for (size_t y = x + 1; y < 6; y++) {
			size_t a[3] = {0, x, y}, b[3], nb = 0;
			for (size_t r = 1; r < 6; r++)
				if (r != x && r != y)
					b[nb++] = r;
			sum += stability_distance(&h.s, a, b, 3);
			count++;
		}
	ck_assert_uint_eq(count, 10);
	stability_splits(&h.s, 3, 10, 1, &m);
	ck_assert_uint_eq(m.splits, 10);
	ck_assert(m.all);
	ck_assert_near(m.mean, sum / 10);
	/* Mean samples per group: half of all, since each split uses all. */
	uint64_t all = 0;
	for (size_t r = 0; r < 6; r++)
		all += h.runs[r].total;
	ck_assert_near(m.samples, (double)all / 2);

	/* Groups too large for the runs: nothing compared. */
	stability_splits(&h.s, 4, 10, 1, &m);
	ck_assert_uint_eq(m.k, 4);
	ck_assert_uint_eq(m.splits, 0);
	ck_assert(!m.all);
	ck_assert_near(m.mean, 0);
	stability_splits(&h.s, 0, 10, 1, &m);
	ck_assert_uint_eq(m.splits, 0);
	stability_splits(&h.s, 1, 0, 1, &m);
	ck_assert_uint_eq(m.splits, 0);
}
END_TEST

START_TEST(many_splits_drawn_distinct)
{
	struct hand h;
	struct split_summary m;
	double d[15], sum = 0;

	hand_make(&h, 6, 4, six_runs);
	all_pair_distances(&h.s, d);
	for (size_t i = 0; i < 15; i++)
		sum += d[i];

	/*
	 * 14 of the 15 pairs, drawn: distinct, they are all but one, and
	 * their sum is the whole sum less that one's distance.
	 */
	stability_splits(&h.s, 1, 14, 1, &m);
	ck_assert_uint_eq(m.splits, 14);
	ck_assert(!m.all);
	size_t left_out = 0;
	for (size_t i = 0; i < 15; i++)
		if (fabs(m.mean * 14 - (sum - d[i])) < 1e-9)
			left_out++;
	ck_assert_uint_eq(left_out, 1);

	/* 2 of the 3 splits into pairs of runs of 4: two distinct ones. */
	hand_make(&h, 4, 4, six_runs);
	double two[3];
	size_t a[3][2] = {{0, 1}, {0, 2}, {0, 3}};
	size_t b[3][2] = {{2, 3}, {1, 3}, {1, 2}};
	for (size_t i = 0; i < 3; i++)
		two[i] = stability_distance(&h.s, a[i], b[i], 2);
	ck_assert(fabs(two[0] - two[1]) > 1e-6 &&
	          fabs(two[0] - two[2]) > 1e-6 && fabs(two[1] - two[2]) > 1e-6);
	for (uint64_t seed = 1; seed <= 20; seed++) {
		stability_splits(&h.s, 2, 2, seed, &m);
		ck_assert_uint_eq(m.splits, 2);
		ck_assert(!m.all);
		ck_assert_msg(m.max - m.min > 1e-6,
		              "seed %llu: one split twice",
		              (unsigned long long)seed);
		size_t found = 0;
		for (size_t i = 0; i < 3; i++)
			found += fabs(two[i] - m.min) < 1e-12 ||
			         fabs(two[i] - m.max) < 1e-12;
		ck_assert_uint_eq(found, 2);
		ck_assert_near(m.mean, (m.min + m.max) / 2);
	}
}
END_TEST

START_TEST(fixed_seed_reproducible)
{
	static uint64_t w[12][MAX_FUNCTIONS + 1];
	struct hand h;
	struct split_summary a, b, c;

	for (size_t r = 0; r < 12; r++)
		for (size_t f = 0; f < 5; f++)
			w[r][f] = 10 + (r * 7 + f * 13) % 17;
	hand_make(&h, 12, 5, (const uint64_t(*)[MAX_FUNCTIONS + 1]) w);
	/* C(12,2) * C(10,2) / 2 = 1485 splits of groups of 2: 30 drawn. */
	stability_splits(&h.s, 2, 30, 42, &a);
	stability_splits(&h.s, 2, 30, 42, &b);
	ck_assert_uint_eq(a.splits, 30);
	ck_assert(!a.all);
	ck_assert(a.mean == b.mean && a.sd == b.sd && a.min == b.min &&
	          a.max == b.max && a.noise == b.noise &&
	          a.samples == b.samples);
	/* Another seed draws other splits. */
	stability_splits(&h.s, 2, 30, 43, &c);
	ck_assert_uint_eq(c.splits, 30);
	ck_assert(c.mean != a.mean || c.sd != a.sd);
}
END_TEST

/* nruns runs of n samples each, two functions drawn half and half. */
static double
noise_of_halves(struct hand *h, size_t nruns, uint64_t n)
{
	uint64_t w[MAX_RUNS][MAX_FUNCTIONS + 1];
	struct split_summary m;

	memset(w, 0, sizeof w);
	for (size_t r = 0; r < nruns; r++) {
		w[r][0] = n / 2;
		w[r][1] = n - n / 2;
	}
	hand_make(h, nruns, 2, (const uint64_t(*)[MAX_FUNCTIONS + 1]) w);
	stability_splits(&h->s, 1, 10, 1, &m);
	ck_assert_near(m.samples, (double)n);
	/* The runs are identical: only the simulated noise is not 0. */
	ck_assert_near(m.mean, 0);
	return m.noise;
}

/*
 * Two equally likely functions, n samples per group: the distance of two
 * samples is |a - b| of two proportions, about normal with variance
 * 1 / (2 n), whose mean absolute value is sqrt(1 / (pi n)) (0.0178 for
 * n = 1000): the simulation must say about as much.
 */
START_TEST(noise_of_a_known_distribution)
{
	struct hand h;
	double expect1000 = 0.0178412; /* sqrt(1 / (pi 1000)) */
	double n1000 = noise_of_halves(&h, 4, 1000);
	double n4000 = noise_of_halves(&h, 4, 4000);

	ck_assert_msg(n1000 > 0.7 * expect1000 && n1000 < 1.3 * expect1000,
	              "noise %.4f, want about %.4f", n1000, expect1000);
	/* Four times the samples: half the noise. */
	ck_assert_msg(n4000 > 0.7 * expect1000 / 2 &&
	                  n4000 < 1.3 * expect1000 / 2,
	              "noise %.4f, want about %.4f", n4000, expect1000 / 2);

	/* One function only: no noise at all. */
	static const uint64_t one[][MAX_FUNCTIONS + 1] = {{100}, {100}};
	struct split_summary m;
	hand_make(&h, 2, 1, one);
	stability_splits(&h.s, 1, 10, 1, &m);
	ck_assert_uint_eq(m.splits, 1);
	ck_assert(m.all);
	ck_assert_near(m.noise, 0);
	ck_assert_near(m.sd, 0);
}
END_TEST

START_TEST(function_mean_and_sd)
{
	static const uint64_t w[][MAX_FUNCTIONS + 1] = {
	    {2, 2, 0, 0}, /* f0 1/2 */
	    {1, 3, 0, 0}, /* f0 1/4 */
	    {3, 0, 0, 1}, /* f0 3/4 */
	};
	struct hand h;
	struct function_summary f;

	hand_make(&h, 3, 3, w);
	stability_function(&h.s, 0, &f);
	ck_assert_near(f.combined, 6.0 / 12);
	ck_assert_near(f.mean, 0.5);
	ck_assert_near(f.sd, 0.25);
	ck_assert_near(f.min, 0.25);
	ck_assert_near(f.max, 0.75);
	stability_function(&h.s, 1, &f);
	ck_assert_near(f.combined, 5.0 / 12);
	ck_assert_near(f.mean, (0.5 + 0.75 + 0) / 3);
	ck_assert_near(f.min, 0);
	ck_assert_near(f.max, 0.75);
	double mean = 1.25 / 3;
	double var = ((0.5 - mean) * (0.5 - mean) +
	              (0.75 - mean) * (0.75 - mean) + mean * mean) /
	             2;
	ck_assert_near(f.sd * f.sd, var);
	/* A function in no run's samples. */
	stability_function(&h.s, 2, &f);
	ck_assert_near(f.combined, 0);
	ck_assert_near(f.mean, 0);
	ck_assert_near(f.sd, 0);
	ck_assert_near(f.min, 0);
	ck_assert_near(f.max, 0);

	/* Runs of different sizes: the combined share weighs by samples. */
	static const uint64_t uneven[][MAX_FUNCTIONS + 1] = {{1, 1}, {2, 6}};
	hand_make(&h, 2, 2, uneven);
	stability_function(&h.s, 0, &f);
	ck_assert_near(f.combined, 3.0 / 10);
	ck_assert_near(f.mean, 0.375);
	ck_assert_near(f.sd * f.sd, 2 * 0.125 * 0.125);
}
END_TEST

START_TEST(ranking_by_self_weight)
{
	static const uint64_t w[][MAX_FUNCTIONS + 1] = {
	    {1, 2, 3, 0, 0},
	    {0, 3, 2, 0, 9},
	};
	struct hand h;

	hand_make(&h, 2, 4, w);
	uint32_t *rank = stability_ranking(&h.s);
	/* 5, 5 (first seen first), 1, 0. */
	ck_assert_uint_eq(rank[0], 1);
	ck_assert_uint_eq(rank[1], 2);
	ck_assert_uint_eq(rank[2], 0);
	ck_assert_uint_eq(rank[3], 3);
	free(rank);
}
END_TEST

/* A raw file of runs: sample lines "leaf;caller" per run, runs by '|'. */
static void
raw_file(char *path, const char *runs, bool markers)
{
	static char text[16384];
	size_t used = 0, run = 1, nruns = 1, t = 0;

	for (const char *p = runs; *p != '\0'; p++)
		nruns += *p == '|';
	if (markers)
		used += (size_t)snprintf(text + used, sizeof text - used,
		                         "# perfviews run 1/%zu\n", nruns);
	for (const char *p = runs; *p != '\0';) {
		size_t n = strcspn(p, " |");
		if (n > 0) {
			used += (size_t)snprintf(
			    text + used, sizeof text - used,
			    "python 7 %zu.0: 1 cpu-clock:\n", ++t);
			const char *leaf = p, *semi = memchr(p, ';', n);
			size_t ln = semi != NULL ? (size_t)(semi - p) : n;
			used += (size_t)snprintf(
			    text + used, sizeof text - used,
			    "\t1 %.*s (/usr/lib/libx.so)\n", (int)ln, leaf);
			if (semi != NULL)
				used += (size_t)snprintf(
				    text + used, sizeof text - used,
				    "\t2 %.*s (/usr/bin/python3)\n",
				    (int)(n - ln - 1), semi + 1);
			used += (size_t)snprintf(text + used,
			                         sizeof text - used, "\n");
		}
		p += n;
		if (*p == '|' && markers)
			used += (size_t)snprintf(
			    text + used, sizeof text - used,
			    "# perfviews run %zu/%zu\n", ++run, nruns);
		if (*p != '\0')
			p++;
	}
	ck_assert_uint_lt(used, sizeof text - 1);
	unit_temp_file(path, text);
}

START_TEST(runs_of_a_raw_file)
{
	char path[UNIT_PATH];
	struct stability s;

	raw_file(path,
	         "a;main a;main b;main | a;main b;main b;main b;main | "
	         "a;main a;main",
	         true);
	/* Fewer than 10 runs: a warning. */
	char want[128];
	unit_stderr_begin();
	stability_read(&s, path, NULL);
	snprintf(want, sizeof want,
	         "perfviews: %s: only 3 runs; 10 or more give k up to 5\n",
	         path);
	ck_assert_str_eq(unit_stderr_end(), want);
	unlink(path);
	ck_assert_uint_eq(s.nruns, 3);
	ck_assert_uint_eq(s.runs[0].total, 3);
	ck_assert_uint_eq(s.runs[1].total, 4);
	ck_assert_uint_eq(s.runs[2].total, 2);

	/* a and b are leaves; main only a caller. */
	uint32_t *rank = stability_ranking(&s);
	ck_assert_span(stability_name(&s, rank[0]), "a");
	ck_assert_span(stability_name(&s, rank[1]), "b");
	struct function_summary f;
	stability_function(&s, rank[0], &f);
	ck_assert_near(f.combined, 5.0 / 9);
	ck_assert_near(f.mean, (2.0 / 3 + 0.25 + 1) / 3);
	stability_function(&s, rank[1], &f);
	ck_assert_near(f.combined, 4.0 / 9);
	ck_assert_near(f.min, 0);
	ck_assert_near(f.max, 0.75);
	for (uint32_t i = 2; i < s.nfunctions; i++) {
		stability_function(&s, rank[i], &f);
		ck_assert_near(f.combined, 0);
	}
	/* Runs 0 and 2 differ by a's share: 1/3. */
	ck_assert_near(distance1(&s, 0, 2), 1.0 / 3);
	free(rank);
	stability_free(&s);
	ck_assert_uint_eq(s.nruns, 0);
	ck_assert_ptr_null(s.runs);
}
END_TEST

/* The samples of one event, as make stability asks for a faults data set. */
START_TEST(runs_of_one_event)
{
	char path[UNIT_PATH];
	struct stability s;

	unit_temp_file(path, "# perfviews run 1/2\n"
	                     "python 7 1.0: 1 cpu-clock:\n\t1 a (/x)\n\n"
	                     "python 7 2.0: 1 page-faults: \n\t1 b (/x)\n\n"
	                     "# perfviews run 2/2\n"
	                     "python 7 3.0: 1 page-faults: \n\t1 b (/x)\n\n"
	                     "python 7 4.0: 1 page-faults: \n\t1 c (/x)\n\n");
	unit_stderr_begin();
	stability_read(&s, path, "page-faults");
	unit_stderr_end();
	unlink(path);
	ck_assert_uint_eq(s.nruns, 2);
	ck_assert_uint_eq(s.runs[0].total, 1);
	ck_assert_uint_eq(s.runs[1].total, 2);
	uint32_t *rank = stability_ranking(&s);
	ck_assert_span(stability_name(&s, rank[0]), "b");
	free(rank);
	stability_free(&s);
}
END_TEST

static void
read_raw(void *arg)
{
	struct stability s;

	progname = "prog";
	stability_read(&s, arg, NULL);
	printf("%zu runs\n", s.nruns);
	stability_free(&s);
}

/* Read path in a child: status, stdout and stderr (PATH for the path). */
static void
assert_read(const char *path, int status, const char *out, const char *err)
{
	struct unit_child c;
	char want[512];
	const char *at = strstr(err, "PATH");

	unit_child_run(read_raw, (void *)path, &c);
	if (at != NULL)
		snprintf(want, sizeof want, "%.*s%s%s", (int)(at - err), err,
		         path, at + 4);
	else
		snprintf(want, sizeof want, "%s", err);
	ck_assert_int_eq(c.status, status);
	ck_assert_str_eq(c.out, out);
	ck_assert_str_eq(c.err, want);
}

START_TEST(raw_file_errors)
{
	char path[UNIT_PATH];

	assert_read("-", EXIT_USAGE, "",
	            "prog: stability: the raw file is read twice: give its "
	            "path, not stdin\n");
	unit_temp_file(path, "");
	assert_read(path, EXIT_DATA, "", "prog: PATH: no samples\n");
	unlink(path);
	raw_file(path, "a a", false);
	assert_read(path, EXIT_DATA, "",
	            "prog: PATH holds 1 run: record with xRUNS, 10 or more\n");
	unlink(path);
	raw_file(path, "a | | a", true);
	assert_read(path, EXIT_DATA, "",
	            "prog: PATH: run 2 of 3 has no samples\n");
	unlink(path);
	raw_file(path, "a | a b", true);
	assert_read(path, 0, "2 runs\n",
	            "prog: PATH: only 2 runs; 10 or more give k up to 5\n");
	unlink(path);
	raw_file(path, "a|a|a|a|a|a|a|a|a|b", true);
	assert_read(path, 0, "10 runs\n", "");
	unlink(path);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {distance_of_identical_and_disjoint,
	                        distance_counts_frameless_samples,
	                        split_counts,
	                        few_splits_each_used_once,
	                        groups_of_several_runs_split_once,
	                        many_splits_drawn_distinct,
	                        fixed_seed_reproducible,
	                        noise_of_a_known_distribution,
	                        function_mean_and_sd,
	                        ranking_by_self_weight,
	                        runs_of_a_raw_file,
	                        runs_of_one_event,
	                        raw_file_errors,
	                        NULL};
	return unit_main("stability", tests);
}
