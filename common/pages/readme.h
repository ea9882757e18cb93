/*
 * readme.h - data sets described in words, for people: the README of a
 * data set, the one-line summary under its flame graph's title, and the
 * index of a directory of published data sets.
 *
 * Everything is Markdown written from the metadata, the table of file
 * kinds (file_kinds.h) and what the data set counts (measure.h): a data
 * set of page faults or file-system calls says what one sample is and how
 * to read it, and a files data set puts who looks files up (perf: the flat
 * view) beside what they look up (strace: the files view).  Unknown values are
 * written "unknown", a list known to be empty "none": nothing is guessed.  The
 * index is meant to be read on its own, where no man page is at hand: it says
 * what an ID means and what each kind of file is.
 */
#ifndef PERFVIEWS_README_H
#define PERFVIEWS_README_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset/metadata.h"

struct readme_options {
	const char *flat;  /* a flat view to quote the top of, or NULL */
	const char *raw;   /* the raw file's name; NULL: ID-raw.txt.xz */
	const char *files; /* a files view to quote, beside flat; or NULL */
	const char *categories; /* a categories view to quote; or NULL */
	const char *python;     /* a Python functions view to quote; or NULL */
	const char *bytecode;   /* an eval loop view to quote; or NULL */
	const char *meta; /* meta.json's path: optional files found beside */
	/* What the raw file holds short of meta.json's counts (runs.h's
	 * raw_file_shortfall), or NULL: said first, in bold. */
	const char *shortfall;
};

/* The README of a data set; a meta.json without an id is fatal. */
void readme_write(FILE *out, const struct metadata *m,
                  const struct readme_options *opt);

/*
 * The table of every field of n data sets side by side, "| field |
 * heads[0] | ... |": values as code, "unknown" for null, "none" for a list
 * known to be empty; benchmark fields only when one of them is a
 * benchmark.  A field whose values are not all alike is in bold.
 */
void readme_metadata_table(FILE *out, const struct metadata *const m[],
                           const char *const heads[], size_t n);

/* A field for prose: its value, "none" for an empty list, or "unknown". */
const char *metadata_known(const struct metadata *m, const char *field);

/* What a count is: samples.unit, else the measure's word. */
const char *readme_unit(const struct metadata *m);

/* Text inside a Markdown table cell: '|' escaped, newlines as spaces. */
void readme_cell(FILE *out, const char *s);

/*
 * The '#' header and the first rows of a view (a file), quoted: in a
 * Markdown code block, or escaped for an HTML <pre>.  A file that cannot
 * be read is fatal.
 */
void readme_quote(FILE *out, const char *path, int rows, bool html);

/*
 * Seconds as pyperf shows them, three significant digits in the unit that
 * suits: "113 ms", "1.25 s", "842 ns".
 */
void readme_seconds(char *buf, size_t size, double seconds);

/* One line: command, perf settings, samples, Python, host and date. */
void readme_subtitle(FILE *out, const struct metadata *m);

/*
 * `perfviews readme`: the README of the data set whose meta.json is meta;
 * with subtitle, the flame graph's subtitle.
 */
void readme_write_file(FILE *out, const char *meta, struct readme_options *opt,
                       bool subtitle);

/* What a directory of published data sets holds, for its index. */
struct readme_index {
	char *const *metas;    /* the data sets' meta.json files, in the dir */
	const bool *shortened; /* per data set: paths shortened; or NULL */
	size_t n;
	char *const *comparisons; /* "A-vs-B": A-vs-B-README.md and others */
	size_t ncomparisons;
	char *const *suites; /* NAME: NAME-README.md and others */
	size_t nsuites;
	char *const *suite_comparisons; /* "S1-vs-S2", two of suites */
	size_t nsuite_comparisons;
};

/*
 * The README of a directory of data sets: a row per data set linking its
 * files found in dir, a row per comparison linking both data sets, a row
 * per suite, a row per comparison of two suites linking both; how to open the
 * files (the flame graph where a page shows SVGs as images, speedscope, Firefox
 * Profiler); the placeholders of shortened paths when there are any.
 */
void readme_index(FILE *out, const char *dir, const struct readme_index *ix);

/*
 * How to open a data set in speedscope and Firefox Profiler, for its
 * README (id, its raw file's name raw; NULL: ID-raw.txt.xz) or, with id
 * NULL, for an index (Markdown paragraphs).
 */
void readme_viewers(FILE *out, const char *id, const char *raw);

#endif
