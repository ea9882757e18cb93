/*
 * bench_output.c - see bench_output.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
#include "dataset/runs.h"
#include "os/child.h"
#include "os/dirs.h"
#include "record/bench_files.h"
#include "record/bench_loops.h"
#include "record/bench_output.h"
#include "record/bench_time.h"
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

/* One data set to write: a benchmark of the result. */
struct output {
	struct dataset_id id;
	size_t bench;
	char *dir; /* its files, before they move into DATA */
	char *pids;
	unsigned long samples;
	char **counted; /* its samples.* fields (meta.json), once counted */
	double script_s, compress_s, views_s;
	char *moved[3]; /* its raw file, meta.json and pyperf's, in DATA */
};

struct job {
	struct plan *p;
	const struct bench_run *br;
	struct pyperf_result result;
	struct hook_files hook; /* the hook's perf.data files */
	struct output *outs;
	size_t nouts;
	const char *loops_from; /* the loops file, when no worker calibrated */
};

/* The data sets: the benchmark the ID names, or every variant. */
static void
choose_outputs(struct job *j)
{
	const struct dataset_id *id = &j->p->id;
	const char *asked = id->workload + 3;
	const char *tail = id->text + strlen(id->workload);
	const char *run = metadata_get(&j->p->meta, "benchmark.name");
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
	for (size_t i = 0; i < j->hook.n; i++) {
		struct hook_file *f = &j->hook.v[i];
		if (f->label.benchmark != o->bench || !f->label.kept)
			continue;
		if (f->label.run != last) {
			if (run > 0)
				run_text_end(fd, raw, run, o->id.runs, from);
			long pid = f->pid;
			for (size_t k = i; k < j->hook.n && !f->label.outer;
			     k++)
				if (j->hook.v[k].label.outer) {
					pid = j->hook.v[k].pid; /* the worker */
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
		o->script_s += record_script(j->p, f->path, NULL, fd);
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
	const char *event = j->p->opt->event;
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
	o->samples = run_index_describe(&ix, &j->p->meta);
	run_index_free(&ix);
}

/* A pyperf metadata value into a meta.json field. */
static void
copy_meta(struct job *j, size_t b, const char *key, const char *field)
{
	metadata_set_or_die(&j->p->meta, field,
	                    pyperf_result_meta(&j->result, b, key));
}

static void
describe_benchmark(struct job *j, struct output *o)
{
	struct metadata *m = &j->p->meta;
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
	record_set_seconds(m, "benchmark.mean_seconds", b->mean, -1);
	record_set_seconds(m, "benchmark.stdev_seconds",
	                   pyperf_benchmark_stdev(b), -1);
	record_set_seconds(m, "timing.benchmark_seconds", work, 3);
	metadata_set_or_die(m, "benchmark.worker_pids", o->pids);
	metadata_set_or_die(m, "benchmark.selection", hook_files_rule);
	char *what = hook_files_dropped(&j->hook, o->bench);
	metadata_set_or_die(m, "benchmark.dropped", what);
	free(what);
	for (size_t i = 0; i < j->hook.n; i++)
		if (j->hook.v[i].label.kept &&
		    j->hook.v[i].label.benchmark == o->bench) {
			metadata_set_or_die(m, "tool.record_command",
			                    j->hook.v[i].cmdline);
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

	metadata_set_or_die(&j->p->meta, "benchmark.unprofiled_mean_seconds",
	                    NULL);
	metadata_set_or_die(&j->p->meta, "benchmark.unprofiled_stdev_seconds",
	                    NULL);
	if (j->br->unprofiled == NULL)
		return;
	if (!pyperf_result_read(&u, j->br->unprofiled, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	int b = pyperf_result_find(&u, name);
	if (b >= 0) {
		record_set_seconds(&j->p->meta,
		                   "benchmark.unprofiled_mean_seconds",
		                   u.benchmarks[b].mean, -1);
		record_set_seconds(
		    &j->p->meta, "benchmark.unprofiled_stdev_seconds",
		    pyperf_benchmark_stdev(&u.benchmarks[b]), -1);
	}
	pyperf_result_free(&u);
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
	args_add_words(&z, j->p->opt->xz, "--xz");
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
	keep_counts(o, &j->p->meta);
	args_add(&a, j->br->tool);
	args_add(&a, "-c");
	args_add(&a, split_script);
	args_add(&a, j->br->result);
	args_add(&a, json);
	args_add(&a, j->result.benchmarks[o->bench].name);
	record_workload(j->p, &a, "splitting pyperf's result");
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

static void
describe_timing(struct job *j, struct output *o, const struct bench_time *t)
{
	struct metadata *m = &j->p->meta;
	const struct bench_run *br = j->br;

	metadata_set_or_die(m, "benchmark.environment", br->environment);
	metadata_set_or_die(m, "benchmark.loops_file", j->loops_from);
	record_set_seconds(m, "timing.record_seconds", br->record_s, 3);
	record_set_seconds(m, "timing.script_seconds", o->script_s, 3);
	record_set_seconds(m, "timing.compress_seconds", o->compress_s, 3);
	record_set_seconds(
	    m, "timing.other_seconds",
	    t->total - br->record_s - o->script_s - o->compress_s, 3);
	bench_time_describe(t, m);
}

/* The data set's meta.json, in its directory. */
static void
write_meta(struct job *j, struct output *o, const struct bench_time *t)
{
	char *meta = xasprintf("%s/meta.json", o->dir);
	struct metadata *m = &j->p->meta;

	restore_counts(o, m);
	describe_benchmark(j, o);
	describe_unprofiled(j, o);
	describe_timing(j, o, t);
	metadata_write_file(m, meta);
	free(meta);
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

/* The data set's files moved into DATA; its meta.json last (a raw file
 * alone is a recording cut short: record_step.h). */
static void
move_output(const struct job *j, struct output *o)
{
	const struct record_options *opt = j->p->opt;

	o->moved[0] =
	    record_move_in(o->dir, "raw.txt.xz", opt, o->id.text, "raw");
	o->moved[2] =
	    record_move_in(o->dir, "pyperf.json", opt, o->id.text, "pyperf");
	o->moved[1] =
	    record_move_in(o->dir, "meta.json", opt, o->id.text, "meta");
}

/* make record's last line: where the time went, all data sets'. */
static void
print_took(const struct job *j, const struct bench_time *t)
{
	struct bench_took k = {.hz = j->p->id.hz,
	                       .environment = j->br->environment,
	                       .loops_file = j->loops_from};

	for (size_t i = 0; i < j->nouts; i++) {
		k.samples += j->outs[i].samples;
		k.script_s += j->outs[i].script_s;
		k.compress_s += j->outs[i].compress_s;
		k.views_s += j->outs[i].views_s;
	}
	bench_time_print(t, &k);
}

void
bench_output(struct plan *p, const struct bench_run *br)
{
	struct job j = {.p = p, .br = br};
	struct bench_time time;
	char why[512];
	double post_began = clock_seconds();

	if (!pyperf_result_read(&j.result, br->result, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	hook_files_read(&j.hook, br->prd, &j.result);
	p->inlines = inline_text_new(); /* every file's: the same DSOs */
	choose_outputs(&j);
	for (size_t i = 0; i < j.nouts; i++) {
		struct output *o = &j.outs[i];
		o->dir = xasprintf("%s/out%zu", br->tmp, i);
		if (mkdir(o->dir, 0777) != 0)
			die_errno(EXIT_DATA, "%s", o->dir);
		write_output(&j, o);
	}
	inline_text_free(p->inlines); /* its DWARF is large: freed now */
	p->inlines = NULL;
	bench_time_split(&time, &j.result, br->env_s, p->start, post_began);
	j.loops_from =
	    pyperf_result_calibrated(&j.result) ? NULL : br->loops_file;
	for (size_t i = 0; i < j.nouts; i++)
		write_meta(&j, &j.outs[i], &time);
	/* All or nothing: moved once every data set is complete, and none
	 * over another recording's (the variants' IDs are known now). */
	for (size_t i = 0; i < j.nouts; i++)
		if (strcmp(j.outs[i].id.text, p->id.text) != 0)
			record_refuse_existing(p->opt, j.outs[i].id.text);
	for (size_t i = 0; i < j.nouts; i++)
		move_output(&j, &j.outs[i]);
	if (dataset_id_has_tag(&p->id, "xperf"))
		remove_perf_maps(br);
	if (br->loops_out != NULL)
		bench_loops_add(br->loops_out, &j.result);
	if (j.nouts > 1)
		printf("%s ran %zu benchmarks: one data set each\n",
		       metadata_get(&p->meta, "benchmark.name"), j.nouts);
	for (size_t i = 0; i < j.nouts; i++) {
		struct output *o = &j.outs[i];
		printf("wrote %s, %s and %s (%lu samples in %u runs)\n",
		       o->moved[0], o->moved[1], o->moved[2], o->samples,
		       o->id.runs);
	}
	fflush(stdout);
	for (size_t i = 0; i < j.nouts; i++)
		j.outs[i].views_s = record_views(p->opt, j.outs[i].id.text);
	print_took(&j, &time);
	for (size_t i = 0; i < j.nouts; i++)
		record_warn_distortion(j.outs[i].moved[1]);
	for (size_t i = 0; i < j.nouts; i++) {
		struct output *o = &j.outs[i];
		for (size_t k = 0; k < 3; k++)
			free(o->moved[k]);
		dataset_id_free(&o->id);
		free(o->dir);
		free(o->pids);
	}
	hook_files_free(&j.hook);
	free(j.outs);
	pyperf_result_free(&j.result);
}
