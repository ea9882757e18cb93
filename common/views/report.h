/*
 * report.h - writing a view as text, CSV or JSON.
 *
 * Every text view is a table (flatsort) or a tree (calltree, bydso), and
 * each is written in three formats that carry the same numbers: counts as
 * integers and percentages with two decimals, the same digits in all three.
 *
 *   text  aligned columns under '#' header lines, for people;
 *   csv   RFC 4180: a header row, fields quoted when they need it;
 *   json  one object: view, event, weight, total, then "rows" (a table) or
 *         "roots" (a tree of nodes with "children").  Strings are escaped
 *         so that any bytes make valid JSON: invalid UTF-8 becomes U+FFFD.
 *
 * Percentages are of meta.total, the weight of every sample shown.
 */
#ifndef PERFVIEWS_REPORT_H
#define PERFVIEWS_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/options.h"
#include "base/span.h"
#include "base/string_table.h"
#include "views/tree.h"

enum report_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON };

/* The words of --format: "text", "csv", "json" (for OPT_CHOICE). */
extern const struct option_choice report_formats[];

struct report_meta {
	const char *view;   /* the filter's name */
	const char *event;  /* or NULL when unknown (folded input) */
	const char *weight; /* "samples", "period" or "count" */
	uint64_t total;
	/*
	 * Or NULL: lines that say what the view can and cannot show, each
	 * ending in '\n'; text prints them as '#' lines under the first,
	 * json as "notes" (a string).
	 */
	const char *notes;
};

/* Tables: the columns are fixed, rows come one at a time. */
enum column_kind { COLUMN_COUNT, COLUMN_PERCENT, COLUMN_TEXT };

struct column {
	const char *name; /* header and JSON key */
	enum column_kind kind;
	int width;   /* text format: minimum width */
	uint64_t of; /* PERCENT: of this total; 0: of the table's */
};

/* One value per column: count for COUNT and PERCENT (of total), or text. */
struct cell {
	uint64_t count;
	struct span text;
};

struct table_writer {
	enum report_format format;
	const struct report_meta *meta;
	const struct column *columns;
	int ncolumns;
	uint64_t rows;
};

void table_begin(struct table_writer *w, enum report_format format,
                 const struct report_meta *meta, const struct column *columns,
                 int ncolumns);
void table_row(struct table_writer *w, const struct cell *cells);
void table_end(struct table_writer *w);

/*
 * A view with nothing to tabulate: its notes alone, no table of zeros
 * (text: a '#' line each, without the columns; json: the object with no
 * rows; csv: nothing on stdout, the notes on stderr).
 */
void report_no_table(enum report_format format, const struct report_meta *meta);

/* Trees: the whole tree, sorted with tree_sort, written at once. */
struct tree_style {
	enum report_format format;
	double percent_limit; /* smaller nodes fold into one "[other]" */
	unsigned max_depth;   /* 0: no limit; 1: the top level only */
	bool ascii;           /* text: indentation, no line drawing */
	bool show_self;       /* a self column */
	bool self_is_own;     /* [other]'s self is its nodes' (inverted
	                         trees); else its whole count, so that a
	                         node is still its self plus its children */
	const char *label;    /* heading of the name column */
};

void report_tree(const struct tree *t, const struct string_table *names,
                 const struct report_meta *meta,
                 const struct tree_style *style);

/* A CSV field, quoted when it needs to be (RFC 4180). */
void csv_write_field(FILE *out, struct span s);

#endif
