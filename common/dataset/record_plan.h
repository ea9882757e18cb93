/*
 * record_plan.h - internal to recording (record.h): the state one
 * recording shares among the files that make it.  Nothing else includes
 * this header.
 *
 *   record_plan.c    what to run, worked out and checked before anything
 *                    runs: the command, the events and how perf samples,
 *                    perf record's arguments, the words of every command
 *                    line, kernel.perf_event_max_sample_rate
 *   record_meta.c    the host's, perf's and Python's metadata, gathered
 *                    before the first run
 *   record_run.c     one run (perf record, then perfviews script into the
 *                    raw file, the samples perf lost), compression
 *   record_strace.c  tag files: the workload once more, under strace
 *   record.c         the driver: the hidden directory, undone however the
 *                    recording ends; meta.json, moving into place, the
 *                    views, the timings
 *
 * Every child is run through record_stop_if_asked: a stop signal that
 * came while it ran ends the recording at once, with nothing left behind.
 */
#ifndef PERFVIEWS_RECORD_PLAN_H
#define PERFVIEWS_RECORD_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "os/child.h"
#include "dataset/dataset_id.h"
#include "dataset/measure.h"
#include "dataset/metadata.h"
#include "dataset/record.h"
#include "symbols/inline_text.h"

/* What a recording is made of, worked out before anything is run. */
struct plan {
	const struct record_options *opt;
	struct dataset_id id;
	char *cmd;        /* the workload's command line */
	bool python_meta; /* it runs opt->python: ask it about itself */
	char *record;     /* the perf record command, for meta.json */
	char *tmp;        /* DATA/.ID.tmp */
	struct metadata meta;
	/* Seconds: since start (monotonic), and in each step. */
	double start, record_s, script_s, compress_s, strace_s, views_s;
	double other_s;
	struct inline_text *inlines;   /* every run's (script.h), made once */
	char *bench_python;            /* bm_: the interpreter's own path */
	const struct measure *measure; /* what is counted: the tags' */
	char *events;                  /* perf record -e */
	unsigned long lost;            /* samples perf lost, all runs */
};

/* record_plan.c: each dies (exit 1, or 2: usage) on what cannot work. */
void plan_command(struct plan *p);
void plan_check_words(const struct plan *p);
void plan_measure(struct plan *p);
/* Tag files, once p->tmp exists: the sys_enter tracepoints perf offers. */
char *plan_file_events(struct plan *p);
/* A frequency above the kernel's limit: raised (root), or refused. */
void plan_rate(struct plan *p);
/* The limit as it was before plan_rate raised it; once. */
void plan_restore_rate(void);
/* perf record writing to output: its arguments, and its text. */
void plan_record_args(struct child_args *a, const struct plan *p,
                      const char *output);
char *plan_record_text(const struct plan *p, const char *output);

/* record_meta.c: everything known before the first run (SPEC §5). */
void record_meta_gather(struct plan *p);

/* record_run.c */
void record_run(struct plan *p, uint32_t n, int raw);
/* xz: raw compressed into the file xz, timed. */
void record_compress(struct plan *p, const char *raw, const char *xz);

/* record_strace.c: tag files' run under strace, compressed into xz. */
void record_strace(struct plan *p, const char *xz);

/* record.c: the driver's helpers for the others. */
void record_stop_if_asked(void);
/* Run quietly (stdout and stderr to /dev/null): did it exit 0? */
bool record_succeeds(struct child_args *a);
/*
 * What a command wrote, read by child_output (its first line) or
 * child_whole_output (all of it), then record_stop_if_asked.
 */
typedef char *output_reader(struct child_args *a, const char *file);
char *record_output(output_reader *reader, struct child_args *a,
                    const char *file);
/*
 * Run the workload's command line a (perf record or strace: a is freed),
 * its stdout and stderr into files, within the timeout: its seconds.  A
 * failure ends the recording: "what failed", and the end of its stderr.
 */
double record_workload(struct plan *p, struct child_args *a, const char *what);
/* One field of meta.json; a bad value is fatal. */
void plan_set(struct plan *p, const char *field, const char *value);

#endif
