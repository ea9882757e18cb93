/*
 * suite_pairs.h - two suites compared benchmark by benchmark: what
 * compare-suites knows before it writes a word (suite_compare.h writes
 * its files from it).
 *
 * The suites are their definitions (suite_file.h), named or given by
 * path; two of one name are refused.  A pair is a benchmark of A that B
 * has too (by name), recorded on both sides with a raw file each; the
 * others are left for the page to list.  Each pair's raw files are read
 * once, into one comparison by function, from which come its categories
 * (self: a sample counts for its leaf's category, as `flatdiff --by
 * category`), its functions and eval loop families that changed most, and
 * unless no_pages its `make compare` files (comparison_files.h); its timing
 * comes from both meta.json (speed.h).  Every tested category row of the
 * suite is then adjusted together (Benjamini–Hochberg): q, and significant
 * at the false discovery rate alpha.  Given a null suite, A against it
 * the same way (no pages): the noise floor, refused unless of A's build.
 */
#ifndef PERFVIEWS_SUITE_PAIRS_H
#define PERFVIEWS_SUITE_PAIRS_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset/metadata.h"
#include "dataset/speed.h"
#include "dataset/suite_file.h"
#include "suite/suite_compare.h"

/* A benchmark recorded in both suites. */
struct suite_pair {
	const struct suite_member *m[2];
	char *raw[2];
	struct metadata meta[2];
	bool has_meta[2];
	bool timed; /* both meta.json give pyperf's timing */
	struct compare_speed speed;
	char *name; /* the prefix of its make compare files */
	bool page;  /* they were written */
	char *unit; /* of its category values */
	bool per_loop;
	bool counts;         /* tested on counts: a side has one run */
	char *functions;     /* Markdown: the functions that changed most */
	char *families;      /* and the eval loop's instruction families */
	size_t first, nrows; /* its rows of categories */
};

/* A category of a benchmark, self values (its leaf's category). */
struct pair_category {
	size_t pair;
	char *category;
	double value[2], change; /* in the pair's unit */
	double share[2];         /* percent of each side's samples */
	double p, q;             /* NaN: not tested */
	bool significant;
};

struct suite_pairs {
	const struct suite_compare_options *o;
	struct suite_file s[2];
	char *name;           /* "S1-vs-S2" (comparison_name) */
	const char *given[2]; /* the suites as named on the command line */
	struct suite_pair *pairs;
	size_t npairs;
	struct pair_category *rows;
	size_t nrows, rows_cap;
	size_t ntested, nsignificant;
	struct suite_pairs *floor; /* A against the null suite, or NULL */
};

/*
 * Suites a and b read and compared, pair by pair, and with o->null the
 * noise floor (ss->floor); no file is written but the pairs' pages.  A
 * suite that cannot be read ends the process, saying why.
 */
void suite_pairs_open(struct suite_pairs *ss, const char *a, const char *b,
                      const struct suite_compare_options *o);

/* Everything ss holds, its floor too. */
void suite_pairs_free(struct suite_pairs *ss);

/* The geometric mean of the pairs' wall-time ratios (B / A) over the n
 * timed; NaN when none is. */
double suite_pairs_geomean(const struct suite_pairs *ss, size_t *n);

/* The same of the CPU-time ratios. */
double suite_pairs_geomean_cpu(const struct suite_pairs *ss, size_t *n);

/* Is the wall time's change beyond pyperf's noise (p <= 5%)?  The CPU
 * time's (tested over runs)? */
bool suite_pairs_beyond_noise(const struct compare_speed *sp);
bool suite_pairs_cpu_beyond_noise(const struct compare_speed *sp);

/* The noise floor's pair of p's benchmark, or NULL. */
const struct suite_pair *suite_pair_floor(const struct suite_pairs *ss,
                                          const struct suite_pair *p);

/* The indices in ss->rows of p's categories, significant first, then by
 * the size of their change (a new array of p->nrows). */
size_t *suite_pair_changes(const struct suite_pairs *ss,
                           const struct suite_pair *p);

#endif
