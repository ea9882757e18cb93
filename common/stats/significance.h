/*
 * significance.h - is a difference between two profiles more than noise?
 *
 * The tests a comparison of profiles needs, written from their textbook
 * definitions (no statistics library):
 *
 *   welch_t_test    two groups of replicates (the runs of each side), means
 *                   compared without assuming equal variances; the p-value
 *                   from Student's t distribution with the Welch–
 *                   Satterthwaite degrees of freedom;
 *   proportion_z_test  one count of each side, each out of its side's total
 *                   (shares): the counting error of a binomial sample, the
 *                   pooled two-proportion z-test;
 *   rate_z_test     counts over a number of runs of each side (absolute
 *                   counts per run): the counting error of a Poisson
 *                   count, pooled under the hypothesis of equal rates;
 *   benjamini_hochberg  adjusted p-values (q-values) for testing many
 *                   hypotheses at once: rejecting every q <= alpha keeps
 *                   the expected share of false discoveries among the
 *                   rejections at or below alpha (independent or
 *                   positively dependent tests), and when no difference is
 *                   real the chance of any rejection at all is <= alpha.
 *
 * The distributions underneath: the regularized incomplete beta function
 * I_x(a, b), by its continued fraction (modified Lentz), gives Student's t;
 * the normal tail comes from erfc.  Accuracy is about 1e-12 relative where
 * the p-value is not tiny, far more than any decision here needs.
 *
 * Every p-value is two-sided, in [0, 1]; a test with nothing to compare
 * (no variation and no difference, no counts) gives p = 1.
 */
#ifndef PERFVIEWS_SIGNIFICANCE_H
#define PERFVIEWS_SIGNIFICANCE_H

#include <stddef.h>

struct significance {
	double statistic; /* t or z, positive when b is larger */
	double df;        /* degrees of freedom (t); 0 for a z-test */
	double p;         /* two-sided */
};

/* Mean and unbiased (n - 1) variance of n values; 0 when n < 1 or 2. */
double stats_mean(const double *x, size_t n);
double stats_variance(const double *x, size_t n);

/* I_x(a, b), the regularized incomplete beta function; a, b > 0. */
double incomplete_beta(double a, double b, double x);

/* P(T <= t) for Student's t with df > 0 degrees of freedom. */
double student_t_cdf(double t, double df);
/* P(|T| >= |t|): the two-sided p-value of t. */
double student_t_p(double t, double df);
/* P(|Z| >= |z|) for the standard normal. */
double normal_p(double z);

/*
 * Welch's t-test of b's mean against a's; na, nb >= 2.  When neither side
 * varies, p is 1 for equal means and 0 otherwise.
 */
struct significance welch_t_test(const double *a, size_t na, const double *b,
                                 size_t nb);
/*
 * The same with a floor under each side's variance (of one value, not of
 * the mean): what is known to vary at least, such as the counting error of
 * a share measured in a run, so that runs agreeing by chance more closely
 * than that cannot make a difference look certain.
 */
struct significance welch_t_test_floored(const double *a, size_t na,
                                         const double *b, size_t nb,
                                         double floor_a, double floor_b);

/*
 * Welch's t-test from each side's mean, variance (n - 1) and number of
 * values, as pyperf reports them; na, nb >= 2.
 */
struct significance welch_t_test_summary(double ma, double sa, size_t na,
                                         double mb, double sb, size_t nb);

/* x1 of n1 against x2 of n2 (x <= n, counts or weights in count units). */
struct significance proportion_z_test(double x1, double n1, double x2,
                                      double n2);

/* x1 counts in t1 runs against x2 counts in t2 runs (t > 0). */
struct significance rate_z_test(double x1, double t1, double x2, double t2);

/*
 * The Benjamini–Hochberg adjusted p-values of p[0..n): q[i] is the
 * smallest false discovery rate at which p[i] would be rejected.  q may be
 * p.  NaN counts as 1.
 */
void benjamini_hochberg(const double *p, size_t n, double *q);

#endif
