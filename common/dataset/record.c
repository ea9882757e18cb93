/*
 * record.c - see record.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/child.h"
#include "dataset/dataset_id.h"
#include "dataset/dirs.h"
#include "dataset/measure.h"
#include "dataset/metadata.h"
#include "dataset/pyperformance.h"
#include "dataset/record.h"
#include "dataset/runs.h"
#include "dataset/script.h"
#include "input/strace.h"

#define MAX_RATE_SYSCTL "/proc/sys/kernel/perf_event_max_sample_rate"

/*
 * Python's own account of itself, as FIELD=VALUE lines; values on one
 * line each (sys.version and CFLAGS may hold newlines).
 */
static const char python_metadata[] =
    "import sys, sysconfig\n"
    "g = getattr(sys, '_git', ('', '', ''))\n"
    "c = sysconfig.get_config_var\n"
    "for k, x in (('python.executable', sys.executable),\n"
    "             ('python.version', sys.version),\n"
    "             ('python.build.git_branch', g[1]),\n"
    "             ('python.build.git_revision', g[2]),\n"
    "             ('python.build.configure_args', c('CONFIG_ARGS')),\n"
    "             ('python.build.cflags', c('CFLAGS'))):\n"
    "    print(k + '=' + ' '.join(str(x or '').split()))\n";

/* What is undone at exit, however the recording ends. */
static struct {
	char *tmp;     /* the hidden directory, while it exists */
	long max_rate; /* the sysctl's value before it was raised */
	bool raised;   /* it is raised */
} undo;

static void
write_max_rate(long rate)
{
	FILE *f = fopen(MAX_RATE_SYSCTL, "we");

	if (f == NULL || fprintf(f, "%ld\n", rate) < 0 || fclose(f) != 0)
		warnmsg_errno("%s: cannot set it to %ld", MAX_RATE_SYSCTL,
		              rate);
}

static void
undo_all(void)
{
	if (undo.tmp != NULL) {
		dirs_remove_tree(undo.tmp);
		free(undo.tmp);
		undo.tmp = NULL;
	}
	if (undo.raised) {
		write_max_rate(undo.max_rate);
		undo.raised = false;
	}
}

/* Stop at once when SIGINT, SIGTERM or SIGHUP came. */
static void
stop_if_asked(void)
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

static char *
join_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *path = xmalloc(n);
	snprintf(path, n, "%s/%s", dir, name);
	return path;
}

static char *format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *
format(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die(EXIT_DATA, "out of memory");
	va_end(ap);
	return s;
}

/* Run quietly (stdout and stderr to /dev/null): did it exit 0? */
static bool
succeeds(struct child_args *a)
{
	bool ok = child_quiet(a);
	stop_if_asked();
	return ok;
}

static char *
output_of(struct child_args *a, const char *file)
{
	char *out = child_output(a, file);
	stop_if_asked();
	return out;
}

/* What a recording is made of, worked out before anything is run. */
struct plan {
	const struct record_options *opt;
	struct dataset_id id;
	char *cmd;        /* the workload's command line */
	bool python_meta; /* it runs opt->python: ask it about itself */
	char *record;     /* the perf record command, for meta.json */
	char *tmp;        /* DATA/.ID.tmp */
	struct metadata meta;
	double start, record_s, script_s, compress_s, strace_s, views_s;
	double other_s;
	char *bench_python;            /* bm_: the interpreter's own path */
	const struct measure *measure; /* what is counted: the tags' */
	char *events;                  /* perf record -e */
	unsigned long lost;            /* samples perf lost, all runs */
};

static void
set(struct plan *p, const char *field, const char *value)
{
	char why[512];

	if (!metadata_set(&p->meta, field, value, why, sizeof why))
		die(EXIT_DATA, "%s", why);
}

/*
 * bm_NAME: pyperformance's benchmark NAME (pyperformance.h), its command
 * for meta.json only: the recording is pyperformance's, not ours.
 */
static void
plan_benchmark(struct plan *p)
{
	if (p->opt->cmd != NULL && *p->opt->cmd != '\0')
		die(EXIT_USAGE,
		    "%s is pyperformance's benchmark %s: it takes no CMD",
		    p->id.text, p->id.workload + 3);
	p->bench_python = pyperformance_plan(&p->id, p->opt);
	p->cmd = pyperformance_command(&p->id, p->bench_python);
}

/* The data set(s) of a bm_ workload, once the metadata is gathered. */
static void
record_benchmark(struct plan *p)
{
	struct bench_context c = {p->opt,   &p->id,   p->bench_python, p->tmp,
	                          &p->meta, p->start, stop_if_asked};

	pyperformance_record(&c);
	undo_all();
	free(p->cmd);
	free(p->record);
	free(p->tmp);
	free(p->bench_python);
	metadata_free(&p->meta);
	dataset_id_free(&p->id);
}

/* The command: given, or the workload's (SPEC §5), checked. */
static void
plan_command(struct plan *p)
{
	const struct record_options *opt = p->opt;
	const char *workload = p->id.workload;
	struct child_args a = {0};

	if (dataset_id_has_tag(&p->id, "xperf")) {
		args_add_words(&a, p->opt->python, "--python");
		args_add(&a, "-X");
		args_add(&a, "perf");
		args_add(&a, "-c");
		args_add(&a, "import sys; sys.exit(not getattr(sys, "
		             "'is_stack_trampoline_active', bool)())");
		if (!succeeds(&a))
			die(EXIT_DATA,
			    "%s has no -X perf (tag xperf needs Python 3.12 or "
			    "later, built with perf trampoline support)",
			    opt->python);
		args_free(&a);
	}
	p->python_meta = opt->python_given;
	if (strncmp(workload, "bm_", 3) == 0) {
		plan_benchmark(p);
		p->python_meta = true;
		return;
	}
	if (opt->cmd != NULL && *opt->cmd != '\0') {
		p->cmd = xstrdup(opt->cmd);
		return;
	}
	const char *flags = dataset_id_has_tag(&p->id, "nosite") ? " -S" : "";
	const char *xperf =
	    dataset_id_has_tag(&p->id, "xperf") ? " -X perf" : "";
	if (strcmp(workload, "pass") == 0) {
		p->cmd = format("%s%s%s -c pass", opt->python, flags, xperf);
	} else {
		die(EXIT_USAGE,
		    "workload %s has no default command: give CMD=... (or "
		    "--cmd)",
		    workload);
	}
	p->python_meta = true;
}

/* Each command line splits into words: a stray quote stops us now. */
static void
check_words(const struct plan *p)
{
	const char *const lines[][2] = {{p->cmd, "CMD"},
	                                {p->opt->perf, "--perf"},
	                                {p->opt->xz, "--xz"},
	                                {p->opt->views, "--views"}};

	const char *views = p->opt->views;
	size_t n = views != NULL && *views != '\0' ? 4 : 3;

	for (size_t i = 0; i < n; i++) {
		struct child_args a = {0};
		args_add_words(&a, lines[i][0], lines[i][1]);
		args_free(&a);
	}
}

/*
 * How perf samples: at the ID's frequency, or, for a measure that counts
 * (faults, files), every event, with a ring buffer large enough that none
 * is lost (the default one loses many with dwarf stacks).
 */
static const char *
sampling_text(const struct plan *p, char *buf, size_t size)
{
	if (p->measure->every_event)
		return "-c 1 -m 16M";
	snprintf(buf, size, "-F %" PRIu32, p->id.hz);
	return buf;
}

/* The whole output of a command, through file; NULL when it failed. */
static char *
whole_output(struct child_args *a, const char *file)
{
	struct child_result r;
	int fd = child_open(file, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, -1};
	bool ok = child_run(a->v, &io, 0, &r);
	FILE *f = fopen(file, "re");
	char *text = NULL;
	size_t cap = 0;

	close(fd);
	stop_if_asked();
	if (ok && f != NULL && getdelim(&text, &cap, '\0', f) < 0) {
		free(text);
		text = NULL;
	}
	if (f != NULL)
		fclose(f);
	unlink(file);
	return ok ? text : (free(text), NULL);
}

/* Tag files: the wanted sys_enter tracepoints this kernel offers. */
static char *
file_events(struct plan *p)
{
	struct child_args a = {0};
	char *file = join_path(p->tmp, "answer");
	char *list, *events = xstrdup("");

	args_add_words(&a, p->opt->perf, "--perf");
	args_add(&a, "list");
	args_add(&a, "syscalls:sys_enter_*");
	list = whole_output(&a, file);
	free(file);
	args_free(&a);
	for (size_t i = 0; list != NULL && measure_file_syscalls[i]; i++) {
		char *name =
		    format("syscalls:sys_enter_%s ", measure_file_syscalls[i]);
		if (strstr(list, name) != NULL) {
			char *more =
			    format("%s%s%.*s", events, *events ? "," : "",
			           (int)strlen(name) - 1, name);
			free(events);
			events = more;
		}
		free(name);
	}
	free(list);
	if (*events == '\0')
		die(EXIT_DATA,
		    "tag files: %s list shows no syscalls:sys_enter_* "
		    "tracepoints (they need root, and tracefs)",
		    p->opt->perf);
	return events;
}

/*
 * What the tags ask to count, and the events perf records for it (for
 * files, later: file_events), checked before anything runs.
 */
static void
plan_measure(struct plan *p)
{
	struct child_args a = {0};

	p->measure = measure_of_id(&p->id);
	if (p->measure->kind == MEASURE_TIME) {
		p->events = xstrdup(p->opt->event);
		return;
	}
	if (p->opt->event_given)
		usage_error("tag %s records %s: PERF_EVENT (--event %s) does "
		            "not apply",
		            p->measure->tag,
		            p->measure->events ? p->measure->events
		                               : p->measure->label,
		            p->opt->event);
	if (p->measure->kind == MEASURE_FAULTS) {
		p->events = xstrdup(p->measure->events);
		return;
	}
	args_add_words(&a, p->opt->strace, "--strace");
	args_add(&a, "-V");
	if (!succeeds(&a))
		die(EXIT_DATA,
		    "tag files runs the workload under strace too, and %s "
		    "does not run (apt-get install strace, or make deps)",
		    p->opt->strace);
	args_free(&a);
}

/* perf record's arguments, writing to output. */
static void
record_args(struct child_args *a, const struct plan *p, const char *output)
{
	char buf[32];

	args_add_words(a, p->opt->perf, "--perf");
	args_add(a, "record");
	args_add(a, "-e");
	args_add(a, p->events);
	args_add_words(a, sampling_text(p, buf, sizeof buf), "sampling");
	if (strcmp(p->opt->callgraph, "dwarf") == 0) {
		args_add(a, "--call-graph");
		args_add(a, "dwarf");
	} else {
		args_add(a, "-g");
	}
	args_add(a, "-o");
	args_add(a, output);
	args_add(a, "--");
	args_add_words(a, p->cmd, "CMD");
}

static char *
record_text(const struct plan *p, const char *output)
{
	char buf[32];

	return format("%s record -e %s %s %s -o %s -- %s", p->opt->perf,
	              p->events, sampling_text(p, buf, sizeof buf),
	              strcmp(p->opt->callgraph, "dwarf") == 0
	                  ? "--call-graph dwarf"
	                  : "-g",
	              output, p->cmd);
}

/* A frequency above the kernel's limit: raised (root), or refused. */
static void
plan_rate(struct plan *p)
{
	FILE *f = fopen(MAX_RATE_SYSCTL, "re");
	long max = 0;

	if (f != NULL) {
		if (fscanf(f, "%ld", &max) != 1)
			max = 0;
		fclose(f);
	}
	if (max <= 0 || p->id.hz <= (unsigned long)max ||
	    p->measure->every_event)
		return;
	if (geteuid() != 0)
		die(EXIT_DATA,
		    "%" PRIu32 " Hz is above kernel.perf_event_max_sample_rate "
		    "(%ld): run as root to raise it for the recording, or use "
		    "a lower frequency",
		    p->id.hz, max);
	printf("raising kernel.perf_event_max_sample_rate from %ld to %" PRIu32
	       " for the recording\n",
	       max, p->id.hz);
	fflush(stdout);
	undo.max_rate = max;
	undo.raised = true;
	write_max_rate((long)p->id.hz);
}

/* The hidden directory, empty: what a failed recording left is gone. */
static void
make_tmp(struct plan *p)
{
	char *name = format(".%s.tmp", p->id.text);
	struct stat st;

	dirs_make(p->opt->data);
	if (stat(p->opt->data, &st) == 0 && !S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno(EXIT_DATA, "%s", p->opt->data);
	}
	p->tmp = join_path(p->opt->data, name);
	free(name);
	undo.tmp = xstrdup(p->tmp);
	dirs_remove_tree(p->tmp);
	if (mkdir(p->tmp, 0777) != 0)
		die_errno(EXIT_DATA, "%s", p->tmp);
}

static void
read_cpu_model(struct plan *p)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char *line = NULL;
	size_t cap = 0;

	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "model name", 10) != 0)
			continue;
		char *v = strchr(line, ':');
		if (v == NULL)
			continue;
		v += 1 + strspn(v + 1, " \t");
		v[strcspn(v, "\n")] = '\0';
		set(p, "host.cpu_model", v);
		break;
	}
	free(line);
	if (f != NULL)
		fclose(f);
}

/* Everything known before the first run: SPEC §5's metadata. */
static void
gather_metadata(struct plan *p)
{
	struct child_args a = {0};
	struct utsname u;
	char when[32], cpus[24];
	time_t t = time(NULL);
	char *file = join_path(p->tmp, "answer");

	metadata_set_id(&p->meta, &p->id);
	set(p, "workload.command", p->cmd);
	args_add_words(&a, p->opt->perf, "--perf");
	args_add(&a, "--version");
	char *version = output_of(&a, file);
	set(p, "tool.version",
	    strncmp(version, "perf version ", 13) == 0 ? version + 13
	                                               : version);
	free(version);
	args_free(&a);
	set(p, "tool.event", p->events);
	set(p, "tool.period", p->measure->every_event ? "1" : "");
	set(p, "samples.unit", p->measure->unit);
	set(p, "samples.meaning", p->measure->meaning);
	set(p, "tool.call_graph", p->opt->callgraph);
	set(p, "tool.record_command", p->record);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	set(p, "timestamp", when);
	if (uname(&u) == 0) {
		set(p, "host.hostname", u.nodename);
		set(p, "host.kernel", u.release);
	}
	read_cpu_model(p);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(cpus, sizeof cpus, "%ld", n);
	set(p, "host.cpu_count", n > 0 ? cpus : "");
	if (p->python_meta) {
		struct child_result r;
		args_add_words(&a, p->opt->python, "--python");
		args_add(&a, "-c");
		args_add(&a, python_metadata);
		int fd = child_open(file, O_WRONLY | O_CREAT | O_TRUNC);
		struct child_io io = {-1, fd, -1};
		bool ok = child_run(a.v, &io, 0, &r);
		close(fd);
		stop_if_asked();
		if (!ok)
			child_failed(p->opt->python, &r, NULL);
		metadata_assign_file(&p->meta, file);
		args_free(&a);
	}
	if (p->python_meta && p->opt->python_src != NULL &&
	    *p->opt->python_src != '\0') {
		static const char *const git[][4] = {
		    {"python.build.git_remote", "remote", "get-url", "origin"},
		    {"python.build.git_branch", "rev-parse", "--abbrev-ref",
		     "HEAD"},
		    {"python.build.git_revision", "rev-parse", "HEAD", NULL},
		};
		for (size_t i = 0; i < 3; i++) {
			args_add(&a, "git");
			args_add(&a, "-C");
			args_add(&a, p->opt->python_src);
			for (size_t j = 1; j < 4 && git[i][j] != NULL; j++)
				args_add(&a, git[i][j]);
			char *v = output_of(&a, file);
			if (*v != '\0')
				set(p, git[i][0], v);
			free(v);
			args_free(&a);
		}
	}
	unlink(file);
	free(file);
}

/*
 * The samples perf lost in a recording, from `perf report --stats`: the
 * LOST_SAMPLES of each event, or when it has none, of all together.
 */
static unsigned long
lost_samples(struct plan *p, const char *data)
{
	struct child_args a = {0};
	char *file = join_path(p->tmp, "answer");
	unsigned long per_event = 0, all = 0;
	bool aggregated = false;

	args_add_words(&a, p->opt->perf, "--perf");
	args_add(&a, "report");
	args_add(&a, "-i");
	args_add(&a, data);
	args_add(&a, "--stats");
	char *stats = whole_output(&a, file);
	args_free(&a);
	free(file);
	for (char *line = stats, *next; line != NULL && *line; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		char *lost = strstr(line, "LOST_SAMPLES events:");
		if (strstr(line, " stats:") != NULL)
			aggregated = strstr(line, "Aggregated") != NULL;
		else if (lost != NULL && aggregated)
			all += strtoul(lost + 20, NULL, 10);
		else if (lost != NULL)
			per_event += strtoul(lost + 20, NULL, 10);
	}
	if (stats == NULL)
		warnmsg("%s report --stats failed: samples lost are unknown",
		        p->opt->perf);
	free(stats);
	return per_event > 0 ? per_event : all;
}

/* Run n of the recording: perf record, then its perf script text. */
static void
record_run(struct plan *p, uint32_t n, int raw)
{
	char *data = join_path(p->tmp, "run.data");
	char *out = join_path(p->tmp, "stdout");
	char *err = join_path(p->tmp, "stderr");
	struct child_args a = {0};
	struct child_result r;

	char *shown = record_text(p, data);
	printf("run %" PRIu32 "/%" PRIu32 ": %s\n", n, p->id.runs, shown);
	fflush(stdout);
	free(shown);
	record_args(&a, p, data);
	int ofd = child_open(out, O_WRONLY | O_CREAT | O_TRUNC);
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, ofd, efd};
	double t = clock_seconds();
	bool ok = child_run(a.v, &io, p->opt->timeout, &r);
	p->record_s += clock_seconds() - t;
	args_free(&a);
	close(efd);
	stop_if_asked();
	char *what = format("run %" PRIu32 " of %" PRIu32, n, p->id.runs);
	if (!ok)
		child_failed(what, &r, err);

	char marker[64];
	int len =
	    snprintf(marker, sizeof marker,
	             RUN_MARKER "%" PRIu32 "/%" PRIu32 "\n", n, p->id.runs);
	if (write(raw, marker, (size_t)len) != len)
		die_errno(EXIT_DATA, "%s/raw.txt", p->tmp);
	free(what);
	what = format("run %" PRIu32, n); /* "perf script of run 2" */
	struct script_options so = {
	    .perf = p->opt->perf,
	    .input = data,
	    .name = what,
	    .err_fd = child_open(err, O_RDWR | O_CREAT | O_TRUNC),
	    .tmpdir = p->tmp};
	t = clock_seconds();
	script_write(&so, raw); /* a failure ends the process */
	p->script_s += clock_seconds() - t;
	close(so.err_fd);
	close(ofd);
	stop_if_asked();
	unsigned long lost = lost_samples(p, data);
	if (lost > 0)
		warnmsg("run %" PRIu32 ": perf lost %lu samples (its ring "
		        "buffer was full)%s",
		        n, lost,
		        p->measure->every_event ? ": the counts are short by "
		                                  "that many"
		                                : "");
	p->lost += lost;
	unlink(data); /* else the next perf record keeps it as .old */
	free(what);
	free(data);
	free(out);
	free(err);
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
compress(struct plan *p, const char *raw, const char *xz)
{
	struct child_args a = {0};
	struct child_result r;
	int fd = child_open(xz, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, -1};

	args_add_words(&a, p->opt->xz, "--xz");
	args_add(&a, "-c");
	args_add(&a, raw);
	double t = clock_seconds();
	bool ok = child_run(a.v, &io, 0, &r);
	p->compress_s += clock_seconds() - t;
	close(fd);
	args_free(&a);
	stop_if_asked();
	if (!ok)
		child_failed("compression", &r, NULL);
}

/* The strace command, writing to output. */
static void
strace_args(struct child_args *a, const struct plan *p, const char *output)
{
	args_add_words(a, p->opt->strace, "--strace");
	args_add_words(a, "-f -qq -ttt -T -y -s 256 -e trace=%file,%desc -o",
	               "strace");
	args_add(a, output);
	args_add(a, "--");
	args_add_words(a, p->cmd, "CMD");
}

/* The calls in a strace file; its bad lines are warnings. */
static unsigned long
count_calls(const char *path)
{
	struct strace_reader r;
	struct strace_call c;
	int fd = child_open(path, O_RDONLY);

	strace_reader_init(&r, fd, path);
	while (strace_reader_next(&r, &c))
		;
	strace_reader_summary(&r);
	unsigned long calls = r.calls;
	strace_reader_free(&r);
	close(fd);
	return calls;
}

/*
 * Tag files: the workload once more, under strace, which names the files
 * that perf's tracepoints point to; its text compressed into xz.  A run
 * of its own, after perf's: strace.runs says so.
 */
static void
record_strace(struct plan *p, const char *xz)
{
	char *text = join_path(p->tmp, "strace.txt");
	char *out = join_path(p->tmp, "stdout");
	char *err = join_path(p->tmp, "stderr");
	char *file = join_path(p->tmp, "answer");
	struct child_args a = {0};
	struct child_result r;
	char number[24];

	args_add_words(&a, p->opt->strace, "--strace");
	args_add(&a, "-V");
	char *version = output_of(&a, file);
	args_free(&a);
	char *v = strstr(version, "version ");
	set(p, "strace.version", v != NULL ? v + 8 : version);
	free(version);
	char *shown = format("%s -f -qq -ttt -T -y -s 256 -e "
	                     "trace=%%file,%%desc -o STRACE.txt -- %s",
	                     p->opt->strace, p->cmd);
	printf("names of the files: %s\n", shown);
	fflush(stdout);
	set(p, "strace.command", shown);
	free(shown);
	strace_args(&a, p, text);
	int ofd = child_open(out, O_WRONLY | O_CREAT | O_TRUNC);
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, ofd, efd};
	double t = clock_seconds();
	bool ok = child_run(a.v, &io, p->opt->timeout, &r);
	p->strace_s = clock_seconds() - t;
	args_free(&a);
	close(ofd);
	close(efd);
	stop_if_asked();
	if (!ok)
		child_failed("the run under strace", &r, err);
	set(p, "strace.runs", "1");
	snprintf(number, sizeof number, "%lu", count_calls(text));
	set(p, "strace.calls", number);
	compress(p, text, xz);
	free(text);
	free(out);
	free(err);
	free(file);
}

static void
set_seconds(struct plan *p, const char *field, double s)
{
	char v[32];

	snprintf(v, sizeof v, "%.3f", s > 0 ? s : 0);
	set(p, field, v);
}

static void
write_meta(struct plan *p, const char *path)
{
	/* With the views' time: the rest as it was (the README has it). */
	if (p->views_s == 0)
		p->other_s = clock_seconds() - p->start - p->record_s -
		             p->script_s - p->compress_s - p->strace_s;
	FILE *f;
	char lost[24];

	snprintf(lost, sizeof lost, "%lu", p->lost);
	set(p, "samples.lost", lost);
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

/*
 * The views, timed; the time goes into meta.json, whose date is kept so
 * that the views made from it are not out of date.
 */
static void
make_views(struct plan *p, const char *meta)
{
	struct child_args a = {0};
	struct child_result r;
	struct stat st;

	args_add_words(&a, p->opt->views, "--views");
	double t = clock_seconds();
	bool ok = child_run(a.v, NULL, 0, &r);
	p->views_s = clock_seconds() - t;
	args_free(&a);
	stop_if_asked();
	if (!ok)
		child_failed("the views", &r, NULL);
	printf("rendered the views: %s\n", p->opt->views);
	char *tmp = join_path(p->tmp, "meta.json");
	set_seconds(p, "timing.views_seconds", p->views_s);
	if (stat(meta, &st) != 0)
		die_errno(EXIT_DATA, "%s", meta);
	write_meta(p, tmp);
	struct timespec times[2] = {st.st_atim, st.st_mtim};
	if (utimensat(AT_FDCWD, tmp, times, 0) != 0)
		die_errno(EXIT_DATA, "%s", tmp);
	move_into(tmp, meta);
	free(tmp);
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
	check_words(&p);
	plan_measure(&p);
	plan_rate(&p);
	make_tmp(&p);
	if (p.events == NULL)
		p.events = file_events(&p);
	p.record = record_text(&p, "RUN.data");
	metadata_init(&p.meta);
	gather_metadata(&p);
	if (p.bench_python != NULL) {
		record_benchmark(&p);
		return;
	}

	char *raw = join_path(p.tmp, "raw.txt");
	int fd = child_open(raw, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND);
	for (uint32_t n = 1; n <= p.id.runs; n++)
		record_run(&p, n, fd);
	close(fd);
	unsigned long samples = count_samples(&p, raw);
	stop_if_asked();
	char *xz = join_path(p.tmp, "raw.txt.xz");
	compress(&p, raw, xz);
	char *strace = join_path(p.tmp, "strace.txt.xz");
	char *final_strace =
	    format("%s/%s-strace.txt.xz", opt->data, p.id.text);
	if (p.measure->kind == MEASURE_FILES)
		record_strace(&p, strace);
	char *meta = join_path(p.tmp, "meta.json");
	write_meta(&p, meta);
	char *final_raw = format("%s/%s-raw.txt.xz", opt->data, p.id.text);
	char *final_meta = format("%s/%s-meta.json", opt->data, p.id.text);
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
		make_views(&p, final_meta);
	double total = clock_seconds() - p.start;
	undo_all();
	printf("took %.1f s: perf record %.1f s, perfviews script %.1f s, "
	       "compression %.1f s, ",
	       total, p.record_s, p.script_s, p.compress_s);
	if (p.measure->kind == MEASURE_FILES)
		printf("strace %.1f s, ", p.strace_s);
	printf("views %.1f s, the rest %.1f s\n", p.views_s,
	       total - p.record_s - p.script_s - p.compress_s - p.strace_s -
	           p.views_s);
	free(raw);
	free(xz);
	free(strace);
	free(final_strace);
	free(p.events);
	free(meta);
	free(final_raw);
	free(final_meta);
	free(p.cmd);
	free(p.record);
	free(p.tmp);
	metadata_free(&p.meta);
	dataset_id_free(&p.id);
}
