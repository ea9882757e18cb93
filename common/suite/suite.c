/*
 * suite.c - see suite.h.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "dataset/suite_file.h"
#include "os/child.h"
#include "os/dirs.h"
#include "os/lock.h"
#include "suite/suite.h"
#include "suite/suite_time.h"

/* A recorded data set of the suite's setting, found in DATA. */
struct found {
	char *id;
	char *bench; /* benchmark.name, or NULL */
};

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int
by_id(const void *a, const void *b)
{
	return strcmp(((const struct found *)a)->id,
	              ((const struct found *)b)->id);
}

/* Every bm_*TAIL data set with a meta.json in data, sorted by ID. */
static struct found *
scan(const char *data, const char *tail, size_t *n)
{
	struct found *f = NULL;
	size_t cap = 0;
	DIR *d = opendir(data);
	struct dirent *e;

	*n = 0;
	while (d != NULL && (e = readdir(d)) != NULL) {
		const struct file_kind *kind = NULL;
		char *id = strncmp(e->d_name, "bm_", 3) == 0
		               ? file_kind_id_of(e->d_name, &kind)
		               : NULL;
		if (id == NULL || kind != file_kind_named("meta") ||
		    !ends_with(id, tail) ||
		    memchr(id, '-', strlen(id) - strlen(tail)) != NULL) {
			free(id);
			continue;
		}
		struct metadata m;
		char why[512], *path = xasprintf("%s/%s", data, e->d_name);
		metadata_init(&m);
		if (metadata_read_json(&m, path, why, sizeof why)) {
			const char *b = metadata_get(&m, "benchmark.name");
			f = array_reserve(f, &cap, *n + 1, sizeof *f);
			f[*n].id = id;
			f[(*n)++].bench = b != NULL ? xstrdup(b) : NULL;
			id = NULL;
		}
		metadata_free(&m);
		free(path);
		free(id);
	}
	if (d != NULL)
		closedir(d);
	qsort(f, *n, sizeof *f, by_id);
	return f;
}

void
suite_ids(FILE *out, const char *data, const char *tail, char *const names[],
          size_t n, bool recordings)
{
	size_t nfound;
	struct found *f = scan(data, tail, &nfound);
	bool *shown = xcalloc(nfound + 1, sizeof *shown);

	for (size_t i = 0; i < n; i++) {
		const char *name = names[i];
		if (name[0] == '\0' ||
		    name[strspn(name, "abcdefghijklmnopqrstuvwxyz"
		                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		                      "0123456789_.")] != '\0')
			die(EXIT_USAGE, "suite: '%s' is not a benchmark name",
			    name);
		bool any = false;
		for (size_t k = 0; k < nfound; k++) {
			bool own =
			    strncmp(f[k].id + 3, name, strlen(name)) == 0 &&
			    f[k].id[3 + strlen(name)] == '-';
			bool variant =
			    f[k].bench != NULL && strcmp(f[k].bench, name) == 0;
			if (!own && !variant)
				continue;
			if (recordings && !own)
				continue; /* the benchmark's own ID, below */
			any = true;
			if (!shown[k])
				fprintf(out, "%s\n", f[k].id);
			shown[k] = true;
		}
		if (!any)
			fprintf(out, "bm_%s%s\n", name, tail);
	}
	for (size_t k = 0; k < nfound; k++) {
		free(f[k].id);
		free(f[k].bench);
	}
	free(f);
	free(shown);
}

/* "1:05", "1:02:03": minutes and seconds. */
static void
clock_text(char *buf, size_t size, double s)
{
	long t = (long)(s + 0.5);
	if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		         t % 60);
	else
		snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

/* What the log says so far: when the suite began, the steps done. */
struct progress {
	double start, spent;
	unsigned done;
};

static void
read_log(const char *log, struct progress *pg)
{
	FILE *f = fopen(log, "re");
	char *line = NULL;
	size_t cap = 0;

	memset(pg, 0, sizeof *pg);
	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "start\t", 6) == 0)
			pg->start = strtod(line + 6, NULL);
		char *tab = strchr(line, '\t');
		if (strncmp(line, "done\t", 5) != 0 ||
		    (tab = strchr(tab + 1, '\t')) == NULL)
			continue;
		pg->done++;
		pg->spent += strtod(tab + 1, NULL);
	}
	free(line);
	if (f != NULL)
		fclose(f);
	if (pg->start == 0) { /* the first step begins the suite */
		pg->start = clock_wall_seconds();
		f = fopen(log, "we");
		if (f == NULL || fprintf(f, "start\t%.3f\n", pg->start) < 0 ||
		    fclose(f) != 0)
			die_errno(EXIT_DATA, "%s", log);
	}
}

/* "[2/5] ID: what (elapsed 1:05, about 2:10 left)". */
static void
progress_line(const struct progress *pg, unsigned k, unsigned todo,
              const char *id, const char *what, unsigned left)
{
	char elapsed[32], rest[32];

	clock_text(elapsed, sizeof elapsed, clock_wall_seconds() - pg->start);
	if (pg->done == 0)
		snprintf(rest, sizeof rest, "?");
	else
		clock_text(rest, sizeof rest, pg->spent / pg->done * left);
	printf("[%u/%u] %s: %s (elapsed %s, about %s left)\n", k, todo, id,
	       what, elapsed, left == 0 ? "0:00" : rest);
	fflush(stdout);
}

/*
 * What a step's stderr says first, for the suite's report: its first line
 * that is not a note of waiting for a lock (os/lock), without the
 * program's name, which says nothing here.
 */
static char *
step_reason(const char *text)
{
	const char *line = text;

	for (;;) {
		const char *said = line;
		if (strncmp(said, "perfviews: ", 11) == 0)
			said += 11;
		size_t n = strcspn(said, "\n");
		if (strncmp(said, LOCK_WAITING, strlen(LOCK_WAITING)) != 0 ||
		    said[n] == '\0')
			return xstrndup(said, n);
		line = said + n + 1;
	}
}

int
suite_step(const char *log, unsigned todo, const char *id, char *const argv[])
{
	struct progress pg;
	struct child_result r;
	char *err = xasprintf("%s.err", log);
	char what[600], how[128];

	read_log(log, &pg);
	/* The recording skips the environment checks done since (run_script
	 * in record/pyperformance.c). */
	char started[32];
	snprintf(started, sizeof started, "%.3f", pg.start);
	setenv("PERFVIEWS_SUITE_STARTED", started, 1);
	unsigned k = pg.done + 1;
	if (todo < k)
		todo = k;
	progress_line(&pg, k, todo, id, "recording", todo - k + 1);
	int efd = child_open(err, O_RDWR | O_CREAT | O_TRUNC);
	struct child_io io = {-1, -1, efd};
	double t = clock_wall_seconds();
	bool ok = child_run(argv, &io, 0, &r);
	t = clock_wall_seconds() - t;
	char text[4096];
	ssize_t n = pread(efd, text, sizeof text - 1, 0);
	text[n > 0 ? n : 0] = '\0';
	close(efd);
	unlink(err);
	fputs(text, stderr);
	char *first = step_reason(text);
	if (!ok && *first == '\0') {
		free(first);
		first = xstrdup(child_describe(&r, how, sizeof how));
	}
	FILE *f = fopen(log, "ae");
	if (f == NULL ||
	    fprintf(f, "done\t%s\t%.1f\t%s\t%s\n", id, t, ok ? "ok" : "failed",
	            first) < 0 ||
	    fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", log);
	pg.done++;
	pg.spent += t;
	snprintf(what, sizeof what, "%s in %.0f s", ok ? "done" : "FAILED", t);
	progress_line(&pg, k, todo, id, what, todo - k);
	free(first);
	free(err);
	int sig = child_stopped();
	if (sig != 0)
		child_exit_by_signal(sig);
	return ok ? 0 : 1;
}

size_t
suite_report(FILE *out, const char *log)
{
	FILE *f = fopen(log, "re");
	char *line = NULL;
	size_t cap = 0, failed = 0, done = 0;

	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "done\t", 5) != 0)
			continue;
		done++;
		char *id = line + 5, *t = strchr(id, '\t');
		char *status = t != NULL ? strchr(t + 1, '\t') : NULL;
		if (status == NULL || strncmp(status + 1, "failed\t", 7) != 0)
			continue;
		*t = '\0';
		if (failed++ == 0)
			fprintf(out, "failed:\n");
		fprintf(out, "  %s: %s", id, status + 8);
	}
	free(line);
	if (f != NULL)
		fclose(f);
	(void)done;
	return failed;
}

/*
 * " DATA=dir" for a command the user runs as printed, sh-quoted when it
 * must be (a new string); "" for make's default, data.
 */
static char *
data_arg(const char *data)
{
	char *text = NULL;
	size_t n = 0;
	FILE *f = xopen_memstream(&text, &n);
	if (strcmp(data, "data") == 0)
		;
	else if (data[strspn(data, "abcdefghijklmnopqrstuvwxyz"
	                           "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                           "0123456789_.,/+-=:@%")] == '\0')
		fprintf(f, " DATA=%s", data);
	else {
		fputs(" DATA='", f);
		for (const char *p = data; *p != '\0'; p++)
			fputs(*p == '\'' ? "'\\''" : (char[2]){*p, '\0'}, f);
		fputc('\'', f);
	}
	xclose_memstream(f);
	return text;
}

void
suite_missing(FILE *out, const char *data, const char *id)
{
	struct dataset_id d;
	size_t n;
	char *where = data_arg(data);

	dataset_id_parse_or_die(id, &d);
	const struct file_kind *raw = file_kind_named("raw");
	fprintf(out, "make views: no %s%s", id, raw->suffix);
	if (raw->alt_suffix != NULL)
		fprintf(out, " or %s%s", id, raw->alt_suffix);
	fprintf(out, " in %s/ or examples/", data);
	const char *tail = id + strlen(d.workload);
	struct found *f = scan(data, tail, &n);
	const char *sep = ": it was recorded as one data set per variant: ";
	for (size_t k = 0; k < n; k++) {
		if (f[k].bench == NULL || strcmp(f[k].bench, d.workload + 3))
			continue;
		fprintf(out, "%smake views ID=%s%s", sep, f[k].id, where);
		sep = ", ";
	}
	if (strcmp(d.workload, "pass") == 0 && *sep == ':')
		fprintf(out,
		        ": record it first: make record ID=%s%s "
		        "PYTHON=/path/to/python3\n",
		        id, where);
	else if (strncmp(d.workload, "bm_", 3) == 0 && *sep == ':')
		fprintf(out,
		        ": record pyperformance's benchmark %s first: make "
		        "record ID=%s%s PYTHON=/path/to/python3\n",
		        d.workload + 3, id, where);
	else if (*sep == ':')
		fprintf(out, " (make record ID=...%s CMD='...' first)\n",
		        where);
	else
		fputc('\n', out);
	free(where);
	for (size_t k = 0; k < n; k++) {
		free(f[k].id);
		free(f[k].bench);
	}
	free(f);
	dataset_id_free(&d);
}

/*
 * The data sets of ids (one a line) that are there already and of another
 * build than the suite's Python: named with their builds, and an end
 * (exit 1), unless there are none.  make's targets are the data sets'
 * files, which another build's satisfy: without this a suite of a second
 * Python would reuse the first one's data sets and say nothing.
 */
static void
refuse_other_builds(const struct suite_options *o, const char *ids)
{
	struct metadata py;
	size_t nother = 0;
	char *mine;

	metadata_init(&py);
	o->build(o->python, &py);
	mine = metadata_build_label(&py);
	for (const char *id = ids; *id != '\0';) {
		size_t n = strcspn(id, "\n");
		char *one = xstrndup(id, n);
		char *meta = file_kind_path("meta", o->data, one);
		struct metadata m;
		char why[512];
		metadata_init(&m);
		if (access(meta, F_OK) == 0 &&
		    metadata_read_json(&m, meta, why, sizeof why) &&
		    !metadata_same_build(&m, &py)) {
			char *theirs = metadata_build_label(&m);
			const char *when = metadata_get(&m, "timestamp");
			if (nother++ == 0)
				warnmsg("suite: PYTHON is %s; these data sets "
				        "of %s are of another build:",
				        mine, o->data);
			fprintf(stderr, "  %s: recorded %s with %s\n", meta,
			        when != NULL ? when : "?",
			        theirs != NULL ? theirs : "an unknown Python");
			free(theirs);
		}
		metadata_free(&m);
		free(meta);
		free(one);
		id += n + (id[n] == '\n');
	}
	free(mine);
	metadata_free(&py);
	if (nother > 0)
		die(EXIT_DATA,
		    "suite: not mixing builds in one suite: give this build a "
		    "directory of its own (DATA=DIR), or FORCE=1 to record "
		    "the suite again over these");
}

/* The setting every ID shares (-perf-freqHZxRUNS-TAGS), refused before a
 * recording when it makes no ID (a misspelt tag). */
static void
setting_check(const char *tail)
{
	char why[256], *id = xasprintf("bm_NAME%s", tail);
	struct dataset_id d;

	if (!dataset_id_parse(id, &d, why, sizeof why))
		die(EXIT_USAGE, "suite: bad setting '%s': %s", tail + 1, why);
	dataset_id_free(&d);
	free(id);
}

/* ids: "all" is pyperformance's default set; no name, which to give. */
static int
ids(const struct suite_options *o, int n, char *rest[])
{
	char *cache = o->cache != NULL && *o->cache != '\0'
	                  ? xstrdup(o->cache)
	                  : dirs_user_cache("pyperformance");
	size_t nall = 0;
	char **all = NULL;

	if (n == 1 || strcmp(rest[n - 1], "all") == 0)
		all = o->all(o->python, cache, &nall);
	if (n == 1) {
		fprintf(
		    stderr,
		    "%s: suite: no BENCHMARKS: give pyperformance's "
		    "benchmark names, BENCHMARKS=\"nbody richards ...\", or "
		    "BENCHMARKS=all for its %zu default ones:\n",
		    progname, nall);
		for (size_t i = 0; i < nall; i++)
			fprintf(stderr, "%s%s", all[i],
			        i + 1 == nall  ? "\n"
			        : (i + 1) % 10 ? " "
			                       : "\n");
		exit(EXIT_USAGE);
	}
	char *tail = xasprintf("-%s", rest[0]);
	setting_check(tail);
	char *text = NULL;
	size_t len = 0;
	FILE *out = xopen_memstream(&text, &len);
	if (all != NULL)
		suite_ids(out, o->data, tail, all, nall, o->recordings);
	else
		suite_ids(out, o->data, tail, rest + 1, (size_t)n - 1,
		          o->recordings);
	xclose_memstream(out);
	if (o->check_build && !o->force)
		refuse_other_builds(o, text);
	fputs(text, stdout);
	free(text);
	free(tail);
	for (size_t i = 0; i < nall; i++)
		free(all[i]);
	free(all);
	free(cache);
	return EXIT_OK;
}

int
suite_command(const struct suite_options *o, const char *action, int n,
              char *rest[])
{
	if (strcmp(action, "ids") == 0 && n >= 1)
		return ids(o, n, rest);
	if (strcmp(action, "step") == 0 && n >= 2 && o->log != NULL)
		return suite_step(o->log, o->todo, rest[0], rest + 1);
	if (strcmp(action, "readme") == 0 && n >= 1) {
		suite_readme(stdout, o, rest[0], rest + 1, (size_t)n - 1);
		return EXIT_OK;
	}
	if (strcmp(action, "define") == 0 && n >= 1) {
		struct suite_file f;
		suite_file_make(&f, rest[0], o->data, rest + 1, (size_t)n - 1);
		suite_file_write(stdout, &f);
		suite_file_free(&f);
		return EXIT_OK;
	}
	if (strcmp(action, "missing") == 0 && n == 1) {
		suite_missing(stderr, o->data, rest[0]);
		return EXIT_DATA;
	}
	if (strcmp(action, "report") == 0 && n >= 1) {
		if (n >= 3) { /* report LOG SUITE ID...: where the time went */
			struct suite_time t;
			suite_time_read(&t, o->data, rest[0], rest + 2,
			                (size_t)n - 2);
			suite_time_summary(stdout, rest[1], &t);
			suite_time_free(&t);
			fflush(stdout);
		}
		return suite_report(stderr, rest[0]) > 0 ? EXIT_DATA : EXIT_OK;
	}
	usage_error("suite: bad action or operands: '%s'", action);
}
