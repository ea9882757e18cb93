/*
 * suite_run.c - see suite_run.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/suite_file.h"
#include "os/child.h"
#include "os/dirs.h"
#include "pages/view_make.h"
#include "suite/suite.h"
#include "suite/suite_run.h"

/* A program beside perfviews (a new string). */
static char *
program(const char *name)
{
	char *dir = dirs_program();
	char *path = xasprintf("%s/%s", dir, name);

	free(dir);
	return path;
}

/* The program beside perfviews as the first word of a. */
static void
add_program(struct child_args *a, const char *name)
{
	char *path = program(name);

	args_add(a, path);
	free(path);
}

/* The IDs' tail: "perf-freq1000x10", then "-TAG" for each word of tags. */
static char *
setting_of(const struct suite_run_options *o)
{
	char *tail = xasprintf("perf-freq%ux%u", o->freq, o->runs);

	for (const char *t = o->tags != NULL ? o->tags : "";;) {
		t += strspn(t, " \t");
		size_t n = strcspn(t, " \t");
		if (n == 0)
			return tail;
		char *longer = xasprintf("%s-%.*s", tail, (int)n, t);
		free(tail);
		tail = longer;
		t += n;
	}
}

/* An ID list: `perfviews suite ids` as it printed them. */
struct ids {
	char **v;
	size_t n;
	int status; /* of suite ids: not 0, it said why */
};

static void
ids_free(struct ids *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/*
 * `perfviews suite ids` of the suite, run as make suite runs it (its
 * messages on this stderr, its exit status kept): check_build refuses
 * data sets of another build; recordings names a benchmark of variants
 * once.
 */
static void
suite_ids_of(struct ids *l, const struct suite_run_options *o, const char *tail,
             char *const names[], int n, bool check_build, bool recordings)
{
	struct child_args a = {0};
	struct child_result r;
	FILE *got = tmpfile();
	char *line = NULL;
	size_t cap = 0, have = 0;

	if (got == NULL)
		die_errno(EXIT_DATA, "suite run: a scratch file");
	add_program(&a, "perfviews");
	args_add(&a, "suite");
	args_add(&a, "ids");
	args_add(&a, "--data");
	args_add(&a, o->data);
	if (check_build)
		args_add(&a, "--check-build");
	if (check_build && o->force)
		args_add(&a, "--force");
	if (recordings)
		args_add(&a, "--recordings");
	if (o->cache != NULL) {
		args_add(&a, "--cache");
		args_add(&a, o->cache);
	}
	if (o->python != NULL) {
		args_add(&a, "--python");
		args_add(&a, o->python);
	}
	args_add(&a, tail);
	for (int i = 0; i < n; i++)
		args_add(&a, names[i]);
	struct child_io io = {-1, fileno(got), -1};
	memset(l, 0, sizeof *l);
	if (!child_run(a.v, &io, 0, &r))
		l->status = WIFEXITED(r.status) && WEXITSTATUS(r.status) != 0
		                ? WEXITSTATUS(r.status)
		                : EXIT_DATA;
	rewind(got);
	while (l->status == 0 && getline(&line, &cap, got) != -1) {
		line[strcspn(line, "\n")] = '\0';
		l->v = array_reserve(l->v, &have, l->n + 1, sizeof *l->v);
		l->v[l->n++] = xstrdup(line);
	}
	free(line);
	fclose(got);
	args_free(&a);
}

/* Is data set id recorded in data (its meta.json there)? */
static bool
recorded(const char *data, const char *id)
{
	char *meta = file_kind_path("meta", data, id);
	bool there = access(meta, F_OK) == 0;

	free(meta);
	return there;
}

/* perfviews record's words for each recording of the suite, less the ID. */
static void
record_args(struct child_args *a, const struct suite_run_options *o,
            const char *loops)
{
	const struct {
		const char *option, *value;
	} given[] = {
	    {"--data", o->data},
	    {"--python", o->python},
	    {"--callgraph", o->callgraph},
	    {"--perf", o->perf},
	    {"--event", o->event},
	    {"--strace", o->strace},
	    {"--timeout", o->timeout},
	    {"--xz", o->xz != NULL ? o->xz : "xz -3 -T1"},
	    {"--cache", o->cache},
	    {"--loops", loops},
	    {"--views", ""},
	};

	add_program(a, "perfviews");
	args_add(a, "record");
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		if (given[i].value == NULL)
			continue;
		args_add(a, given[i].option);
		args_add(a, given[i].value);
	}
	if (o->overhead)
		args_add(a, "--overhead");
	if (o->force)
		args_add(a, "--force");
}

/*
 * The recordings the suite has yet to make, each a step of the log (as
 * make suite-record makes them: one at a time, going on past a failure).
 */
static void
record_missing(const struct suite_run_options *o, const char *log,
               const char *loops, const struct ids *all,
               const struct ids *recordings)
{
	struct child_args a = {0};
	const struct ids *from = o->force ? recordings : all;
	size_t todo = 0;

	record_args(&a, o, loops);
	size_t at = a.n;
	for (size_t i = 0; i < from->n; i++)
		todo += o->force || !recorded(o->data, from->v[i]);
	for (size_t i = 0; i < from->n; i++) {
		if (!o->force && recorded(o->data, from->v[i]))
			continue;
		args_add(&a, from->v[i]);
		suite_step(log, (unsigned)todo, from->v[i], a.v);
		free(a.v[at]);
		a.v[at] = NULL;
		a.n = at;
	}
	args_free(&a);
}

/* A program to run while the views are made: its argv, and its output. */
struct task {
	struct child_args args;
	char *out;  /* its stdout into this file (whole), or NULL */
	char *said; /* said when it is done, or NULL */
	pid_t pid;
	int fd;
	char *tmp;
};

static void
task_start(struct task *t)
{
	struct child_result r;
	struct child_io io = {-1, -1, -1};

	t->fd = -1;
	if (t->out != NULL) {
		t->tmp = xasprintf("%s.tmp", t->out);
		io.out = t->fd =
		    child_open(t->tmp, O_WRONLY | O_CREAT | O_TRUNC);
	}
	t->pid = child_start(NULL, t->args.v, &io, &r);
	if (t->pid == -1) {
		char how[128];
		die(EXIT_DATA, "suite run: %s: %s", t->args.v[0],
		    child_describe(&r, how, sizeof how));
	}
}

/* Wait for a started task; false when it failed (it said why). */
static bool
task_finish(struct task *t)
{
	struct child_result r;
	bool ok = child_wait(t->pid, 0, &r);

	if (t->fd != -1)
		close(t->fd);
	if (child_stopped() != 0) {
		if (t->tmp != NULL)
			unlink(t->tmp);
		child_exit_by_signal(child_stopped());
	}
	if (t->tmp != NULL) {
		if (ok && rename(t->tmp, t->out) != 0)
			die_errno(EXIT_DATA, "%s", t->out);
		if (!ok)
			unlink(t->tmp);
	}
	if (ok && t->said != NULL)
		printf("%s\n", t->said);
	fflush(stdout);
	return ok;
}

/* Run the tasks, jobs at a time; false when one failed. */
static bool
tasks_run(struct task *t, size_t n, unsigned jobs)
{
	size_t next = 0, done = 0;
	bool ok = true;

	while (done < n) {
		while (next < n && next - done < jobs)
			task_start(&t[next++]);
		ok &= task_finish(&t[done++]);
	}
	return ok;
}

static void
task_free(struct task *t)
{
	args_free(&t->args);
	free(t->out);
	free(t->said);
	free(t->tmp);
}

/* bycategory --each of the raw files: text, or the chart (svg). */
static void
categories_task(struct task *t, const char *name, const char *out,
                char *const raws[], size_t n, bool svg)
{
	memset(t, 0, sizeof *t);
	add_program(&t->args, "bycategory");
	args_add(&t->args, "--each");
	if (svg) {
		args_add(&t->args, "--format");
		args_add(&t->args, "svg");
		args_add(&t->args, "--title");
		args_add(&t->args, name);
	}
	for (size_t i = 0; i < n; i++)
		args_add(&t->args, raws[i]);
	t->out =
	    suite_file_path(svg ? "categories-svg" : "categories", out, name);
}

/*
 * Every data set's views (those not current), and the suite's categories
 * when it has raw files: jobs at a time, the locate cache shared by them
 * (locate_cache.h).  Returns whether there are categories.
 */
static bool
render(const char *name, const struct suite_run_options *o, const struct ids *l)
{
	char *self = program("perfviews");
	char **raws = xcalloc(l->n + 1, sizeof *raws);
	struct task *t = xcalloc(l->n + 2, sizeof *t);
	size_t nraws = 0, nt = 0;

	for (size_t i = 0; i < l->n; i++) {
		char *raw =
		    file_kind_find(file_kind_named("raw"), o->data, l->v[i]);
		if (raw == NULL)
			continue;
		raws[nraws++] = raw;
		/* make views' rule: views current are left (view_make.h). */
		struct view_files f = {
		    .id = l->v[i], .raw = raw, .out = o->out};
		if (view_current(o->data, &f, self))
			continue;
		struct task *v = &t[nt++];
		args_add(&v->args, self);
		args_add(&v->args, "views");
		args_add(&v->args, "--quiet");
		args_add(&v->args, "--data");
		args_add(&v->args, o->data);
		args_add(&v->args, "--out");
		args_add(&v->args, o->out);
		args_add(&v->args, l->v[i]);
		v->said =
		    xasprintf("views of %s: %s/%s-*", l->v[i], o->out, l->v[i]);
	}
	if (nraws > 0) {
		categories_task(&t[nt++], name, o->out, raws, nraws, false);
		categories_task(&t[nt++], name, o->out, raws, nraws, true);
	}
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned jobs = o->jobs > 0 ? o->jobs : cpus > 0 ? (unsigned)cpus : 1;
	char *cache = suite_file_path("locate-cache", o->out, name);
	unlink(cache);
	setenv("PERFVIEWS_LOCATE_CACHE", cache, 1);
	bool ok = tasks_run(t, nt, jobs);
	unsetenv("PERFVIEWS_LOCATE_CACHE");
	unlink(cache);
	if (!ok)
		die(EXIT_DATA, "suite run: %s: views not made (said above)",
		    name);
	for (size_t i = 0; i < nt; i++)
		task_free(&t[i]);
	for (size_t i = 0; i < nraws; i++)
		free(raws[i]);
	free(raws);
	free(t);
	free(cache);
	free(self);
	return nraws > 0;
}

/* What the suite's README and definition are written from. */
struct suite_pages {
	const char *name;
	const struct suite_options *opt;
	const struct ids *l;
};

static void
write_readme(FILE *f, void *arg)
{
	const struct suite_pages *p = arg;

	suite_readme(f, p->opt, p->name, p->l->v, p->l->n);
}

static void
write_definition(FILE *f, void *arg)
{
	const struct suite_pages *p = arg;
	struct suite_file s;

	suite_file_make(&s, p->name, p->opt->data, p->l->v, p->l->n);
	suite_file_write(f, &s);
	suite_file_free(&s);
}

/* The log begun anew: the suite's start, which its README times. */
static char *
log_start(const char *out, const char *name)
{
	char *log = suite_file_path("log", out, name);
	FILE *f = fopen(log, "we");

	if (f == NULL ||
	    fprintf(f, "start\t%.9f\n", clock_wall_seconds()) < 0 ||
	    fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", log);
	return log;
}

int
suite_run(const char *name, char *const benchmarks[], int n,
          const struct suite_run_options *o)
{
	struct ids all, recordings = {0};
	char *tail = setting_of(o);

	if (*name == '\0' || strchr(name, '/') != NULL)
		usage_error("suite run: '%s' is no suite name", name);
	child_hold_signals();
	suite_ids_of(&all, o, tail, benchmarks, n, true, false);
	if (all.status != 0)
		return all.status;
	if (o->force)
		suite_ids_of(&recordings, o, tail, benchmarks, n, false, true);
	dirs_make(o->out);
	char *log = log_start(o->out, name);
	char *loops = o->loops != NULL ? xstrdup(o->loops)
	                               : suite_file_path("loops", o->out, name);
	record_missing(o, log, loops, &all, &recordings);
	ids_free(&all);
	/* A benchmark of variants stands for its variants' data sets once
	 * recorded: the suite's IDs asked again. */
	suite_ids_of(&all, o, tail, benchmarks, n, false, false);
	if (all.status != 0)
		return all.status;
	char *categories = suite_file_path("categories", o->out, name);
	char *chart = suite_file_path("categories-svg", o->out, name);
	struct suite_options so = {
	    .data = o->data, .log = log, .views = o->out};
	so.categories = render(name, o, &all) ? categories : NULL;
	struct suite_pages pages = {name, &so, &all};
	char *readme = suite_file_path("readme", o->out, name);
	char *definition = suite_file_path("definition", o->out, name);
	dirs_write_whole(readme, write_readme, &pages);
	dirs_write_whole(definition, write_definition, &pages);
	printf("wrote %s, %s%s%s\n", readme, definition,
	       so.categories != NULL ? " and " : "",
	       so.categories != NULL ? chart : "");
	fflush(stdout);
	/* Where the run's time went, and its failures (suite report). */
	char **report = xcalloc(all.n + 3, sizeof *report);
	report[0] = log;
	report[1] = (char *)name;
	for (size_t i = 0; i < all.n; i++)
		report[i + 2] = all.v[i];
	int status = suite_command(&so, "report", (int)all.n + 2, report);
	free(report);
	ids_free(&all);
	ids_free(&recordings);
	free(definition);
	free(readme);
	free(categories);
	free(chart);
	free(loops);
	free(log);
	free(tail);
	return status;
}
