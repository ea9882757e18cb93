/*
 * category_profile.h - the samples of profiles, counted by category.
 *
 * Every function of a profile is given the rule that claims it (the first
 * that matches, see match/category_rules.h) once; its samples then cost an
 * array lookup per frame.  A sample goes to the category of its leaf
 * function (the self function of views/profile, after --inline), or with
 * inclusive to every category with a frame in it, once each.  With python
 * only the Python frames of a -X perf recording ("py::NAME:FILE") are
 * categorised, by the rules that have a module pair: the innermost one, or
 * with inclusive all; a sample with no Python frame goes to "native".
 *
 * Profiles are counted into columns (one per input, or one for all), and
 * the counts of a column sum to its total unless inclusive.  The functions
 * of the profile counted last stay known, with their weights, for the
 * largest functions of each category, --explain and the rules check.
 */
#ifndef PERFVIEWS_CATEGORY_PROFILE_H
#define PERFVIEWS_CATEGORY_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "match/category_rules.h"
#include "views/category_report.h"
#include "views/profile.h"

/* In rule_of: a native frame, which python mode does not categorise. */
#define RULE_NATIVE (RULE_NONE - 1)

struct category_profile {
	struct category_rules *rules;
	bool python, inclusive;
	uint32_t native; /* category id of "native" */
	size_t ncolumns;
	uint64_t *counts; /* [category * ncolumns + column] */
	uint64_t *totals; /* by column */
	/* The profile counted last: by its function ids. */
	const struct profile *profile;
	uint32_t *rule_of;   /* the rule that claims it (or RULE_NATIVE) */
	uint64_t *fn_weight; /* its samples (self, or inclusive) */
	uint32_t nfunctions;
	uint32_t *rank; /* category -> its row, UINT32_MAX: none */
};

/* Set up ncolumns columns; python adds the category "native" to rules. */
void category_profile_init(struct category_profile *cp,
                           struct category_rules *rules, size_t ncolumns,
                           bool python, bool inclusive);
void category_profile_free(struct category_profile *cp);

/*
 * Give every function of p its rule (rule_of), without counting; p becomes
 * the profile counted last, its weights zero.  Counting does it first.
 */
void category_profile_classify(struct category_profile *cp,
                               const struct profile *p);

/* Count every sample of p into column; p must outlive its use here. */
void category_profile_count(struct category_profile *cp,
                            const struct profile *p, size_t column);

/* The category a function's samples go to. */
uint32_t category_profile_function_category(const struct category_profile *cp,
                                            uint32_t fn);

/*
 * The rows of the table: categories with samples in any column, by their
 * summed shares (largest first), then "unknown", always.  rows holds room
 * for every category; returns how many.
 */
size_t category_profile_rows(struct category_profile *cp, uint32_t *rows);

/*
 * The functions of the last profile that have samples, by row (call
 * category_profile_rows first), then samples, then name.  Returns how
 * many; *out is the caller's to free.
 */
uint32_t category_profile_functions(const struct category_profile *cp,
                                    uint32_t **out);

/*
 * The n largest functions of each row's category into rows[].top (and
 * ntop): returns the array they live in, the caller's to free.
 */
struct category_top *category_profile_top(const struct category_profile *cp,
                                          struct category_row *rows,
                                          size_t nrows, size_t n);

/*
 * The rules check over the last profile's functions: for each rule that
 * claims none, "FILE:LINE: never matches ..." or "FILE:LINE: shadowed ..."
 * (it matches only functions an earlier rule claims) on out.  With python,
 * only the rules with a module pair.
 */
void category_profile_check(const struct category_profile *cp, FILE *out);

/*
 * bycategory --explain: each function of the last profile with samples,
 * its category and the rule that gave it (FILE:LINE, "-" for none), as a
 * table in format; by category (the rows' order), then weight.
 */
void category_profile_explain(const struct category_profile *cp,
                              enum report_format format);

#endif
