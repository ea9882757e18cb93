/*
 * readme_text.h - the pieces every page about data sets is written with:
 * a data set's ID, a Markdown table cell, a view quoted, what a count is,
 * seconds as pyperf shows them, and the table of every meta.json field of
 * data sets side by side.
 *
 * They write Markdown and guess nothing: a null field is "unknown", a list
 * known to be empty "none"; what cannot be read (a view, an ID) is fatal,
 * naming it.  A data set's README (readme.h), a comparison's
 * (comparison_readme.h) and a suite's are written with them.
 */
#ifndef PERFVIEWS_README_TEXT_H
#define PERFVIEWS_README_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset/metadata.h"

/* The data set's ID; a meta.json without one is fatal. */
const char *readme_id(const struct metadata *m);

/* Text inside a Markdown table cell: '|' escaped, newlines as spaces. */
void readme_cell(FILE *out, const char *s);

/*
 * The '#' header and the first rows of a view (a file), quoted: in a
 * Markdown code block, or escaped for an HTML <pre>.  A file that cannot
 * be read is fatal.
 */
void readme_quote(FILE *out, const char *path, int rows, bool html);

/* What a count is: samples.unit, else the measure's word. */
const char *readme_unit(const struct metadata *m);

/*
 * Seconds as pyperf shows them, three significant digits in the unit that
 * suits: "113 ms", "1.25 s", "842 ns".
 */
void readme_seconds(char *buf, size_t size, double seconds);

/*
 * The table of every field of n data sets side by side, "| field |
 * heads[0] | ... |": values as code, "unknown" for null, "none" for a list
 * known to be empty; benchmark fields only when one of them is a
 * benchmark.  A field whose values are not all alike is in bold.
 */
void readme_metadata_table(FILE *out, const struct metadata *const m[],
                           const char *const heads[], size_t n);

#endif
