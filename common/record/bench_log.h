/*
 * bench_log.h - what a child of a benchmark's recording said (pip,
 * pyperformance, perf's probe), kept in a log file and read back for the
 * one line that says why it failed.  The log's end is what is read (up to
 * 60,000 bytes): a failure's cause is said last.
 */
#ifndef PERFVIEWS_BENCH_LOG_H
#define PERFVIEWS_BENCH_LOG_H

#include <stdbool.h>

#include "os/child.h"

/* Run argv in dir (NULL: here), stdout and stderr into log; true when it
 * exited 0 (timeout seconds at most; 0: none). */
bool bench_log_run(char *const argv[], const char *dir, const char *log,
                   unsigned timeout, struct child_result *r);

/* The end of log, NUL-ended ("" when it cannot be read).  Free it. */
char *bench_log_tail(const char *log);

/* The first line of text that holds needle, trimmed (pip's "ERROR: "
 * too), or NULL.  Free it. */
char *bench_log_line(const char *text, const char *needle);

/* The last non-empty line of text, or "".  Free it. */
char *bench_log_last_line(const char *text);

#endif
