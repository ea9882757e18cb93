/*
 * test_significance.c - the statistics of comparisons
 * (stats/significance.h), against known values: printed t tables, closed
 * forms (Student's t with 1 and 2 degrees of freedom), and values computed
 * to 30 digits with mpmath (betainc, erfc) where no table has them.
 */
#include <math.h>

#include "stats/significance.h"
#include "unit.h"

#define ck_near(got, want, tol)                                                \
	do {                                                                   \
		double g_ = (got), w_ = (want);                                \
		ck_assert_msg(fabs(g_ - w_) <= (tol), "got %.17g, want %.17g", \
		              g_, w_);                                         \
	} while (0)

START_TEST(incomplete_beta_known_values)
{
	/* Closed forms: I_x(1,1) = x, I_x(a,1) = x^a, I_x(1,b) = 1-(1-x)^b. */
	ck_near(incomplete_beta(1, 1, 0.3), 0.3, 1e-14);
	ck_near(incomplete_beta(3, 1, 0.7), pow(0.7, 3), 1e-14);
	ck_near(incomplete_beta(1, 4, 0.2), 1 - pow(0.8, 4), 1e-14);
	/* Symmetric: I_0.5(a, a) = 1/2. */
	ck_near(incomplete_beta(7.5, 7.5, 0.5), 0.5, 1e-13);
	/* mpmath betainc(a, b, 0, x, regularized=True). */
	ck_near(incomplete_beta(2.5, 3.5, 0.3), 0.29675298929566638, 1e-13);
	ck_near(incomplete_beta(0.5, 0.5, 0.9), 0.79516723530086657, 1e-13);
	ck_near(incomplete_beta(50, 60, 0.45), 0.46423529143060363, 1e-12);
	ck_near(incomplete_beta(2, 3, 0), 0, 0);
	ck_near(incomplete_beta(2, 3, 1), 1, 0);
}
END_TEST

START_TEST(student_t_tables)
{
	/* Two-sided critical values of printed t tables. */
	ck_near(student_t_p(12.706, 1), 0.05, 1e-5);
	ck_near(student_t_p(2.228, 10), 0.05, 1e-4);
	ck_near(student_t_p(4.032, 5), 0.01, 1e-5);
	ck_near(student_t_p(2.042, 30), 0.05, 1e-4);
	ck_near(student_t_p(-2.042, 30), 0.05, 1e-4);
	/* The same to 15 digits, from mpmath. */
	ck_near(student_t_p(2.228, 10), 0.050011771817111365, 1e-14);
	ck_near(student_t_p(1.0, 3), 0.39100221895577064, 1e-14);
	ck_near(student_t_p(0.5, 2.5), 0.65769791986971469, 1e-14);
	ck_near(student_t_p(3.5, 100), 0.00069642771735626892, 1e-16);
	ck_near(student_t_p(40, 3), 3.4380680789158528e-5, 1e-17);
	ck_near(student_t_p(0, 4), 1, 0);
	ck_near(student_t_p(INFINITY, 4), 0, 0);
	ck_near(student_t_p(NAN, 4), 1, 0);
}
END_TEST

START_TEST(student_t_closed_forms)
{
	/* df 1 is Cauchy's; df 2 has cdf 1/2 + t / (2 sqrt(2 + t^2)). */
	for (double t = -30; t <= 30; t += 0.7) {
		ck_near(student_t_cdf(t, 1), 0.5 + atan(t) / M_PI, 1e-13);
		ck_near(student_t_cdf(t, 2), 0.5 + t / (2 * sqrt(2 + t * t)),
		        1e-13);
	}
	ck_near(student_t_cdf(0, 7), 0.5, 1e-15);
	/* Many degrees of freedom: the normal distribution. */
	ck_near(student_t_p(1.96, 1e7), normal_p(1.96), 1e-7);
}
END_TEST

START_TEST(normal_tail)
{
	ck_near(normal_p(1.96), 0.049995790296440872, 1e-15);
	ck_near(normal_p(-1.96), 0.049995790296440872, 1e-15);
	ck_near(normal_p(5), 5.7330314375838782e-7, 1e-20);
	ck_near(normal_p(0), 1, 1e-15);
}
END_TEST

START_TEST(welch)
{
	double a[] = {1, 2, 3, 4, 5}, b[] = {2, 4, 6, 8, 10};
	struct significance r = welch_t_test(a, 5, b, 5);

	/* t = 3 / sqrt(2.5/5 + 10/5), df = 6.25 / 1.0625 (mpmath for p). */
	ck_near(r.statistic, 1.8973665961010276, 1e-14);
	ck_near(r.df, 5.882352941176471, 1e-13);
	ck_near(r.p, 0.10753119493062724, 1e-13);
	r = welch_t_test(b, 5, a, 5);
	ck_near(r.statistic, -1.8973665961010276, 1e-14);
	ck_near(r.p, 0.10753119493062724, 1e-13);

	/* No variation: equal means are no difference, others certain. */
	double c[] = {2, 2, 2}, d[] = {2, 2}, e[] = {3, 3};
	r = welch_t_test(c, 3, d, 2);
	ck_near(r.p, 1, 0);
	r = welch_t_test(c, 3, e, 2);
	ck_near(r.p, 0, 0);
	ck_assert(r.statistic > 0);
	/* One side constant: the other's variance alone, df = n - 1. */
	double f[] = {0, 0, 0, 0}, g[] = {1, 2, 3, 2};
	r = welch_t_test(f, 4, g, 4);
	ck_near(r.df, 3, 1e-12);
	ck_near(r.statistic, 2 / sqrt(stats_variance(g, 4) / 4), 1e-12);
	ck_near(stats_mean(g, 4), 2, 0);
	ck_near(stats_variance(g, 4), 2.0 / 3, 1e-15);

	/* A floor under a variance replaces it only where it is larger. */
	struct significance same = welch_t_test_floored(a, 5, b, 5, 1, 1);
	ck_near(same.p, 0.10753119493062724, 1e-13);
	r = welch_t_test_floored(a, 5, b, 5, 10, 10);
	ck_near(r.statistic, 3 / sqrt(10.0 / 5 + 10.0 / 5), 1e-14);
	ck_near(r.df, 8, 1e-12);
	/* Constant sides are no longer certain. */
	r = welch_t_test_floored(c, 3, e, 2, 0.5, 0.5);
	ck_near(r.statistic, 1 / sqrt(0.5 / 3 + 0.5 / 2), 1e-14);
	ck_assert(r.p > 0.05 && r.p < 1);
}
END_TEST

START_TEST(counting_error)
{
	/* 30 of 1000 against 50 of 1000 (mpmath for p). */
	struct significance r = proportion_z_test(30, 1000, 50, 1000);
	ck_near(r.statistic, 2.2821773229381921, 1e-13);
	ck_near(r.p, 0.02247887336612528, 1e-14);
	ck_near(r.df, 0, 0);
	/* Nothing, or everything, on both sides. */
	ck_near(proportion_z_test(0, 10, 0, 20).p, 1, 0);
	ck_near(proportion_z_test(10, 10, 20, 20).p, 1, 0);
	/* Poisson: 100 against 144 in one run each, z = 44 / sqrt(244). */
	r = rate_z_test(100, 1, 144, 1);
	ck_near(r.statistic, 44 / sqrt(244), 1e-13);
	ck_near(r.p, normal_p(44 / sqrt(244)), 1e-15);
	/* 10 runs against 5: rates per run, pooled rate 20/run. */
	r = rate_z_test(200, 10, 100, 5);
	ck_near(r.statistic, 0, 1e-15);
	ck_near(rate_z_test(0, 3, 0, 3).p, 1, 0);
}
END_TEST

START_TEST(benjamini_hochberg_adjusts)
{
	/* Sorted 0.005, 0.01, 0.03, 0.04: p n / k = .02 .02 .04 .04. */
	double p[] = {0.01, 0.04, 0.03, 0.005}, q[4];
	benjamini_hochberg(p, 4, q);
	ck_near(q[0], 0.02, 1e-15);
	ck_near(q[1], 0.04, 1e-15);
	ck_near(q[2], 0.04, 1e-15);
	ck_near(q[3], 0.02, 1e-15);

	/* Step-up: a larger p lowers the q of smaller ones; capped at 1. */
	double p2[] = {0.02, 0.03, 0.031, 0.9, NAN}, q2[5];
	benjamini_hochberg(p2, 5, q2);
	ck_near(q2[0], 0.031 * 5 / 3, 1e-15);
	ck_near(q2[1], 0.031 * 5 / 3, 1e-15);
	ck_near(q2[2], 0.031 * 5 / 3, 1e-15);
	ck_near(q2[3], 1, 1e-15);
	ck_near(q2[4], 1, 0);

	/* In place. */
	benjamini_hochberg(p, 4, p);
	ck_near(p[3], 0.02, 1e-15);
	benjamini_hochberg(NULL, 0, NULL);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    incomplete_beta_known_values,
	    student_t_tables,
	    student_t_closed_forms,
	    normal_tail,
	    welch,
	    counting_error,
	    benjamini_hochberg_adjusts,
	    NULL,
	};
	return unit_main("significance", tests);
}
