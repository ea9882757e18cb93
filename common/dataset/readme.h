/*
 * readme.h - data sets described in words, for people: the README of a
 * data set, the one-line summary under its flame graph's title, and the
 * index of a directory of published data sets.
 *
 * Everything is Markdown written from the metadata and the table of file
 * kinds (file_kinds.h).  Unknown values are written "unknown", a list
 * known to be empty "none": nothing is guessed.  The index is meant to be
 * read on its own, where no man page is at hand: it says what an ID means
 * and what each kind of file is.
 */
#ifndef PERFVIEWS_README_H
#define PERFVIEWS_README_H

#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>

#include "dataset/metadata.h"

struct readme_options {
	const char *flat; /* a flat view to quote the top of, or NULL */
	const char *raw;  /* the raw file's name; NULL: ID-raw.txt.xz */
	const char *dir;  /* where meta.json is: optional files found there */
};

/* The README of a data set; a meta.json without an id is fatal. */
void readme_write(FILE *out, const struct metadata *m,
                  const struct readme_options *opt);

/*
 * Seconds as pyperf shows them, three significant digits in the unit that
 * suits: "113 ms", "1.25 s", "842 ns".
 */
void readme_seconds(char *buf, size_t size, double seconds);

/* One line: command, perf settings, samples, Python, host and date. */
void readme_subtitle(FILE *out, const struct metadata *m);

/*
 * `perfviews readme`: the README (or with subtitle, the subtitle) of the
 * data set whose meta.json is meta; opt->dir is meta's directory.
 */
void readme_write_file(FILE *out, const char *meta, struct readme_options *opt,
                       bool subtitle);

/*
 * The README of a directory of data sets: metas are their meta.json
 * files, in dir; each row links the files of the data set found there.
 */
void readme_index(FILE *out, const char *dir, char *const metas[], size_t n);

#endif
