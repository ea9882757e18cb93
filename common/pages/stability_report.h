/*
 * stability_report.h - the Markdown report of `make stability`: the
 * distances between groups of a data set's runs (dataset/stability.h)
 * and the functions that move most between them.
 */
#ifndef PERFVIEWS_STABILITY_REPORT_H
#define PERFVIEWS_STABILITY_REPORT_H

#include <stdio.h>

#include "dataset/stability.h"

/* The report, in Markdown. */
void stability_report(FILE *out, const struct stability *s,
                      const struct stability_options *opt);

/* `perfviews stability`: read the raw file raw and report on it. */
void stability_report_file(FILE *out, const char *raw,
                           struct stability_options *opt);

#endif
