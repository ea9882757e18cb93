/*
 * bench_output.c - see bench_output.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "os/child.h"
#include "os/dirs.h"
#include "perfdata/perf_file.h"
#include "record/bench_loops.h"
#include "record/bench_output.h"
#include "record/pyperf_result.h"
#include "record/record_step.h"
#include "record/record_views.h"
#include "record/script.h"
#include "symbols/inline_text.h"

/* Run in the tool environment: RESULT OUT NAME, NAME's part of RESULT. */
static const char split_script[] =
    "import sys, pyperf\n"
    "suite = pyperf.BenchmarkSuite.load(sys.argv[1])\n"
    "pyperf.BenchmarkSuite([suite.get_benchmark(sys.argv[3])])"
    ".dump(sys.argv[2])\n";

static const char selection_rule[] =
    "pyperf's perf_record hook wrote one perf.data per worker and phase; "
    "in modification-time order they follow pyperf's runs (the "
    "calibration worker's file, then each value worker's warmups file and "
    "values file; a command benchmark's commands have files of their "
    "own), but a worker that started perf for its values only (pyperf "
    "metadata perfviews_perf, perfviews_pyperf.py) has its values "
    "file alone, the calibration worker none; each value worker's values "
    "file is one run";

/* One perf.data file the hook left. */
struct hook_file {
	char *path;
	struct timespec mtime;
	off_t size;
	struct pyperf_file_label label;
	long pid;      /* the --pid of its perf record; 0 if not read */
	char *cmdline; /* its perf record command */
};

/* One data set to write: a benchmark of the result. */
struct output {
	struct dataset_id id;
	size_t bench;
	char *dir; /* its files, before they move into DATA */
	char *pids;
	unsigned long samples;
	char **counted; /* its samples.* fields (meta.json), once counted */
	double script_s, compress_s, views_s;
};

/*
 * Where the recording's wall time went, in seconds; the parts sum to
 * total.  From perfviews' clock: total, environment (run_script's log),
 * post; from pyperf's result: each worker's duration, its timed loops and
 * warmups (values x loops), and when it ended (uptime), so the gaps
 * between workers; set-up is the rest.
 */
struct split {
	double total;        /* the recording, views aside */
	double setup;        /* perfviews' checks and metadata, pyperformance's
	                        start, the manager's and first worker's, the
	                        result written; OVERHEAD=1's unprofiled run */
	double environment;  /* pyperformance's environment checks */
	double calibration;  /* the calibration workers */
	double worker_start; /* between workers: one ends, the next starts */
	double warmup;       /* the value workers' warmup loops */
	double hook;         /* the rest of their time: perf's start and
	                        stop, pyperf's metadata, the benchmark's
	                        untimed work */
	double loops;        /* their timed loops: what is profiled */
	double post;         /* perf.data to text, checks, compression */
};

struct job {
	const struct bench_context *c;
	const struct bench_run *br;
	struct pyperf_result result;
	struct hook_file *files;
	size_t nfiles, cap;
	struct output *outs;
	size_t nouts;
	struct inline_text *inlines; /* every file's (script.h), made once */
};

/* A decimal for meta.json: six significant digits, no exponent. */
static void
set_decimal(struct metadata *m, const char *field, double x, int digits)
{
	char v[64];
	if (digits < 0) {
		digits = x > 0 ? 5 - (int)floor(log10(x)) : 0;
		digits = digits < 0 ? 0 : digits > 15 ? 15 : digits;
	}
	snprintf(v, sizeof v, "%.*f", digits, x > 0 ? x : 0);
	metadata_set_or_die(m, field, v);
}

static int
by_mtime(const void *a, const void *b)
{
	const struct hook_file *x = a, *y = b;
	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* The hook's files, in the order they were written. */
static void
list_files(struct job *j)
{
	DIR *d = opendir(j->br->prd);
	struct dirent *e;

	if (d == NULL)
		die_errno(EXIT_DATA, "%s", j->br->prd);
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "perf.data", 9) != 0)
			continue;
		struct stat st;
		char *path = xasprintf("%s/%s", j->br->prd, e->d_name);
		if (stat(path, &st) != 0)
			die_errno(EXIT_DATA, "%s", path);
		j->files = array_reserve(j->files, &j->cap, j->nfiles + 1,
		                         sizeof *j->files);
		struct hook_file *f = &j->files[j->nfiles++];
		memset(f, 0, sizeof *f);
		f->path = path;
		f->mtime = st.st_mtim;
		f->size = st.st_size;
	}
	closedir(d);
	qsort(j->files, j->nfiles, sizeof *j->files, by_mtime);
}

/*
 * A file's perf record command line, from its header (read here: perf
 * report --header-only took 40 ms a file, two files a worker).
 */
static void
read_header(struct job *j, struct hook_file *f)
{
	struct perf_file pf;
	const struct pyperf_benchmark *b =
	    &j->result.benchmarks[f->label.benchmark];

	if (f->size == 0)
		die(EXIT_DATA,
		    "%s, worker %zu: its perf.data is empty: perf failed in "
		    "pyperf's hook, which hides perf's messages",
		    b->name, f->label.run + 1);
	perf_file_open(&pf, f->path); /* not perf.data: fatal, named */
	if (pf.cmdline == NULL || *pf.cmdline == '\0')
		die(EXIT_DATA,
		    "%s, worker %zu: %s has no perf header (no "
		    "cmdline)",
		    b->name, f->label.run + 1, f->path);
	f->cmdline = xstrdup(pf.cmdline);
	const char *pid = strstr(f->cmdline, " --pid ");
	f->pid = pid != NULL ? strtol(pid + 7, NULL, 10) : 0;
	perf_file_close(&pf);
}

/* Label the files, read their headers, check each worker's agree. */
static void
check_files(struct job *j)
{
	char why[512];
	struct pyperf_file_label *labels = xcalloc(j->nfiles, sizeof *labels);

	if (!pyperf_assign_files(&j->result, j->nfiles, labels, why,
	                         sizeof why))
		die(EXIT_DATA, "%s: %s", j->br->prd, why);
	for (size_t i = 0; i < j->nfiles; i++)
		j->files[i].label = labels[i];
	free(labels);
	long pid = 0;
	for (size_t i = 0; i < j->nfiles; i++) {
		struct hook_file *f = &j->files[i];
		if (!f->label.outer && !f->label.kept)
			continue;
		read_header(j, f);
		if (!f->label.outer)
			continue;
		if (i > 0 && j->files[i - 1].label.outer &&
		    j->files[i - 1].label.benchmark == f->label.benchmark &&
		    j->files[i - 1].label.run == f->label.run &&
		    j->files[i - 1].pid != f->pid)
			die(EXIT_DATA,
			    "%s: worker %zu's files name two processes (%ld, "
			    "%ld): the files are out of step with pyperf's "
			    "result",
			    j->result.benchmarks[f->label.benchmark].name,
			    f->label.run + 1, pid, f->pid);
		pid = f->pid;
	}
}

/* The data sets: the benchmark the ID names, or every variant. */
static void
choose_outputs(struct job *j)
{
	const struct dataset_id *id = j->c->id;
	const char *asked = id->workload + 3;
	const char *tail = id->text + strlen(id->workload);
	const char *run = metadata_get(j->c->meta, "benchmark.name");
	char why[512];

	j->outs = xcalloc(j->result.count, sizeof *j->outs);
	if (strcmp(asked, run) != 0 || j->result.count == 1) {
		int b = j->result.count == 1
		            ? 0
		            : pyperf_result_find(&j->result, asked);
		if (b < 0)
			die(EXIT_DATA,
			    "pyperformance's %s gave no result named %s (see "
			    "benchmark.variants)",
			    run, asked);
		j->outs[0].bench = (size_t)b;
		dataset_id_parse_or_die(id->text, &j->outs[0].id);
		j->nouts = 1;
		return;
	}
	for (size_t b = 0; b < j->result.count; b++) {
		char *text =
		    xasprintf("bm_%s%s", j->result.benchmarks[b].name, tail);
		if (!dataset_id_parse(text, &j->outs[b].id, why, sizeof why))
			die(EXIT_DATA, "variant %s of %s: no ID: %s",
			    j->result.benchmarks[b].name, run, why);
		j->outs[b].bench = b;
		free(text);
	}
	j->nouts = j->result.count;
}

/* Append one file's perf script text (perfviews script) to the raw file. */
static void
script_file(struct job *j, struct output *o, const char *path, int raw)
{
	char *err = dirs_memory_file("script.err");
	struct script_options so = {
	    .perf = j->c->opt->perf,
	    .input = path,
	    .err_fd = child_open(err, O_RDWR | O_CREAT | O_TRUNC),
	    .tmpdir = j->br->tmp,
	    .inlines = j->inlines};
	double t = clock_seconds();
	script_write(&so, raw); /* a failure ends the process */
	o->script_s += clock_seconds() - t;
	close(so.err_fd);
	record_stop_if_asked();
	free(err);
}

/* Every kept file of benchmark o->bench, one run per worker. */
static void
write_raw(struct job *j, struct output *o, const char *raw)
{
	const struct pyperf_benchmark *b = &j->result.benchmarks[o->bench];
	int fd = child_open(raw, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND);
	uint32_t run = 0;
	size_t last = (size_t)-1;
	off_t from = 0;
	char *pids = xstrdup("");

	raw_header_write(fd, raw, o->id.text, o->id.runs);
	for (size_t i = 0; i < j->nfiles; i++) {
		struct hook_file *f = &j->files[i];
		if (f->label.benchmark != o->bench || !f->label.kept)
			continue;
		if (f->label.run != last) {
			if (run > 0)
				run_text_end(fd, raw, run, o->id.runs, from);
			long pid = f->pid;
			for (size_t k = i; k < j->nfiles && !f->label.outer;
			     k++)
				if (j->files[k].label.outer) {
					pid = j->files[k].pid; /* the worker */
					break;
				}
			char *words = xasprintf("%s worker %ld", b->name, pid);
			from =
			    run_text_start(fd, raw, ++run, o->id.runs, words);
			free(words);
			char *more =
			    xasprintf("%s%s%ld", pids, *pids ? " " : "", pid);
			free(pids);
			pids = more;
			last = f->label.run;
		}
		script_file(j, o, f->path, fd);
	}
	if (run > 0)
		run_text_end(fd, raw, run, o->id.runs, from);
	close(fd);
	o->pids = pids;
	if (run != o->id.runs)
		die(EXIT_DATA, "%s: %u value workers, but the ID asks for %u",
		    b->name, run, o->id.runs);
}

/* Every run has samples, of the event asked for. */
static void
check_samples(struct job *j, struct output *o, const char *raw)
{
	const struct pyperf_benchmark *b = &j->result.benchmarks[o->bench];
	const char *event = j->c->opt->event;
	struct run_index ix;

	run_index_read(&ix, raw, true);
	for (size_t i = 0; i < ix.nruns; i++)
		if (ix.runs[i].samples == 0)
			die(EXIT_DATA,
			    "%s, run %zu: no samples in its perf.data: perf "
			    "recorded nothing (pyperf hides perf's messages)",
			    b->name, i + 1);
	size_t n = strcspn(event, ":");
	if (ix.event != NULL && (strncmp(ix.event, event, n) != 0 ||
	                         (ix.event[n] != '\0' && ix.event[n] != ':')))
		die(EXIT_DATA, "%s: samples of %s, not of %s as asked", b->name,
		    ix.event, event);
	o->samples = run_index_describe(&ix, j->c->meta);
	run_index_free(&ix);
}

/* What was not kept, in words: "1 calibration file, 3 warmup files". */
static char *
dropped(const struct job *j, size_t bench)
{
	static const char *const kinds[] = {
	    "calibration", "warmup", "command-wrapper", "other variants'"};
	size_t n[4] = {0};
	char *text = xstrdup("");

	for (size_t i = 0; i < j->nfiles; i++) {
		const struct pyperf_file_label *l = &j->files[i].label;
		if (l->benchmark != bench)
			n[3]++;
		else if (l->phase == PHASE_CALIBRATION)
			n[0]++;
		else if (l->phase == PHASE_WARMUP ||
		         l->phase == PHASE_INNER_WARMUP)
			n[1]++;
		else if (!l->kept)
			n[2]++;
	}
	for (size_t k = 0; k < 4; k++) {
		if (n[k] == 0)
			continue;
		char *more =
		    xasprintf("%s%s%zu %s file%s", text, *text ? ", " : "",
		              n[k], kinds[k], n[k] == 1 ? "" : "s");
		free(text);
		text = more;
	}
	if (*text == '\0') {
		free(text);
		text = xstrdup("none");
	}
	return text;
}

/* A pyperf metadata value into a meta.json field. */
static void
copy_meta(struct job *j, size_t b, const char *key, const char *field)
{
	metadata_set_or_die(j->c->meta, field,
	                    pyperf_result_meta(&j->result, b, key));
}

static void
describe_benchmark(struct job *j, struct output *o)
{
	struct metadata *m = j->c->meta;
	const struct pyperf_benchmark *b = &j->result.benchmarks[o->bench];
	char *names = xstrdup(""), number[32];
	double work = 0;

	metadata_set_id(m, &o->id);
	metadata_set_or_die(m, "benchmark.result", b->name);
	for (size_t i = 0; i < j->result.count; i++) {
		char *more = xasprintf("%s%s%s", names, i ? " " : "",
		                       j->result.benchmarks[i].name);
		free(names);
		names = more;
	}
	metadata_set_or_die(m, "benchmark.variants", names);
	free(names);
	copy_meta(j, o->bench, "perf_version", "benchmark.pyperf_version");
	copy_meta(j, o->bench, "description", "benchmark.description");
	copy_meta(j, o->bench, "python_version", "benchmark.python_version");
	copy_meta(j, o->bench, "cpu_model_name", "benchmark.cpu_model_name");
	copy_meta(j, o->bench, "cpu_config", "benchmark.cpu_config");
	copy_meta(j, o->bench, "platform", "benchmark.platform");
	copy_meta(j, o->bench, "loops", "benchmark.loops");
	for (size_t r = 0; r < b->nruns; r++) {
		work += b->runs[r].duration;
		if (b->runs[r].values == 0)
			continue;
		/* The calibration worker may have run without the hook. */
		metadata_set_or_die(
		    m, "benchmark.hooks",
		    pyperf_run_meta(&j->result, o->bench, r, "hooks"));
		snprintf(number, sizeof number, "%u", b->runs[r].warmups);
		metadata_set_or_die(m, "benchmark.warmups_per_run", number);
		snprintf(number, sizeof number, "%u", b->runs[r].values);
		metadata_set_or_die(m, "benchmark.values_per_run", number);
	}
	set_decimal(m, "benchmark.mean_seconds", b->mean, -1);
	set_decimal(m, "benchmark.stdev_seconds", pyperf_benchmark_stdev(b),
	            -1);
	set_decimal(m, "timing.benchmark_seconds", work, 3);
	metadata_set_or_die(m, "benchmark.worker_pids", o->pids);
	metadata_set_or_die(m, "benchmark.selection", selection_rule);
	char *what = dropped(j, o->bench);
	metadata_set_or_die(m, "benchmark.dropped", what);
	free(what);
	for (size_t i = 0; i < j->nfiles; i++)
		if (j->files[i].label.kept &&
		    j->files[i].label.benchmark == o->bench) {
			metadata_set_or_die(m, "tool.record_command",
			                    j->files[i].cmdline);
			break;
		}
}

/* Mean and deviation of the same benchmark without the profiler. */
static void
describe_unprofiled(struct job *j, struct output *o)
{
	struct pyperf_result u;
	char why[512];
	const char *name = j->result.benchmarks[o->bench].name;

	metadata_set_or_die(j->c->meta, "benchmark.unprofiled_mean_seconds",
	                    NULL);
	metadata_set_or_die(j->c->meta, "benchmark.unprofiled_stdev_seconds",
	                    NULL);
	if (j->br->unprofiled == NULL)
		return;
	if (!pyperf_result_read(&u, j->br->unprofiled, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	int b = pyperf_result_find(&u, name);
	if (b >= 0) {
		set_decimal(j->c->meta, "benchmark.unprofiled_mean_seconds",
		            u.benchmarks[b].mean, -1);
		set_decimal(j->c->meta, "benchmark.unprofiled_stdev_seconds",
		            pyperf_benchmark_stdev(&u.benchmarks[b]), -1);
	}
	pyperf_result_free(&u);
}

static void
run_quietly(struct child_args *a, int out, const char *what)
{
	struct child_result r;
	char *err = dirs_memory_file("step.err");
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, out, efd};
	bool ok = child_run(a->v, &io, 600, &r);
	close(efd);
	record_stop_if_asked();
	if (!ok)
		child_failed(what, &r, err);
	free(err);
	args_free(a);
}

/* The data set's samples.* fields, kept for its meta.json. */
static void
keep_counts(struct output *o, const struct metadata *m)
{
	o->counted = xcalloc(meta_field_count, sizeof *o->counted);
	for (size_t i = 0; i < meta_field_count; i++)
		if (strncmp(meta_fields[i].path, "samples.", 8) == 0 &&
		    m->values[i] != NULL)
			o->counted[i] = xstrdup(m->values[i]);
}

static void
restore_counts(struct output *o, struct metadata *m)
{
	for (size_t i = 0; i < meta_field_count; i++) {
		if (strncmp(meta_fields[i].path, "samples.", 8) != 0)
			continue;
		free(m->values[i]);
		m->values[i] = o->counted[i];
	}
	free(o->counted);
	o->counted = NULL;
}

/*
 * The compression running beside the checks, or -1: stopped if the
 * recording ends before it does (an error, a stop signal), not left
 * behind writing into a directory being removed.
 */
static pid_t compressing = -1;

static void
compression_stop(void)
{
	struct child_result r;

	if (compressing > 0)
		child_stop(compressing, &r);
	compressing = -1;
}

/* The data set's files in its directory: raw.txt.xz and pyperf's. */
static void
write_output(struct job *j, struct output *o)
{
	struct child_args a = {0};
	char *raw = xasprintf("%s/raw.txt", o->dir);
	char *xz = xasprintf("%s/raw.txt.xz", o->dir);
	char *json = xasprintf("%s/pyperf.json", o->dir);

	write_raw(j, o, raw);
	/*
	 * Compression, the longest step, runs beside the checks and the
	 * split of pyperf's result: post-processing runs after the workers,
	 * so a second CPU used here perturbs no timing.
	 */
	struct child_args z = {0};
	struct child_result r;
	args_add_words(&z, j->c->opt->xz, "--xz");
	args_add(&z, "-c");
	args_add(&z, raw);
	char *err = dirs_memory_file("compress.err");
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	int fd = child_open(xz, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, efd};
	static bool undo_set;
	if (!undo_set)
		record_undo_call(compression_stop);
	undo_set = true;
	double t = clock_seconds();
	compressing = child_start(NULL, z.v, &io, &r);
	close(fd);
	close(efd);
	if (compressing < 0)
		child_failed("compression", &r, err);
	check_samples(j, o, raw);
	keep_counts(o, j->c->meta);
	args_add(&a, j->br->tool);
	args_add(&a, "-c");
	args_add(&a, split_script);
	args_add(&a, j->br->result);
	args_add(&a, json);
	args_add(&a, j->result.benchmarks[o->bench].name);
	run_quietly(&a, -1, "splitting pyperf's result");
	bool ok = child_wait(compressing, 600, &r);
	compressing = -1;
	o->compress_s = clock_seconds() - t;
	record_stop_if_asked();
	if (!ok)
		child_failed("compression", &r, err);
	args_free(&z);
	free(err);
	unlink(raw);
	free(raw);
	free(xz);
	free(json);
}

/* Where the time went (struct split), once every data set is written. */
static void
split_time(const struct job *j, double post_began, struct split *s)
{
	double first = 0, last = 0, busy = 0;
	bool ended = false;

	memset(s, 0, sizeof *s);
	for (size_t b = 0; b < j->result.count; b++) {
		const struct pyperf_benchmark *bm = &j->result.benchmarks[b];
		for (size_t k = 0; k < bm->nruns; k++) {
			const struct pyperf_run *run = &bm->runs[k];
			if (run->uptime > 0) {
				double began = run->uptime - run->duration;
				first = ended && first < began ? first : began;
				last = ended && last > run->uptime
				           ? last
				           : run->uptime;
				ended = true;
			}
			busy += run->duration;
			if (run->values == 0) {
				s->calibration += run->duration;
				continue;
			}
			s->loops += run->timed;
			s->warmup += run->warmup_timed;
			double rest =
			    run->duration - run->timed - run->warmup_timed;
			s->hook += rest > 0 ? rest : 0;
		}
	}
	/* Without uptimes (pyperf found no boot time), the gaps are set-up. */
	s->worker_start =
	    ended && last - first > busy ? last - first - busy : 0;
	s->environment = j->br->env_s;
	double now = clock_seconds();
	s->post = now - post_began;
	s->total = now - j->c->start;
	s->setup = s->total - s->environment - s->calibration -
	           s->worker_start - s->warmup - s->hook - s->loops - s->post;
	if (s->setup < 0) /* pyperf's and our clocks disagree a little */
		s->setup = 0;
}

static void
describe_timing(struct job *j, struct output *o, const struct split *s)
{
	struct metadata *m = j->c->meta;
	const struct bench_run *br = j->br;
	bool calibrated = false;

	for (size_t b = 0; b < j->result.count; b++)
		for (size_t k = 0; k < j->result.benchmarks[b].nruns; k++)
			calibrated |=
			    j->result.benchmarks[b].runs[k].values == 0;
	metadata_set_or_die(m, "benchmark.environment", br->environment);
	metadata_set_or_die(m, "benchmark.loops_file",
	                    calibrated ? NULL : br->loops_file);
	set_decimal(m, "timing.record_seconds", br->record_s, 3);
	set_decimal(m, "timing.script_seconds", o->script_s, 3);
	set_decimal(m, "timing.compress_seconds", o->compress_s, 3);
	set_decimal(m, "timing.other_seconds",
	            s->total - br->record_s - o->script_s - o->compress_s, 3);
	/* In the order of meta_time_parts. */
	const double parts[META_TIME_PARTS] = {
	    s->setup,  s->environment, s->calibration, s->worker_start,
	    s->warmup, s->hook,        s->loops,       s->post};
	set_decimal(m, meta_time_total, s->total, 3);
	for (size_t i = 0; i < META_TIME_PARTS; i++)
		set_decimal(m, meta_time_parts[i], parts[i], 3);
}

/* The data set's meta.json, in its directory. */
static void
write_meta(struct job *j, struct output *o, const struct split *s)
{
	char *meta = xasprintf("%s/meta.json", o->dir);
	struct metadata *m = j->c->meta;

	restore_counts(o, m);
	describe_benchmark(j, o);
	describe_unprofiled(j, o);
	describe_timing(j, o, s);
	metadata_write_file(m, meta);
	free(meta);
}

/* dir/name moved into DATA as the data set's file of kind. */
static void
move_into(const char *dir, const char *name, const char *data, const char *id,
          const char *kind)
{
	char *from = xasprintf("%s/%s", dir, name);
	char *to = file_kind_path(kind, data, id);
	if (rename(from, to) != 0)
		die_errno(EXIT_DATA, "%s", to);
	free(from);
	free(to);
}

/* Does the file hold text? (Perf maps are small: read in pieces.) */
static bool
file_mentions(const char *path, const char *text)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	bool found = false;

	while (f != NULL && !found && getline(&line, &cap, f) != -1)
		found = strstr(line, text) != NULL;
	free(line);
	if (f != NULL)
		fclose(f);
	return found;
}

/*
 * With -X perf (tag xperf) every Python of the run wrote a perf map in
 * /tmp: pyperformance, pip and pyperf's workers.  perf script has read
 * them; those of this run are removed: written since it began, by a
 * process that has ended, naming code in the cache directory.
 */
static void
remove_perf_maps(const struct bench_run *br)
{
	DIR *d = opendir("/tmp");
	struct dirent *e;

	while (d != NULL && (e = readdir(d)) != NULL) {
		char *end;
		long pid;
		struct stat st;
		if (strncmp(e->d_name, "perf-", 5) != 0)
			continue;
		pid = strtol(e->d_name + 5, &end, 10);
		if (pid <= 0 || strcmp(end, ".map") != 0 ||
		    (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
			continue;
		char *path = xasprintf("/tmp/%s", e->d_name);
		if (stat(path, &st) == 0 && st.st_mtime >= br->began &&
		    file_mentions(path, br->cache))
			unlink(path);
		free(path);
	}
	if (d != NULL)
		closedir(d);
}

/*
 * "took 9.3 s: ..." where the time went, the profiled CPU time (samples at
 * the frequency, all data sets) and its share of the recording.
 */
static void
print_split(const struct job *j, const struct split *s)
{
	unsigned long samples = 0;
	double script = 0, compress = 0, views_s = 0;
	bool calibrated = false;

	for (size_t i = 0; i < j->nouts; i++) {
		samples += j->outs[i].samples;
		script += j->outs[i].script_s;
		compress += j->outs[i].compress_s;
		views_s += j->outs[i].views_s;
	}
	for (size_t b = 0; b < j->result.count; b++)
		for (size_t k = 0; k < j->result.benchmarks[b].nruns; k++)
			calibrated |=
			    j->result.benchmarks[b].runs[k].values == 0;
	double cpu = (double)samples / j->c->id->hz;
	printf("took %.1f s, profiled %.1f CPU-s (%.0f%%): set-up %.1f s, "
	       "environment %.1f s (%s), calibration %.1f s%s%s%s, worker "
	       "start-up %.1f s, warmups %.1f s, perf and pyperf "
	       "%.1f s, timed loops %.1f s, post-processing %.1f s "
	       "(perfviews script %.1f s, compression %.1f s), views %.1f s\n",
	       s->total + views_s, cpu, 100 * cpu / (s->total + views_s),
	       s->setup, s->environment, j->br->environment, s->calibration,
	       calibrated || j->br->loops_file == NULL ? "" : " (loops from ",
	       calibrated || j->br->loops_file == NULL ? "" : j->br->loops_file,
	       calibrated || j->br->loops_file == NULL ? "" : ")",
	       s->worker_start, s->warmup, s->hook, s->loops, s->post, script,
	       compress, views_s);
}

void
bench_output(const struct bench_context *c, const struct bench_run *br)
{
	struct job j = {.c = c, .br = br, .inlines = inline_text_new()};
	struct split split;
	char why[512];
	double post_began = clock_seconds();

	if (!pyperf_result_read(&j.result, br->result, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	list_files(&j);
	check_files(&j);
	choose_outputs(&j);
	for (size_t i = 0; i < j.nouts; i++) {
		struct output *o = &j.outs[i];
		o->dir = xasprintf("%s/out%zu", br->tmp, i);
		if (mkdir(o->dir, 0777) != 0)
			die_errno(EXIT_DATA, "%s", o->dir);
		write_output(&j, o);
	}
	inline_text_free(j.inlines); /* its DWARF is large: freed now */
	j.inlines = NULL;
	split_time(&j, post_began, &split);
	for (size_t i = 0; i < j.nouts; i++)
		write_meta(&j, &j.outs[i], &split);
	/* All or nothing: moved once every data set is complete, and none
	 * over another recording's (the variants' IDs are known now). */
	for (size_t i = 0; i < j.nouts; i++)
		if (strcmp(j.outs[i].id.text, c->id->text) != 0)
			record_refuse_existing(c->opt, j.outs[i].id.text);
	for (size_t i = 0; i < j.nouts; i++) {
		struct output *o = &j.outs[i];
		const char *data = c->opt->data;
		move_into(o->dir, "raw.txt.xz", data, o->id.text, "raw");
		move_into(o->dir, "pyperf.json", data, o->id.text, "pyperf");
		move_into(o->dir, "meta.json", data, o->id.text, "meta");
	}
	if (dataset_id_has_tag(c->id, "xperf"))
		remove_perf_maps(br);
	if (br->loops_out != NULL)
		bench_loops_add(br->loops_out, &j.result);
	if (j.nouts > 1)
		printf("%s ran %zu benchmarks: one data set each\n",
		       metadata_get(c->meta, "benchmark.name"), j.nouts);
	for (size_t i = 0; i < j.nouts; i++) {
		struct output *o = &j.outs[i];
		char *raw = file_kind_path("raw", c->opt->data, o->id.text);
		char *meta =
		    file_kind_name(file_kind_named("meta"), o->id.text);
		char *json =
		    file_kind_name(file_kind_named("pyperf"), o->id.text);
		printf("wrote %s, %s and %s (%lu samples in %u runs)\n", raw,
		       meta, json, o->samples, o->id.runs);
		free(raw);
		free(meta);
		free(json);
	}
	fflush(stdout);
	for (size_t i = 0; i < j.nouts; i++)
		j.outs[i].views_s = record_views(c->opt, j.outs[i].id.text);
	print_split(&j, &split);
	for (size_t i = 0; i < j.nouts; i++) {
		char *meta =
		    file_kind_path("meta", c->opt->data, j.outs[i].id.text);
		record_warn_distortion(meta);
		free(meta);
	}
	for (size_t i = 0; i < j.nouts; i++) {
		dataset_id_free(&j.outs[i].id);
		free(j.outs[i].dir);
		free(j.outs[i].pids);
	}
	for (size_t i = 0; i < j.nfiles; i++) {
		free(j.files[i].path);
		free(j.files[i].cmdline);
	}
	free(j.files);
	free(j.outs);
	pyperf_result_free(&j.result);
}
