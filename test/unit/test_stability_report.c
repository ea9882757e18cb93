/*
 * test_stability_report.c - the report of `make stability`
 * (dataset/stability_report.c, declared in dataset/stability.h): the
 * --sizes list, the default group sizes, and the two tables, on runs made
 * so that every figure but the simulated noise is known by hand.
 */
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "pages/stability_report.h"
#include "unit.h"

START_TEST(sizes_parsed)
{
	size_t sizes[4];

	ck_assert_uint_eq(stability_sizes("1,2,5", sizes, 4), 3);
	ck_assert_uint_eq(sizes[0], 1);
	ck_assert_uint_eq(sizes[1], 2);
	ck_assert_uint_eq(sizes[2], 5);
	ck_assert_uint_eq(stability_sizes("7", sizes, 4), 1);
	ck_assert_uint_eq(sizes[0], 7);
	/* Empty items and sizes that would overflow are not lists. */
	ck_assert_uint_eq(stability_sizes("1,,2", sizes, 4), 0);
	ck_assert_uint_eq(stability_sizes(",1", sizes, 4), 0);
	ck_assert_uint_eq(stability_sizes("1,", sizes, 4), 0);
	ck_assert_uint_eq(stability_sizes("9223372036854775808", sizes, 4), 0);
	/* In the order given, repeats kept. */
	ck_assert_uint_eq(stability_sizes("3,1,3", sizes, 4), 3);
	ck_assert_uint_eq(sizes[0], 3);
	ck_assert_uint_eq(sizes[1], 1);
	ck_assert_uint_eq(sizes[2], 3);
	/* At most max. */
	ck_assert_uint_eq(stability_sizes("1,2,3,4", sizes, 4), 4);
	ck_assert_uint_eq(stability_sizes("1,2,3,4,5", sizes, 4), 0);
	/* Not a list of positive whole numbers. */
	static const char *const bad[] = {"",
	                                  "0",
	                                  "1,0",
	                                  "x",
	                                  "1,x",
	                                  "-1",
	                                  "1.5",
	                                  " 1",
	                                  "1 ",
	                                  "+2",
	                                  ",",
	                                  "0x10",
	                                  "99999999999999999999"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(stability_sizes(bad[i], sizes, 4) == 0,
		              "'%s' accepted", bad[i]);
}
END_TEST

static void
sizes_option(void *arg)
{
	struct stability_options opt = {0};

	stability_sizes_option(&opt, arg, "--sizes");
	printf("%zu:", opt.nsizes);
	for (size_t i = 0; i < opt.nsizes; i++)
		printf(" %zu", opt.sizes[i]);
	printf("\n");
}

START_TEST(sizes_as_an_option)
{
	struct unit_child c;

	unit_child_run(sizes_option, "2,4", &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "2: 2 4\n");
	unit_child_run(sizes_option, "1,,2", &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.out, "");
	ck_assert_ptr_nonnull(
	    strstr(c.err, "--sizes: not a list of group sizes: '1,,2'"));
}
END_TEST

/*
 * A raw file: runs separated by '|', each a list of leaf functions, one
 * sample each, called from main.
 */
static void
raw_file(char *path, const char *runs)
{
	static char text[65536];
	size_t used = 0, run = 1, nruns = 1, t = 0;

	for (const char *p = runs; *p != '\0'; p++)
		nruns += *p == '|';
	used += (size_t)snprintf(text, sizeof text, "# perfviews run 1/%zu\n",
	                         nruns);
	for (const char *p = runs; *p != '\0';) {
		size_t n = strcspn(p, " |");
		if (n > 0)
			used += (size_t)snprintf(
			    text + used, sizeof text - used,
			    "python 7 %zu.0: 1 cpu-clock:\n\t1 %.*s "
			    "(/usr/lib/libx.so)\n\t2 main "
			    "(/usr/bin/python3)\n\n",
			    ++t, (int)n, p);
		p += n;
		if (*p == '|')
			used += (size_t)snprintf(
			    text + used, sizeof text - used,
			    "# perfviews run %zu/%zu\n", ++run, nruns);
		if (*p != '\0')
			p++;
	}
	ck_assert_uint_lt(used, sizeof text - 1);
	unit_temp_file(path, text);
}

/*
 * The report of runs, with opt; its stderr in err.  Read with stderr to a
 * file: fewer than 10 runs are a warning.
 */
static const char *
report(const char *runs, const struct stability_options *opt, char *err,
       size_t errlen)
{
	char raw[UNIT_PATH], outpath[UNIT_PATH];
	struct stability s;

	raw_file(raw, runs);
	unit_temp_file(outpath, "");
	unit_stderr_begin();
	stability_read(&s, raw, NULL);
	FILE *out = fopen(outpath, "w");
	stability_report(out, &s, opt);
	fclose(out);
	snprintf(err, errlen, "%s", unit_stderr_end());
	stability_free(&s);
	/* The warning names the raw file: say RAW instead. */
	char *at = strstr(err, raw);
	if (at != NULL) {
		memcpy(at, "RAW", 3);
		memmove(at + 3, at + strlen(raw), strlen(at + strlen(raw)) + 1);
	}
	unlink(raw);
	const char *text = unit_file_text(outpath);
	unlink(outpath);
	return text;
}

/* The line of text that starts with prefix, without its newline. */
static const char *
line_starting(const char *text, const char *prefix)
{
	static char line[512];
	size_t n = strlen(prefix);

	for (const char *p = text; p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len >= n && strncmp(p, prefix, n) == 0) {
			snprintf(line, sizeof line, "%.*s", (int)len, p);
			return line;
		}
		p = nl != NULL ? nl + 1 : NULL;
	}
	return NULL;
}

/* A distance row: all of it but the noise, which is a percentage. */
static void
assert_row(const char *text, const char *want)
{
	const char *row = line_starting(text, want);
	double noise;
	char end[8];

	ck_assert_msg(row != NULL, "no row '%s' in:\n%s", want, text);
	ck_assert_msg(sscanf(row + strlen(want), " %lf%% |%7s", &noise, end) ==
	                      1 &&
	                  noise >= 0 && noise <= 100,
	              "'%s': noise '%s'", want, row + strlen(want));
}

static void
assert_starts(const char *text, const char *want)
{
	ck_assert_msg(strncmp(text, want, strlen(want)) == 0,
	              "got:\n%s\nwant it to start with:\n%s", text, want);
}

/*
 * Four runs: two of a only, two of a and b.  Single runs are 0 or 50%
 * apart (mean 1/3); pairs of runs 50% (both a-only runs on one side) or 0.
 */
static const char four_runs[] = "a a | a a | a b | a b";

START_TEST(report_of_known_runs)
{
	struct stability_options opt = {
	    .name = "w-perf-freq1x4", .splits = 200, .seed = 1, .top = 10};
	char err[256];
	const char *text = report(four_runs, &opt, err, sizeof err);

	ck_assert_str_eq(err, "perfviews: RAW: only 4 runs; 10 or more give k "
	                      "up to 5\n");
	assert_starts(text, "# Stability of w-perf-freq1x4\n\n"
	                    "4 runs, 8 samples, 3 functions.\n\n"
	                    "Distance between the flat self profiles of two "
	                    "disjoint groups of k runs each");
	ck_assert_ptr_nonnull(strstr(text, "up to 200 distinct pairs of groups "
	                                   "drawn at random (seed 1)"));
	ck_assert_ptr_nonnull(
	    strstr(text, "| k | samples per group | splits | distance mean ± "
	                 "sd | min | max | noise |\n"
	                 "|---:|---:|---:|---:|---:|---:|---:|\n| 1 |"));
	assert_row(text, "| 1 | 2 | 6 (all) | 33.33% ± 25.82% | 0.00% | "
	                 "50.00% |");
	assert_row(text, "| 2 | 4 | 3 (all) | 16.67% ± 28.87% | 0.00% | "
	                 "50.00% |");
	/* 4 runs: k = 1 and 2 only. */
	ck_assert_ptr_null(line_starting(text, "| 5 |"));
	ck_assert_ptr_nonnull(strstr(
	    text,
	    "\nThe top 10 functions by self samples in all runs "
	    "combined, and their self % in single runs.\n\n"
	    "| function | dso | all runs % | single run mean ± sd | min "
	    "| max |\n|---|---|---:|---:|---:|---:|\n"
	    "| `a` | libx.so | 75.00 | 75.00 ± 28.87 | 50.00 | 100.00 |\n"
	    "| `b` | libx.so | 25.00 | 25.00 ± 28.87 | 0.00 | 50.00 |\n"));
	/* main is a caller only: not a row; the report ends there. */
	ck_assert_ptr_null(strstr(text, "main"));
	size_t n = strlen(text);
	ck_assert_str_eq(text + n - 7, "0.00 |\n");
}
END_TEST

START_TEST(splits_drawn_when_more_than_asked)
{
	struct stability_options opt = {.splits = 4, .seed = 9, .top = 1};
	char err[256];
	const char *text = report(four_runs, &opt, err, sizeof err);

	/* No name: no heading. */
	assert_starts(text, "4 runs, 8 samples, 3 functions.\n\n");
	ck_assert_ptr_nonnull(strstr(text, "up to 4 distinct pairs of groups "
	                                   "drawn at random (seed 9)"));
	/* 6 splits of single runs, 4 drawn; the 3 of pairs are all. */
	const char *row = line_starting(text, "| 1 | 2 | 4 | ");
	ck_assert_msg(row != NULL, "%s", text);
	assert_row(text, "| 2 | 4 | 3 (all) | 16.67% ± 28.87% | 0.00% | "
	                 "50.00% |");
	/* The top 1 function only. */
	ck_assert_ptr_nonnull(strstr(text, "The top 1 functions"));
	ck_assert_ptr_nonnull(strstr(text, "| `a` |"));
	ck_assert_ptr_null(strstr(text, "| `b` |"));
}
END_TEST

START_TEST(default_group_sizes)
{
	struct stability_options opt = {.splits = 3, .seed = 1, .top = 0};
	char err[256];
	char runs[256] = "a";

	/* 12 runs: 1, 2, 5 and 12/2. */
	for (int i = 1; i < 12; i++)
		strcat(runs, i % 3 ? "|a" : "|b");
	const char *text = report(runs, &opt, err, sizeof err);
	ck_assert_str_eq(err, "");
	ck_assert_ptr_nonnull(line_starting(text, "| 1 | 1 | 3 | "));
	ck_assert_ptr_nonnull(line_starting(text, "| 2 | 2 | 3 | "));
	ck_assert_ptr_nonnull(line_starting(text, "| 5 | 5 | 3 | "));
	ck_assert_ptr_nonnull(line_starting(text, "| 6 | 6 | 3 | "));
	ck_assert_ptr_null(line_starting(text, "| 3 |"));
	/* Top 0: the table has its heading and no rows. */
	size_t n = strlen(text);
	ck_assert_str_eq(text + n - 30, "|---|---|---:|---:|---:|---:|\n");

	/* 10 runs: 10/2 is 5, already there. */
	strcpy(runs, "a|b|a|b|a|b|a|b|a|b");
	text = report(runs, &opt, err, sizeof err);
	ck_assert_ptr_nonnull(line_starting(text, "| 5 | 5 | 3 | "));
	ck_assert_ptr_null(line_starting(text, "| 10 |"));
	ck_assert_ptr_null(strstr(strstr(text, "| 5 | 5 |") + 1, "| 5 | 5 |"));

	/* 3 runs: only k = 1 fits. */
	text = report("a|a|b", &opt, err, sizeof err);
	ck_assert_ptr_nonnull(line_starting(text, "| 1 | 1 | 3 (all) | "));
	ck_assert_ptr_null(line_starting(text, "| 2 |"));
}
END_TEST

START_TEST(sizes_that_do_not_fit_skipped)
{
	struct stability_options opt = {
	    .splits = 10, .seed = 1, .top = 5, .sizes = {3, 1, 2}, .nsizes = 3};
	char err[256];
	const char *text = report(four_runs, &opt, err, sizeof err);

	ck_assert_str_eq(err,
	                 "perfviews: RAW: only 4 runs; 10 or more give k up to "
	                 "5\nperfviews: k=3: needs 6 runs, have 4\n");
	ck_assert_ptr_null(line_starting(text, "| 3 |"));
	/* The others in the order given. */
	const char *k1 = strstr(text, "\n| 1 | 2 |");
	const char *k2 = strstr(text, "\n| 2 | 4 |");
	ck_assert(k1 != NULL && k2 != NULL && k1 < k2);
}
END_TEST

/* '|' and '`' would end the code span or the cell. */
START_TEST(names_kept_inside_their_cell)
{
	struct stability_options opt = {.splits = 10, .seed = 1, .top = 5};
	char err[256];
	const char *text = report("x`y a | a | a | a | a | a | a | a | a | a",
	                          &opt, err, sizeof err);

	ck_assert_ptr_nonnull(strstr(text, "| `x?y` | libx.so | 9.09 | "));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {sizes_parsed,
	                        sizes_as_an_option,
	                        report_of_known_runs,
	                        splits_drawn_when_more_than_asked,
	                        default_group_sizes,
	                        sizes_that_do_not_fit_skipped,
	                        names_kept_inside_their_cell,
	                        NULL};
	return unit_main("stability_report", tests);
}
