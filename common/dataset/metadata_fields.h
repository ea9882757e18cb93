/*
 * metadata_fields.h - the one table of meta.json's fields (perfviews(5)
 * is written from it): each field's dotted path, its kind and one line on
 * what it holds, in the order meta.json is written, grouped by section.
 * A new field is a new row here.
 */
#ifndef PERFVIEWS_METADATA_FIELDS_H
#define PERFVIEWS_METADATA_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum meta_kind {
	META_STRING,
	META_NUMBER,      /* a non-negative integer */
	META_STRING_LIST, /* words */
	META_NUMBER_LIST,
	META_DECIMAL, /* a non-negative number, maybe with a fraction: 1.25 */
	META_DECIMAL_LIST,
};

struct meta_field {
	const char *path;
	enum meta_kind kind;
	const char *about; /* one line, for --help and the README */
};

extern const struct meta_field meta_fields[];
extern const size_t meta_field_count;

/*
 * Where a benchmark's recording went, in meta.json: timing.total_seconds,
 * then its parts, which sum to it, in the order they are told
 * (record/bench_output.c writes them, suite_time reads them).
 */
enum { META_TIME_PARTS = 8 };
extern const char *const meta_time_total;
extern const char *const meta_time_parts[META_TIME_PARTS];

/* Whether a field is of benchmarks only: benchmark.*, the time's parts. */
bool metadata_bench_only(const char *path);

/* "path  about" for each field, one a line. */
void metadata_write_fields(FILE *out);

/* The field index of path, or -1. */
int metadata_field(const char *path);

#endif
