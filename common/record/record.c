/*
 * record.c - see record.h.  The driver: the plan (record_plan.h), the
 * hidden directory, the metadata (record_meta.h), the runs (record_run.h)
 * and strace's (record_strace.h), meta.json, everything moved into place,
 * the views (record_views.h); what is undone however the recording ends
 * (record_step.h).
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
#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "os/dirs.h"
#include "os/lock.h"
#include "record/pyperformance.h"
#include "record/record_meta.h"
#include "record/record_plan.h"
#include "record/record_run.h"
#include "record/record_strace.h"
#include "record/record_views.h"

static void
plan_free(struct plan *p)
{
	free(p->cmd);
	free(p->record);
	free(p->tmp);
	free(p->bench_python);
	free(p->events);
	inline_text_free(p->inlines);
	record_machine_free(&p->machine);
	metadata_free(&p->meta);
	dataset_id_free(&p->id);
}

/* The data set(s) of a bm_ workload, once the metadata is gathered. */
static void
record_benchmark(struct plan *p)
{
	pyperformance_record(p);
	record_undo();
}

/*
 * Scratch beside the data set while it is recorded: one run's perf.data
 * (about 8.5 KB a sample with dwarf call graphs, under 1 KB with fp) and
 * the raw text of every run (about 2 KB a sample) until compressed.  A
 * few thousand samples need tens of MB; below this, nothing is tried.
 */
#define RECORD_MIN_FREE (16ULL << 20)

static const char *data_dir; /* for the note on a failure */

/* A child failed: a full disk under DATA is the likely cause, say so. */
static void
note_full_disk(void)
{
	unsigned long long free;
	char mount[512];

	if (data_dir != NULL &&
	    dirs_free_space(data_dir, &free, mount, sizeof mount) &&
	    free < (1ULL << 20))
		fprintf(stderr,
		        "%s: %s: No space left on device? %llu KB free on "
		        "%s, which holds it\n",
		        progname, data_dir, free >> 10, mount);
}

static void
check_free_space(const char *data)
{
	unsigned long long free;
	char mount[512];

	data_dir = data;
	child_on_failure(note_full_disk);
	if (!dirs_free_space(data, &free, mount, sizeof mount) ||
	    free >= RECORD_MIN_FREE)
		return;
	die(EXIT_DATA,
	    "%s: no space to record: %.1f MB free on %s; a recording needs "
	    "scratch space beside its data set (one run's perf.data, about "
	    "8.5 KB a sample with dwarf call graphs, and 2 KB a sample of "
	    "text for every run): %llu MB at the least",
	    data, (double)free / (1 << 20), mount, RECORD_MIN_FREE >> 20);
}

/*
 * A build tag of the ID ("py311") that says another Python than the one
 * about to run: a data set named for one build would hold another's.
 */
static void
check_build_tags(const struct plan *p)
{
	const char *version = metadata_get(&p->meta, "python.version");

	for (size_t i = 0; version != NULL && i < p->id.ntags; i++) {
		const char *tag = p->id.tags[i];
		if (dataset_tag_is_build(tag, strlen(tag)) &&
		    !dataset_tag_fits_version(tag, version))
			die(EXIT_USAGE,
			    "%s: the build tag %s names another Python than "
			    "%s (%.*s): record it with that Python, or tag it "
			    "for this one",
			    p->id.text, tag, p->opt->python,
			    (int)strcspn(version, " "), version);
	}
}

/* The data set's lock, held until the recording ends however it ends. */
static struct lock dataset_lock;

static void
unlock_dataset(void)
{
	lock_release(&dataset_lock);
}

/*
 * One recording of an ID at a time: a second one, while the first runs,
 * would share its hidden directory and corrupt both.
 */
static void
lock_dataset(struct plan *p)
{
	char holder[128];
	char *path = xasprintf("%s/.%s.lock", p->opt->data, p->id.text);

	if (!lock_take(&dataset_lock, path, NULL, false, holder, sizeof holder))
		die(EXIT_DATA,
		    "%s is being recorded into %s already, by %s (its lock: "
		    "%s): nothing done; record it once that one is done",
		    p->id.text, p->opt->data, holder, path);
	record_undo_call(unlock_dataset);
	free(path);
}

/* The first directory of DATA's path this recording made (NULL: none),
 * and DATA. */
static char *made_top, *made_data;

/* A failed recording leaves no DATA it made (a bad benchmark's name
 * left it empty); a DATA that holds anything stays. */
static void
remove_data_made(void)
{
	if (made_top != NULL)
		dirs_remove_made(made_data, made_top);
	free(made_top);
	free(made_data);
	made_top = made_data = NULL;
}

/*
 * The hidden directory, empty: what a failed recording left is gone.
 * Under the data set's lock: another recording's is never touched.
 */
static void
make_tmp(struct plan *p)
{
	struct stat st;

	made_top = dirs_make_new(p->opt->data);
	made_data = xstrdup(p->opt->data);
	record_undo_call(remove_data_made); /* last: after the lock's file */
	if (stat(p->opt->data, &st) == 0 && !S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno(EXIT_DATA, "%s", p->opt->data);
	}
	lock_dataset(p);
	check_free_space(p->opt->data);
	p->tmp = record_tmp_path(p->opt, p->id.text);
	record_undo_dir(p->tmp);
	dirs_remove_tree(p->tmp);
	if (mkdir(p->tmp, 0777) != 0)
		die_errno(EXIT_DATA, "%s", p->tmp);
}

/* samples.total and samples.per_run, counted in the raw text. */
static unsigned long
count_samples(struct plan *p, const char *raw)
{
	struct run_index ix;

	run_index_read(&ix, raw, true);
	unsigned long total = run_index_describe(&ix, &p->meta);
	run_index_free(&ix);
	return total;
}

static void
write_meta(struct plan *p, const char *path)
{
	/* Written once, complete: the views come after, their time printed
	 * (record_views.h). */
	p->other_s = clock_seconds() - p->start - p->record_s - p->script_s -
	             p->compress_s - p->strace_s;
	char lost[24];

	snprintf(lost, sizeof lost, "%lu", p->lost);
	plan_set(p, "samples.lost", lost);
	if (p->measure->kind == MEASURE_FILES)
		record_set_seconds(&p->meta, "timing.strace_seconds",
		                   p->strace_s, 3);
	record_set_seconds(&p->meta, "timing.record_seconds", p->record_s, 3);
	record_set_seconds(&p->meta, "timing.script_seconds", p->script_s, 3);
	record_set_seconds(&p->meta, "timing.compress_seconds", p->compress_s,
	                   3);
	record_set_seconds(&p->meta, "timing.other_seconds", p->other_s, 3);
	record_machine_describe(&p->machine, &p->meta, true);
	metadata_write_file(&p->meta, path);
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
	opt->out = "out";
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
	record_refuse_existing(opt, p.id.text);
	child_hold_signals();
	atexit(record_undo);
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
	check_build_tags(&p);
	char *mismatch = measure_call_graph_warning(opt->callgraph, &p.meta);
	if (mismatch != NULL)
		warnmsg("%s", mismatch);
	free(mismatch);
	if (p.bench_python != NULL) {
		record_benchmark(&p);
		plan_free(&p);
		return;
	}

	char *raw = xasprintf("%s/raw.txt", p.tmp);
	int fd = child_open(raw, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND);
	raw_header_write(fd, raw, p.id.text, p.id.runs);
	p.inlines = inline_text_new(); /* the runs' DSOs are the same */
	double first_run_s = 0;
	for (uint32_t n = 1; n <= p.id.runs; n++) {
		record_run(&p, n, fd);
		if (n == 1)
			first_run_s = p.record_s;
	}
	close(fd);
	record_unprofiled(&p, first_run_s);
	unsigned long samples = count_samples(&p, raw);
	record_stop_if_asked();
	char *xz = xasprintf("%s/raw.txt.xz", p.tmp);
	record_compress(&p, raw, xz);
	char *strace = xasprintf("%s/strace.txt.xz", p.tmp);
	bool files = p.measure->kind == MEASURE_FILES;
	if (files)
		record_strace(&p, strace);
	char *meta = xasprintf("%s/meta.json", p.tmp);
	write_meta(&p, meta);
	/* meta.json last: a raw file alone is a recording cut short. */
	char *final_raw =
	    record_move_in(p.tmp, "raw.txt.xz", opt, p.id.text, "raw");
	char *final_strace =
	    files ? record_move_in(p.tmp, "strace.txt.xz", opt, p.id.text,
	                           "strace")
	          : file_kind_path("strace", opt->data, p.id.text);
	if (!files)
		unlink(final_strace); /* an older recording's, now stale */
	char *final_meta =
	    record_move_in(p.tmp, "meta.json", opt, p.id.text, "meta");
	printf("wrote %s and %s (%lu %s)\n", final_raw, final_meta, samples,
	       p.measure->unit);
	if (files)
		printf("wrote %s (%s calls, with the names of their files)\n",
		       final_strace, metadata_get(&p.meta, "strace.calls"));
	fflush(stdout);
	p.views_s = record_views(opt, p.id.text);
	double total = clock_seconds() - p.start;
	record_undo();
	print_timings(&p, total);
	record_warn_distortion(final_meta);
	free(raw);
	free(xz);
	free(strace);
	free(final_strace);
	free(meta);
	free(final_raw);
	free(final_meta);
	plan_free(&p);
}
