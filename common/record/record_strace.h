/*
 * record_strace.h - tag files: the workload once more, under strace,
 * which names the files that perf's tracepoints point to; strace's
 * version, command and count of calls go into meta.json.
 */
#ifndef PERFVIEWS_RECORD_STRACE_H
#define PERFVIEWS_RECORD_STRACE_H

#include "record/record_step.h"

/* The run under strace, its text compressed into the file xz. */
void record_strace(struct plan *p, const char *xz);

#endif
