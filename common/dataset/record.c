/*
 * record.c - see record.h.  The driver: the plan (record_plan.c), the
 * hidden directory, the metadata (record_meta.c), the runs (record_run.c)
 * and strace's (record_strace.c), meta.json, everything moved into place,
 * the views; what is undone however the recording ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/dirs.h"
#include "dataset/pyperformance.h"
#include "dataset/record_plan.h"
#include "dataset/runs.h"

/* What is undone at exit, however the recording ends. */
static char *undo_tmp; /* the hidden directory, while it exists */

static void
undo_all(void)
{
	if (undo_tmp != NULL) {
		dirs_remove_tree(undo_tmp);
		free(undo_tmp);
		undo_tmp = NULL;
	}
	plan_restore_rate();
}

/* Stop at once when SIGINT, SIGTERM or SIGHUP came. */
void
record_stop_if_asked(void)
{
	int sig = child_stopped();

	if (sig == 0)
		return;
	fflush(stdout);
	fprintf(stderr, "%s: stopped by %s; nothing recorded\n", progname,
	        strsignal(sig));
	undo_all();
	child_exit_by_signal(sig);
}

bool
record_succeeds(struct child_args *a)
{
	bool ok = child_quiet(a);
	record_stop_if_asked();
	return ok;
}

char *
record_output(output_reader *reader, struct child_args *a, const char *file)
{
	char *out = reader(a, file);
	record_stop_if_asked();
	return out;
}

double
record_workload(struct plan *p, struct child_args *a, const char *what)
{
	char *out = xasprintf("%s/stdout", p->tmp);
	char *err = xasprintf("%s/stderr", p->tmp);
	struct child_result r;
	int ofd = child_open(out, O_WRONLY | O_CREAT | O_TRUNC);
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, ofd, efd};
	double t = clock_seconds();
	bool ok = child_run(a->v, &io, p->opt->timeout, &r);

	t = clock_seconds() - t;
	args_free(a);
	close(ofd);
	close(efd);
	record_stop_if_asked();
	if (!ok)
		child_failed(what, &r, err);
	free(out);
	free(err);
	return t;
}

void
plan_set(struct plan *p, const char *field, const char *value)
{
	char why[512];

	if (!metadata_set(&p->meta, field, value, why, sizeof why))
		die(EXIT_DATA, "%s", why);
}

static void
plan_free(struct plan *p)
{
	free(p->cmd);
	free(p->record);
	free(p->tmp);
	free(p->bench_python);
	free(p->events);
	inline_text_free(p->inlines);
	metadata_free(&p->meta);
	dataset_id_free(&p->id);
}

/* The data set(s) of a bm_ workload, once the metadata is gathered. */
static void
record_benchmark(struct plan *p)
{
	struct bench_context c = {.opt = p->opt,
	                          .id = &p->id,
	                          .python = p->bench_python,
	                          .tmp = p->tmp,
	                          .meta = &p->meta,
	                          .start = p->start,
	                          .stop_if_asked = record_stop_if_asked};

	pyperformance_record(&c);
	undo_all();
}

/* The hidden directory, empty: what a failed recording left is gone. */
static void
make_tmp(struct plan *p)
{
	struct stat st;

	dirs_make(p->opt->data);
	if (stat(p->opt->data, &st) == 0 && !S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno(EXIT_DATA, "%s", p->opt->data);
	}
	p->tmp = xasprintf("%s/.%s.tmp", p->opt->data, p->id.text);
	undo_tmp = xstrdup(p->tmp);
	dirs_remove_tree(p->tmp);
	if (mkdir(p->tmp, 0777) != 0)
		die_errno(EXIT_DATA, "%s", p->tmp);
}

/* samples.total and samples.per_run, counted in the raw text. */
static unsigned long
count_samples(struct plan *p, const char *raw)
{
	struct run_index ix;

	run_index_read(&ix, raw);
	unsigned long total = run_index_describe(&ix, &p->meta);
	run_index_free(&ix);
	return total;
}

static void
set_seconds(struct plan *p, const char *field, double s)
{
	char v[32];

	snprintf(v, sizeof v, "%.3f", s > 0 ? s : 0);
	plan_set(p, field, v);
}

static void
write_meta(struct plan *p, const char *path)
{
	/* Written before the views (record_views adds their time). */
	p->other_s = clock_seconds() - p->start - p->record_s - p->script_s -
	             p->compress_s - p->strace_s;
	FILE *f;
	char lost[24];

	snprintf(lost, sizeof lost, "%lu", p->lost);
	plan_set(p, "samples.lost", lost);
	if (p->measure->kind == MEASURE_FILES)
		set_seconds(p, "timing.strace_seconds", p->strace_s);
	set_seconds(p, "timing.record_seconds", p->record_s);
	set_seconds(p, "timing.script_seconds", p->script_s);
	set_seconds(p, "timing.compress_seconds", p->compress_s);
	set_seconds(p, "timing.other_seconds", p->other_s);
	f = fopen(path, "we");
	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	metadata_write(&p->meta, f);
	if (fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", path);
}

static void
move_into(const char *from, const char *to)
{
	if (rename(from, to) != 0)
		die_errno(EXIT_DATA, "%s", to);
}

double
record_views(const char *views, const char *id, const char *meta,
             void (*stop_if_asked)(void))
{
	struct child_args a = {0};
	struct child_result r;
	struct metadata m;
	struct stat st;
	char seconds[32], why[256];

	args_add_words(&a, views, "--views");
	char *assign = xasprintf("ID=%s", id);
	args_add(&a, assign);
	double t = clock_seconds();
	bool ok = child_run(a.v, NULL, 0, &r);
	double s = clock_seconds() - t;
	args_free(&a);
	free(assign);
	stop_if_asked();
	if (!ok)
		child_failed("the views", &r, NULL);
	printf("rendered the views of %s: %s ID=%s\n", id, views, id);

	/* The time into meta.json, its modification time kept. */
	metadata_read_or_die(&m, meta);
	snprintf(seconds, sizeof seconds, "%.3f", s);
	if (!metadata_set(&m, "timing.views_seconds", seconds, why, sizeof why))
		die(EXIT_DATA, "%s: %s", meta, why);
	if (stat(meta, &st) != 0)
		die_errno(EXIT_DATA, "%s", meta);
	char *tmp = xasprintf("%s.tmp", meta);
	FILE *f = fopen(tmp, "we");
	if (f == NULL)
		die_errno(EXIT_DATA, "%s", tmp);
	metadata_write(&m, f);
	if (fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", tmp);
	struct timespec times[2] = {st.st_atim, st.st_mtim};
	if (utimensat(AT_FDCWD, tmp, times, 0) != 0)
		die_errno(EXIT_DATA, "%s", tmp);
	move_into(tmp, meta);
	free(tmp);
	metadata_free(&m);
	return s;
}

/* The time of each step, on one line. */
static void
print_timings(const struct plan *p, double total)
{
	printf("took %.1f s: perf record %.1f s, perfviews script %.1f s, "
	       "compression %.1f s, ",
	       total, p->record_s, p->script_s, p->compress_s);
	if (p->measure->kind == MEASURE_FILES)
		printf("strace %.1f s, ", p->strace_s);
	printf("views %.1f s, the rest %.1f s\n", p->views_s,
	       total - p->record_s - p->script_s - p->compress_s - p->strace_s -
	           p->views_s);
}

void
record_defaults(struct record_options *opt)
{
	memset(opt, 0, sizeof *opt);
	opt->data = "data";
	opt->python = "python3";
	opt->callgraph = "dwarf";
	opt->perf = "perf";
	opt->event = "cpu-clock";
	opt->strace = "strace";
	opt->timeout = 600;
	opt->xz = "xz -9 -T1";
}

void
record(const char *id, const struct record_options *opt)
{
	struct plan p;

	if (*id == '\0')
		usage_error("record: no ID (make record ID=X)");
	memset(&p, 0, sizeof p);
	p.opt = opt;
	p.start = clock_seconds();
	dataset_id_parse_or_die(id, &p.id);
	if (strcmp(opt->callgraph, "dwarf") != 0 &&
	    strcmp(opt->callgraph, "fp") != 0)
		die(EXIT_USAGE, "--callgraph %s: fp or dwarf", opt->callgraph);
	if (*opt->data == '\0')
		die(EXIT_USAGE, "--data: no directory given");
	child_hold_signals();
	atexit(undo_all);
	plan_command(&p);
	plan_check_words(&p);
	plan_measure(&p);
	plan_rate(&p);
	make_tmp(&p);
	if (p.events == NULL)
		p.events = plan_file_events(&p);
	p.record = plan_record_text(&p, "RUN.data");
	metadata_init(&p.meta);
	record_meta_gather(&p);
	if (p.bench_python != NULL) {
		record_benchmark(&p);
		plan_free(&p);
		return;
	}

	char *raw = xasprintf("%s/raw.txt", p.tmp);
	int fd = child_open(raw, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND);
	p.inlines = inline_text_new(); /* the runs' DSOs are the same */
	for (uint32_t n = 1; n <= p.id.runs; n++)
		record_run(&p, n, fd);
	close(fd);
	unsigned long samples = count_samples(&p, raw);
	record_stop_if_asked();
	char *xz = xasprintf("%s/raw.txt.xz", p.tmp);
	record_compress(&p, raw, xz);
	char *strace = xasprintf("%s/strace.txt.xz", p.tmp);
	char *final_strace =
	    xasprintf("%s/%s-strace.txt.xz", opt->data, p.id.text);
	if (p.measure->kind == MEASURE_FILES)
		record_strace(&p, strace);
	char *meta = xasprintf("%s/meta.json", p.tmp);
	write_meta(&p, meta);
	char *final_raw = xasprintf("%s/%s-raw.txt.xz", opt->data, p.id.text);
	char *final_meta = xasprintf("%s/%s-meta.json", opt->data, p.id.text);
	move_into(xz, final_raw);
	if (p.measure->kind == MEASURE_FILES)
		move_into(strace, final_strace);
	else
		unlink(final_strace); /* an older recording's, now stale */
	move_into(meta, final_meta);
	printf("wrote %s and %s (%lu %s)\n", final_raw, final_meta, samples,
	       p.measure->unit);
	if (p.measure->kind == MEASURE_FILES)
		printf("wrote %s (%s calls, with the names of their files)\n",
		       final_strace, metadata_get(&p.meta, "strace.calls"));
	fflush(stdout);
	if (opt->views != NULL && *opt->views != '\0')
		p.views_s = record_views(opt->views, p.id.text, final_meta,
		                         record_stop_if_asked);
	double total = clock_seconds() - p.start;
	undo_all();
	print_timings(&p, total);
	free(raw);
	free(xz);
	free(strace);
	free(final_strace);
	free(meta);
	free(final_raw);
	free(final_meta);
	plan_free(&p);
}
