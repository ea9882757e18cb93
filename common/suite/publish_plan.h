/*
 * publish_plan.h - one publish (publish.h) as it is planned: the data
 * sets found, the files to publish (items) and the conflicts said so far,
 * shared by the modules that each add a kind of thing to it
 * (publish_datasets, publish_comparisons, publish_suites) and those that
 * check and write it (publish_files, publish_index).
 *
 * Nothing here writes into the destination.  A data set is planned once,
 * from the first directory that has it; an item is a file to copy under
 * its base name.  Every conflict is said at once and counted, so that the
 * caller can refuse to write anything after any.
 */
#ifndef PERFVIEWS_PUBLISH_PLAN_H
#define PERFVIEWS_PUBLISH_PLAN_H

#include <glob.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pages/publish_manifest.h"
#include "pages/short_paths.h"
#include "suite/publish.h"

/* A data set to publish: from which directory, its raw file's hash. */
struct publish_set {
	char *id, *dir, *raw, *meta;
	uint64_t raw_hash;
};

/* A file to publish: what is copied (src, or its staged copy). */
struct publish_item {
	char *src, *name;
	char *staged;    /* the shortened or relocated copy, or NULL */
	bool definition; /* a suite's: its directories become "." */
	enum { ITEM_NEW, ITEM_SAME, ITEM_REPLACE } state;
};

struct publishing {
	const char *dest;
	const struct publish_options *opt;
	struct publish_manifest m;
	struct short_paths sp;
	struct publish_set *sets;
	size_t nsets, sets_cap;
	struct publish_item *items;
	size_t nitems, items_cap;
	char *staging; /* OUT/.publish, for shortened copies */
	unsigned problems;
	unsigned copied, same;
};

/* The last part of path. */
const char *publish_base_name(const char *path);

/* A conflict: said at once, counted; nothing is written after any. */
void publish_problem(struct publishing *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* DIR/PATTERN's files, sorted (globfree them); none is no error. */
void publish_glob(const char *dir, const char *pattern, glob_t *g);

/*
 * OUT's READMEs of comparisons, "*-vs-*<readme>" (readme: the suffix of
 * the README of a comparison of data sets, file_kinds.h, or of suites,
 * suite_file.h), sorted (globfree them).
 */
void publish_glob_comparisons(const struct publishing *p, const char *readme,
                              glob_t *g);

/* The name of the comparison whose README is at path ("A-vs-B"), less
 * the suffix readme. */
char *publish_comparison_of(const char *path, const char *readme);

/* The raw file of ID in dir (file_kinds.h: compressed or not), or NULL. */
char *publish_raw_of(const char *dir, const char *id);

/* The hash of a file's bytes (publish_manifest.h's); unreadable: fatal. */
uint64_t publish_hash(const char *path);

/* The data set planned under id, or NULL. */
struct publish_set *publish_set_of(const struct publishing *p, const char *id);

/* Is a data set in the destination once this is published (planned now,
 * or published before)? */
bool publish_has_dataset(const struct publishing *p, const char *id);

/* src to publish as name. */
void publish_add_item(struct publishing *p, const char *src, const char *name);

/* path to publish under its base name, when it exists. */
void publish_add_if_there(struct publishing *p, const char *path);

/* Is a file to publish under name? */
bool publish_is_item(const struct publishing *p, const char *name);

#endif
