/*
 * significance.c - see significance.h.
 *
 * The continued fraction of the incomplete beta function (DLMF 8.17.22):
 *
 *   I_x(a, b) = x^a (1-x)^b / (a B(a, b)) * 1/(1+ d1/(1+ d2/(1+ ...)))
 *   d_2m+1 = -(a+m)(a+b+m) x / ((a+2m)(a+2m+1))
 *   d_2m   = m(b-m) x / ((a+2m-1)(a+2m))
 *
 * converges quickly for x < (a+1)/(a+b+2); above that, the symmetry
 * I_x(a, b) = 1 - I_1-x(b, a) brings x below it.  The fraction is evaluated
 * forwards by the modified Lentz method, which needs no guess of how many
 * terms it takes.
 */
#include <math.h>
#include <stdlib.h>

#include "base/xalloc.h"
#include "stats/significance.h"

double
stats_mean(const double *x, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return n > 0 ? sum / (double)n : 0;
}

double
stats_variance(const double *x, size_t n)
{
	double mean = stats_mean(x, n), sum = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		sum += (x[i] - mean) * (x[i] - mean);
	return sum / (double)(n - 1);
}

/* Keeps the Lentz recurrences away from division by zero. */
static double
not_zero(double v)
{
	const double tiny = 1e-300;

	return fabs(v) < tiny ? tiny : v;
}

/* The continued fraction above, for x below (a+1)/(a+b+2). */
static double
beta_fraction(double a, double b, double x)
{
	double c = 1, d = 1 / not_zero(1 - (a + b) * x / (a + 1));
	double f = d;

	for (int m = 1; m <= 1000; m++) {
		double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 / not_zero(1 + even * d);
		c = not_zero(1 + even / c);
		f *= d * c;
		double odd = -(a + m) * (a + b + m) * x /
		             ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 / not_zero(1 + odd * d);
		c = not_zero(1 + odd / c);
		double step = d * c;
		f *= step;
		if (fabs(step - 1) < 1e-15)
			break;
	}
	return f;
}

double
incomplete_beta(double a, double b, double x)
{
	if (!(x > 0))
		return 0;
	if (!(x < 1))
		return 1;
	double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	                   b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double
student_t_p(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return 1;
	if (isinf(t))
		return 0;
	/* P(|T| >= t) = I_{df/(df+t^2)}(df/2, 1/2). */
	return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

double
student_t_cdf(double t, double df)
{
	double tail = student_t_p(t, df) / 2;

	return t >= 0 ? 1 - tail : tail;
}

double
normal_p(double z)
{
	if (isnan(z))
		return 1;
	return erfc(fabs(z) / sqrt(2));
}

struct significance
welch_t_test(const double *a, size_t na, const double *b, size_t nb)
{
	return welch_t_test_floored(a, na, b, nb, 0, 0);
}

struct significance
welch_t_test_floored(const double *a, size_t na, const double *b, size_t nb,
                     double floor_a, double floor_b)
{
	double sa = stats_variance(a, na), sb = stats_variance(b, nb);

	return welch_t_test_summary(
	    stats_mean(a, na), sa > floor_a ? sa : floor_a, na,
	    stats_mean(b, nb), sb > floor_b ? sb : floor_b, nb);
}

struct significance
welch_t_test_summary(double ma, double sa, size_t na, double mb, double sb,
                     size_t nb)
{
	struct significance r = {0, 0, 1};

	if (na < 2 || nb < 2)
		return r;
	double va = sa / (double)na, vb = sb / (double)nb;
	if (va + vb == 0) {
		/* Neither side varies: the means differ or they do not. */
		r.statistic = mb > ma ? INFINITY : mb < ma ? -INFINITY : 0;
		r.p = mb == ma ? 1 : 0;
		return r;
	}
	r.statistic = (mb - ma) / sqrt(va + vb);
	/* Welch–Satterthwaite. */
	r.df = (va + vb) * (va + vb) /
	       (va * va / (double)(na - 1) + vb * vb / (double)(nb - 1));
	r.p = student_t_p(r.statistic, r.df);
	return r;
}

/*
 * A z-test of diff, whose variance under no difference is var.  No
 * variance (everything or nothing on both sides, no counts) is no
 * difference: p = 1.
 */
static struct significance
z_test(double diff, double var)
{
	struct significance r = {0, 0, 1};

	if (!(var > 0))
		return r;
	r.statistic = diff / sqrt(var);
	r.p = normal_p(r.statistic);
	return r;
}

struct significance
proportion_z_test(double x1, double n1, double x2, double n2)
{
	if (!(n1 > 0) || !(n2 > 0))
		return z_test(0, 0);
	double pooled = (x1 + x2) / (n1 + n2);
	return z_test(x2 / n2 - x1 / n1,
	              pooled * (1 - pooled) * (1 / n1 + 1 / n2));
}

struct significance
rate_z_test(double x1, double t1, double x2, double t2)
{
	if (!(t1 > 0) || !(t2 > 0))
		return z_test(0, 0);
	double rate = (x1 + x2) / (t1 + t2);
	return z_test(x2 / t2 - x1 / t1, rate / t1 + rate / t2);
}

/* For qsort_r over p: indexes by their p-value, ascending, NaN last. */
static int
compare_p(const void *pa, const void *pb, void *p)
{
	double a = ((const double *)p)[*(const size_t *)pa];
	double b = ((const double *)p)[*(const size_t *)pb];

	if (isnan(a) || isnan(b))
		return isnan(a) - isnan(b);
	return (a > b) - (a < b);
}

void
benjamini_hochberg(const double *p, size_t n, double *q)
{
	size_t *order = xreallocarray(NULL, n ? n : 1, sizeof *order);

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	qsort_r(order, n, sizeof *order, compare_p, (void *)p);
	/* From the largest p down: q_(k) = min(q_(k+1), p_(k) n / k). */
	double smallest = 1;
	double *adjusted = xreallocarray(NULL, n ? n : 1, sizeof *adjusted);
	for (size_t k = n; k-- > 0;) {
		double pk = p[order[k]];
		double v = isnan(pk) ? 1 : pk * (double)n / (double)(k + 1);
		if (v < smallest)
			smallest = v;
		adjusted[k] = smallest;
	}
	for (size_t k = 0; k < n; k++)
		q[order[k]] = adjusted[k];
	free(adjusted);
	free(order);
}
