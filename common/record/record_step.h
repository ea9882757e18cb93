/*
 * record_step.h - one recording's shared state (struct plan) and the way
 * each of its steps runs a program: the lowest module of recording, used
 * by every part of it, a benchmark's too, and by the driver, record.c.
 *
 * Every child a step runs is followed by record_stop_if_asked: a stop
 * signal (SIGINT, SIGTERM, SIGHUP; see child.h) that came while it ran
 * ends the recording at once, with what record_undo names undone (the
 * hidden directory removed, the kernel's sampling limit restored), and
 * the process ends by that signal.
 */
#ifndef PERFVIEWS_RECORD_STEP_H
#define PERFVIEWS_RECORD_STEP_H

#include <stdbool.h>
#include <stdint.h>

#include "dataset/dataset_id.h"
#include "dataset/measure.h"
#include "dataset/metadata.h"
#include "os/child.h"
#include "record/record.h"
#include "record/record_machine.h"
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
	struct record_machine machine; /* the machine's state in the runs */
};

/*
 * What is undone however the recording ends: the hidden directory tmp
 * (removed), and up to four functions (called, last first).  record_undo
 * does it once; it is also what record_stop_if_asked does first.
 */
void record_undo_dir(const char *tmp);
void record_undo_call(void (*undo)(void));
void record_undo(void);

/* Stop at once when SIGINT, SIGTERM or SIGHUP came: undone, then ended. */
void record_stop_if_asked(void);

/*
 * At the end of a recording, loudly: the profiler distorted the workload
 * of the data set whose meta.json this is (trust_distortion), the
 * machine was busy while it recorded (trust_busy).
 */
void record_warn_distortion(const char *meta);

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
 * Run a step's command line a (perf record, strace, a benchmark's
 * post-processing: a is freed), its stdout dropped and its stderr kept in
 * memory, within the timeout: its seconds.  A failure ends the
 * recording: "what failed", and the end of its stderr.
 */
double record_workload(struct plan *p, struct child_args *a, const char *what);

/*
 * perfviews script of the perf.data file data (name in messages, NULL:
 * data) appended to the raw file's fd raw, with p's inlined frames;
 * perf's stderr kept in memory for a failure's message, which ends the
 * process (as a stop signal does).  Its seconds.
 */
double record_script(struct plan *p, const char *data, const char *name,
                     int raw);

/*
 * seconds into meta.json's field: digits decimals, or (digits < 0) six
 * significant digits; never an exponent, never below 0.
 */
void record_set_seconds(struct metadata *m, const char *field, double seconds,
                        int digits);

/* One field of meta.json; a bad value is fatal. */
void plan_set(struct plan *p, const char *field, const char *value);

/* perf record's call-graph option for opt->callgraph: "--call-graph
 * dwarf" for dwarf, else "-g" (frame pointers). */
const char *record_callgraph(const struct record_options *opt);

/* The scratch directory of a recording of id: DATA/.ID.tmp (free it). */
char *record_tmp_path(const struct record_options *opt, const char *id);

/*
 * dir/name (made in a scratch directory) moved into opt->data as data set
 * id's file of kind, named by file_kinds.h; its path there (free it).
 */
char *record_move_in(const char *dir, const char *name,
                     const struct record_options *opt, const char *id,
                     const char *kind);

/*
 * Refuse (exit 1) to record data set id into opt->data when a data set of
 * that ID is there already, unless opt->force: the message names its date
 * and its build (metadata_build_label), and the ways out.  Checked before
 * anything runs, and again for each data set a benchmark makes.  A raw
 * file without meta.json beside the ID's scratch directory is not one:
 * a recording killed between its moves into DATA left it (meta.json goes
 * last), and the next recording replaces it.
 */
void record_refuse_existing(const struct record_options *opt, const char *id);

#endif
