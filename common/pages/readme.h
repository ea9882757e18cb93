/*
 * readme.h - a data set described in words, for people: its README and
 * the one-line summary under its flame graph's title.
 *
 * The README is Markdown written from the metadata, the table of file
 * kinds (file_kinds.h) and what the data set counts (measure.h): how it
 * was recorded (readme_recording.h), its files, how to open it in
 * speedscope or Firefox Profiler, what one sample is, then the top of its
 * views and all its metadata.  A data set of page faults or file-system
 * calls says what one sample is and how to read it, and a files data set
 * puts who looks files up (perf: the callers view) beside what they look
 * up (strace: the files view).  Unknown values are written "unknown", a
 * list known to be empty "none": nothing is guessed.  The pieces it is
 * written with (readme_text.h) come with this header, for the pages of
 * comparisons and suites written with them.
 */
#ifndef PERFVIEWS_README_H
#define PERFVIEWS_README_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset/metadata.h"
#include "pages/readme_text.h"

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

/* One line: command, perf settings, samples, Python, host and date. */
void readme_subtitle(FILE *out, const struct metadata *m);

/*
 * `perfviews readme`: the README of the data set whose meta.json is meta;
 * with subtitle, the flame graph's subtitle.
 */
void readme_write_file(FILE *out, const char *meta, struct readme_options *opt,
                       bool subtitle);

/*
 * How to open a data set in speedscope and Firefox Profiler, for its
 * README (id, its raw file's name raw; NULL: ID-raw.txt.xz) or, with id
 * NULL, for an index (Markdown paragraphs).
 */
void readme_viewers(FILE *out, const char *id, const char *raw);

#endif
