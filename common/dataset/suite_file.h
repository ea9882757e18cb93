/*
 * suite_file.h - a suite's definition, OUT/SUITE-suite.json: what makes a
 * suite a thing that can be named later, and compared with another one
 * wherever the data sets of each live.
 *
 * `make suite` writes it beside the suite's README (`perfviews suite
 * define`); `make compare-suites` reads two back.  It holds:
 *
 *   {"format": "perfviews suite 1",
 *    "name": "s312", "date": "2026-12-02T05:30:00Z",
 *    "python": {"executable": ..., "version": ..., "build": ...},
 *    "frequency": 999, "runs": 4, "tags": ["xperf"],
 *    "data": "/abs/data312",
 *    "datasets": [{"benchmark": "nbody", "id": "bm_nbody-perf-freq999x4",
 *                  "data": "/abs/data312", "recorded": true}, ...]}
 *
 * Directories are absolute, so that the file names the data sets from
 * anywhere; one that is not (a published definition's ".", its data sets
 * beside it) is read as relative to the file's own directory.  The Python is
 * what the suite's first recorded data set's meta.json says (its build label as
 * metadata_build_label makes it), null when none is recorded; the frequency,
 * runs and tags are the IDs'.  A benchmark is its ID's workload without "bm_"
 * (a variant's own name): what two suites are matched by.  Written with
 * json_write, read back with json_flat: one reader and one writer.
 */
#ifndef PERFVIEWS_SUITE_FILE_H
#define PERFVIEWS_SUITE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct suite_member {
	char *benchmark; /* "nbody" */
	char *id;
	char *data; /* the directory of its raw file and meta.json */
	bool recorded;
};

struct suite_file {
	char *name, *date;
	char *python, *python_version, *build; /* NULL: unknown */
	unsigned frequency, runs;
	char **tags;
	size_t ntags;
	char *data;
	struct suite_member *members;
	size_t n;
};

/*
 * The definition of suite name of the data sets ids in data (each
 * recorded when its meta.json is there).  A bad ID is fatal.
 */
void suite_file_make(struct suite_file *s, const char *name, const char *data,
                     char *const ids[], size_t n);

void suite_file_write(FILE *out, const struct suite_file *s);

/*
 * Read path.  False with why (the file, and what is wrong) when it cannot
 * be read, is not JSON or is not a suite's definition.
 */
bool suite_file_read(struct suite_file *s, const char *path, char *why,
                     size_t whylen);

/*
 * A suite's files, named after it, "DIR/NAME<suffix>", and those of two
 * suites compared (perfviews compare-suites), named after the comparison
 * (comparison_name), "DIR/S1-vs-S2<suffix>": the one table of each, a row
 * per kind, as file_kinds is a data set's.  Every writer and reader names
 * them through it, and make asks it (perfviews name --make: pv_suite_KIND).
 */
struct suite_file_kind {
	const char *kind; /* "definition" */
	const char
	    *prefix;        /* before the name: "." for a file of the run (its
	                       log, a cache), hidden, never published; or NULL */
	const char *suffix; /* "-suite.json" */
	const char *what;   /* what it is (Markdown) */
};

/* A suite's: its README first, its definition next. */
extern const struct suite_file_kind suite_file_kinds[];
extern const size_t suite_file_kind_count;

/* Two suites compared: the README first, then the files compare-suites
 * writes before it, in the order its README lists them. */
extern const struct suite_file_kind suites_compared_kinds[];
extern const size_t suites_compared_kind_count;

/* The suffix of a suite's file of kind: "-suite.json"; an unknown kind is
 * a programming error, fatal (as file_kind_path). */
const char *suite_file_suffix(const char *kind);

/*
 * The path of suite name's file of kind in dir, "DIR/NAME-suite.json"
 * (a hidden one "DIR/.NAME-suite.log"); fatal for an unknown kind.  Free
 * it.
 */
char *suite_file_path(const char *kind, const char *dir, const char *name);

/* The same of a comparison of two suites named name ("S1-vs-S2"). */
const char *suites_compared_suffix(const char *kind);
char *suites_compared_path(const char *kind, const char *dir, const char *name);

/*
 * A suite named on the command line: a path (with a '/' or ending in
 * ".json"), else OUT/NAME-suite.json; read, or the process ends (exit 1)
 * saying how to make it.
 */
void suite_file_find_or_die(struct suite_file *s, const char *out,
                            const char *given);

/*
 * Every directory of s (the suite's and each data set's) made data: where
 * publish puts them all, "." beside the definition.
 */
void suite_file_relocate(struct suite_file *s, const char *data);

/* The member of benchmark, or NULL. */
const struct suite_member *suite_file_member(const struct suite_file *s,
                                             const char *benchmark);

void suite_file_free(struct suite_file *s);

#endif
