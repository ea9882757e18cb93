/*
 * record_plan.h - what a recording runs, worked out and checked before
 * anything runs: the command, the events and how perf samples, perf
 * record's arguments, the words of every command line, and
 * kernel.perf_event_max_sample_rate.  Each function dies (exit 1, or 2:
 * usage) on what cannot work.
 */
#ifndef PERFVIEWS_RECORD_PLAN_H
#define PERFVIEWS_RECORD_PLAN_H

#include "os/child.h"
#include "record/record_step.h"

/* The command: given, or the workload's (perfviews(5)), checked. */
void plan_command(struct plan *p);
/* Each command line splits into words: a stray quote stops us now. */
void plan_check_words(const struct plan *p);
/* What the tags ask to count, and the events perf records for it. */
void plan_measure(struct plan *p);
/* Tag files, once p->tmp exists: the sys_enter tracepoints perf offers. */
char *plan_file_events(struct plan *p);
/*
 * A frequency above the kernel's limit: raised (root), and restored by
 * record_undo however the recording ends; or refused.
 */
void plan_rate(struct plan *p);
/* perf record writing to output: its arguments, and its text. */
void plan_record_args(struct child_args *a, const struct plan *p,
                      const char *output);
char *plan_record_text(const struct plan *p, const char *output);

#endif
