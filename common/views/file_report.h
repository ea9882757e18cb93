/*
 * file_report.h - the files view written as text, CSV or JSON.
 *
 * One row per path with the calls made on it (all, then by kind), those
 * that failed, the failed lookups among them, the time in them, its type
 * and the path, sorted by calls (or failures, or time), then by path.
 * Text and JSON also carry the summary (calls, threads, distinct paths by
 * type, failed calls and lookups, calls by kind, calls naming no file)
 * and the failed lookups by directory: where a search looked in vain.
 * CSV is the table of paths alone.  The numbers are the same in all
 * three; text leaves a count of 0 blank in the kind and failure columns,
 * and writes control characters in a path as C escapes.
 */
#ifndef PERFVIEWS_FILE_REPORT_H
#define PERFVIEWS_FILE_REPORT_H

#include <stdint.h>

#include "views/file_access.h"
#include "views/report.h"

enum file_sort { FILE_SORT_CALLS, FILE_SORT_FAILED, FILE_SORT_TIME };

struct file_report_options {
	enum report_format format;
	enum file_sort sort;
	uint64_t limit; /* rows of each table; 0: all */
};

void file_report(const struct file_access *fa,
                 const struct file_report_options *opt);

#endif
