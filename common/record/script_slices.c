/*
 * script_slices.c - see script_slices.h.
 *
 * Three parts: what perf is and what was asked (plan), the prepass and
 * the slices' bounds, and the slices themselves, whose text goes in order
 * through script_text.h to the output.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "record/script_slices.h"
#include "record/script_text.h"
#include "symbols/inline_text.h"

enum {
	MIN_SLICE_SAMPLES = 20000, /* by default, per slice */
	MAX_SLICES = 64,
	MAX_TIMES = 1 << 20, /* times kept of the prepass (then every 2nd) */
	READ_SIZE = 1 << 20, /* bytes read at once */
	POLL_MS = 200,       /* how often a stop signal is looked for */
};
static const double first_slice_share = 0.6; /* see slice_start */

/*
 * Options whose text depends on the samples before (or that print no
 * samples, or every event): they need one run.
 */
static const char single_run_options[] =
    " --time --reltime --deltatime --max-events --per-event-dump --script"
    " --gen-script --header-only --dump-raw-trace --stitch-lbr --show-info"
    " --show-task-events --show-mmap-events --show-switch-events"
    " --show-namespace-events --show-lost-events --show-round-events"
    " --show-bpf-events --show-cgroup-events --show-text-poke-events"
    " -s -g -D -I ";

/* The option of args that needs one run, or NULL. */
static const char *
single_run_option(char *const *args, size_t nargs)
{
	for (size_t i = 0; i < nargs; i++) {
		const char *a = args[i];
		/* "--time=x": "--time"; "-sx": "-s". */
		size_t n = a[0] == '-' && a[1] != '-' ? 2 : strcspn(a, "=");
		char *name = xasprintf(" %.*s ", (int)n, a);
		bool found = a[0] == '-' && n > 1 &&
		             strstr(single_run_options, name) != NULL;
		free(name);
		if (found)
			return a;
	}
	return NULL;
}

/* ---- running perf, reading its stdout ---- */

struct run;

/* What takes a child's stdout: bytes as they come. */
typedef void (*reader_fn)(struct run *r, void *ctx, const char *p, size_t n);

/* One slice: a perf script child, its text and stderr. */
struct slice {
	pid_t pid;
	int out, err; /* slice 0: out is the pipe; err -1 (o->err_fd) */
	bool ended;   /* reaped */
	struct child_result result;
	uint64_t from, to; /* ns; 0: open */
	unsigned long samples;
};

/* Lines of text, one at a time (a prepass time, an event). */
struct lines {
	char *buf;
	size_t len, cap;
	void (*line)(struct run *r, char *line);
};

/* Sample times of the prepass: all, or every 2^shift-th. */
struct times {
	uint64_t *v;
	size_t n, cap;
	unsigned shift;
	unsigned long seen;
};

struct run {
	const struct script_options *o;
	struct child_args perf; /* the perf command's words */
	struct slice slices[MAX_SLICES];
	unsigned n;
	bool perf_libbfd, perf_inlines, expand;
	const char *single; /* the option that asks for one run, or NULL */
	const char *force;  /* "-f" when given, for evlist and the prepass */
	struct script_events events;
	struct times times;
	int fd; /* the output */
	struct script_text text;
	bool stopped;
	struct sigaction old_pipe;
};

static void
stop_slices(struct run *r)
{
	for (unsigned k = 0; k < r->n; k++) {
		struct slice *s = &r->slices[k];
		if (s->pid > 0 && !s->ended) {
			child_stop(s->pid, &s->result);
			s->ended = true;
		}
	}
}

static void
close_slices(struct run *r)
{
	for (unsigned k = 0; k < r->n; k++) {
		if (r->slices[k].out >= 0)
			close(r->slices[k].out);
		if (r->slices[k].err >= 0)
			close(r->slices[k].err);
		r->slices[k].out = r->slices[k].err = -1;
	}
}

/* A slice failed: stop the others, say so with perf's stderr, exit 1. */
static _Noreturn void
slice_failed(struct run *r, unsigned k)
{
	struct slice *s = &r->slices[k];
	struct stat st;
	char *what;

	stop_slices(r);
	const char *name = r->o->name != NULL ? r->o->name : r->o->input;
	if (r->n == 1)
		what = xasprintf("perf script of %s", name);
	else
		what = xasprintf("perf script of %s (slice %u of %u)", name,
		                 k + 1, r->n);
	int err = s->err;
	if (err < 0 && r->o->err_fd != STDERR_FILENO &&
	    fstat(r->o->err_fd, &st) == 0 && S_ISREG(st.st_mode))
		err = r->o->err_fd;
	child_failed_fd(what, &s->result, err);
}

/*
 * Read fd to its end, handing the bytes to fn; a stop signal ends it
 * early (false).  While it waits, the other slices are looked at: one
 * that failed fails the whole.
 */
static bool
pump(struct run *r, int fd, reader_fn fn, void *ctx, char *buf)
{
	struct pollfd pfd = {fd, POLLIN, 0};

	for (;;) {
		if (child_stopped() != 0)
			return false;
		int ready = poll(&pfd, 1, POLL_MS);
		if (ready < 0 && errno != EINTR)
			die_errno(EXIT_DATA, "poll");
		for (unsigned k = 1; k < r->n; k++) {
			struct slice *s = &r->slices[k];
			if (!s->ended && s->pid > 0 &&
			    child_ended(s->pid, &s->result)) {
				s->ended = true;
				if (!WIFEXITED(s->result.status) ||
				    WEXITSTATUS(s->result.status) != 0)
					slice_failed(r, k);
			}
		}
		if (ready <= 0)
			continue;
		ssize_t got = read(fd, buf, READ_SIZE);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die_errno(EXIT_DATA, "reading perf script's output");
		if (got == 0)
			return true;
		fn(r, ctx, buf, (size_t)got);
	}
}

/* A regular file from its start: no waiting. */
static void
read_file(struct run *r, int fd, reader_fn fn, void *ctx, char *buf)
{
	off_t at = 0;
	ssize_t got;

	while ((got = pread(fd, buf, READ_SIZE, at)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die_errno(EXIT_DATA, "reading a slice's text");
		fn(r, ctx, buf, (size_t)got);
		at += got;
	}
}

static void
lines_feed(struct run *r, void *ctx, const char *p, size_t n)
{
	struct lines *l = ctx;
	const char *end = p + n, *nl;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		size_t take = (size_t)((nl != NULL ? nl : end) - p);
		l->buf = array_reserve(l->buf, &l->cap, l->len + take + 1, 1);
		memcpy(l->buf + l->len, p, take);
		l->len += take;
		p += take;
		if (nl == NULL)
			break;
		l->buf[l->len] = '\0';
		l->line(r, l->buf);
		l->len = 0;
		p++;
	}
}

/*
 * Run `perf ARGS...` (stderr to /dev/null), each line of its stdout to
 * line; true when it exited 0.
 */
static bool
perf_lines(struct run *r, const char *const *args,
           void (*line)(struct run *, char *), char *buf)
{
	struct child_args a = {0};
	struct child_result res;
	int fds[2];

	for (size_t i = 0; i < r->perf.n; i++)
		args_add(&a, r->perf.v[i]);
	for (size_t i = 0; args[i] != NULL; i++)
		args_add(&a, args[i]);
	if (pipe2(fds, O_CLOEXEC) != 0)
		die_errno(EXIT_DATA, "pipe");
	int null = child_open("/dev/null", O_WRONLY);
	struct child_io io = {-1, fds[1], null};
	pid_t pid = child_start(NULL, a.v, &io, &res);
	close(fds[1]);
	close(null);
	args_free(&a);
	struct lines l = {NULL, 0, 0, line};
	bool ok = pid >= 0;
	if (ok && !pump(r, fds[0], lines_feed, &l, buf)) {
		child_stop(pid, &res);
		r->stopped = true;
		ok = false;
	} else if (ok) {
		if (l.len > 0)
			lines_feed(r, &l, "\n", 1);
		ok = child_wait(pid, 0, &res);
	}
	close(fds[0]);
	free(l.buf);
	return ok;
}

/* ---- what perf is, which events are dwarf-unwound ---- */

static void
build_option_line(struct run *r, char *line)
{
	/* "                libbfd: [ on  ]  # HAVE_LIBBFD_SUPPORT" */
	char *at = strstr(line, "libbfd:");
	if (at != NULL && strstr(at, "[ on") != NULL)
		r->perf_libbfd = true;
}

static void
evlist_line(struct run *r, char *line)
{
	script_events_add(&r->events, line);
}

/* srcline asked for in -F: perf must resolve inlined frames itself. */
static bool
asks_srcline(const struct script_options *o)
{
	for (size_t i = 0; i < o->nargs; i++)
		if (strstr(o->args[i], "srcline") != NULL)
			return true;
	return false;
}

static void
plan(struct run *r, char *buf)
{
	const struct script_options *o = r->o;
	bool inline_asked = false;

	for (size_t i = 0; i < o->nargs; i++) {
		inline_asked |= strcmp(o->args[i], "--inline") == 0 ||
		                strcmp(o->args[i], "--no-inline") == 0;
		/* A file of another user's: the prepass needs -f too. */
		if (strcmp(o->args[i], "-f") == 0 ||
		    strcmp(o->args[i], "--force") == 0)
			r->force = "-f";
	}
	r->single = single_run_option(o->args, o->nargs);
	const char *const build[] = {"version", "--build-options", NULL};
	perf_lines(r, build, build_option_line, buf);
	r->perf_inlines = r->perf_libbfd || inline_asked || asks_srcline(o);
	if (r->perf_inlines || r->stopped)
		return;
	const char *const evlist[] = {"evlist", "-v",     "-i",
	                              o->input, r->force, NULL};
	if (!perf_lines(r, evlist, evlist_line, buf) || r->events.n == 0) {
		/* perf script will say what is wrong; expand every sample. */
		r->events.any = true;
		r->events.mixed = false;
	}
	r->expand = r->events.any;
}

/* ---- the prepass and the bounds of the slices ---- */

static void
time_line(struct run *r, char *line)
{
	/* "  262.391763163: " and nothing else */
	struct times *t = &r->times;
	char *p = line, *end;
	while (*p == ' ')
		p++;
	uint64_t sec = strtoull(p, &end, 10);
	if (end == p || *end != '.')
		return;
	p = end + 1;
	uint64_t ns = strtoull(p, &end, 10);
	if (end - p != 9 || *end != ':' || end[1 + strspn(end + 1, " ")] != 0)
		return;
	if ((t->seen++ & ((UINT64_C(1) << t->shift) - 1)) != 0)
		return;
	if (t->n == MAX_TIMES) {
		for (size_t i = 0; i < t->n / 2; i++)
			t->v[i] = t->v[2 * i];
		t->n /= 2;
		t->shift++;
	}
	t->v = array_reserve(t->v, &t->cap, t->n + 1, sizeof *t->v);
	t->v[t->n++] = sec * 1000000000 + ns;
}

static int
compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/*
 * The index, among n sorted sample times, where slice k of want starts.
 * The first slice's text is read as perf writes it, and its inlined
 * frames added, while the other slices run: this process takes a core
 * from that slice's perf.  The others' text is read after, when their
 * perf has ended.  So the first slice holds first_slice_share of what
 * each other holds (on 2 cores, 0.5 to 0.7 was best: 7% faster on a
 * start-up recording, 13% on a steady loop, than equal slices).
 */
static size_t
slice_start(unsigned k, unsigned want, size_t n)
{
	double share =
	    (first_slice_share + (k - 1)) / (first_slice_share + (want - 1));
	size_t i = (size_t)(share * (double)n);
	return i < n ? i : n - 1;
}

/* How many slices, and their bounds; 1 when the prepass cannot tell. */
static void
make_slices(struct run *r, char *buf)
{
	const struct script_options *o = r->o;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned want = o->jobs > 0 ? o->jobs : cpus > 0 ? (unsigned)cpus : 1;

	r->n = 1;
	if (want > MAX_SLICES)
		want = MAX_SLICES;
	if (want <= 1 || r->single != NULL)
		return;
	/* No symbols to load: an empty --symfs. */
	char *dir =
	    xasprintf("%s/perfviews-symfs.XXXXXX", dirs_temp(r->o->tmpdir));
	if (mkdtemp(dir) == NULL)
		die_errno(EXIT_DATA, "%s", dir);
	const char *const prepass[] = {"script", "-i",     o->input, "-F",
	                               "time",   "--ns",   "-G",     "--symfs",
	                               dir,      r->force, NULL};
	bool ok = perf_lines(r, prepass, time_line, buf);
	rmdir(dir);
	free(dir);
	struct times *t = &r->times;
	if (!ok || t->n == 0)
		return;
	unsigned long samples = t->seen;
	if (o->jobs == 0 && want > samples / MIN_SLICE_SAMPLES)
		want = (unsigned)(samples / MIN_SLICE_SAMPLES);
	if (want > t->n)
		want = (unsigned)t->n;
	qsort(t->v, t->n, sizeof *t->v, compare_u64);
	/* A bound equal to the last is dropped: no slice is empty. */
	unsigned n = 1;
	for (unsigned k = 1; k < want; k++) {
		uint64_t b = t->v[slice_start(k, want, t->n)];
		if (b <= r->slices[n - 1].from || b == 0)
			continue;
		r->slices[n - 1].to = b - 1;
		r->slices[n++].from = b;
	}
	r->n = n;
	/* Samples per slice, from the times kept. */
	for (size_t i = 0, k = 0; i < t->n; i++) {
		while (k + 1 < n && t->v[i] >= r->slices[k + 1].from)
			k++;
		r->slices[k].samples += 1UL << t->shift;
	}
}

/* ---- the output ---- */

/* Write n bytes to the output; an error stops the slices first. */
static void
write_all(void *ctx, const char *p, size_t n)
{
	struct run *r = ctx;
	size_t done = 0;

	while (done < n) {
		ssize_t w = write(r->fd, p + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			int e = errno;
			stop_slices(r);
			if (e == EPIPE) { /* as if SIGPIPE had not been held */
				sigaction(SIGPIPE, &r->old_pipe, NULL);
				raise(SIGPIPE);
			}
			errno = e;
			die_errno(EXIT_DATA, "write error");
		}
		done += (size_t)w;
	}
}

static void
text_feed(struct run *r, void *ctx, const char *p, size_t n)
{
	(void)ctx;
	script_text_feed(&r->text, p, n);
}

/* ---- the slices ---- */

static void
slice_args(struct run *r, unsigned k, struct child_args *a)
{
	const struct script_options *o = r->o;
	struct slice *s = &r->slices[k];

	for (size_t i = 0; i < r->perf.n; i++)
		args_add(a, r->perf.v[i]);
	args_add(a, "script");
	args_add(a, "-i");
	args_add(a, o->input);
	if (!r->perf_inlines)
		args_add(a, "--no-inline");
	for (size_t i = 0; i < o->nargs; i++)
		if (k == 0 || strcmp(o->args[i], "--header") != 0)
			args_add(a, o->args[i]);
	if (r->n > 1) {
		char range[64] = "--time=";
		size_t at = strlen(range);
		if (k > 0)
			at += (size_t)snprintf(range + at, sizeof range - at,
			                       "%" PRIu64 ".%09" PRIu64,
			                       s->from / 1000000000,
			                       s->from % 1000000000);
		range[at++] = ',';
		range[at] = '\0';
		if (k + 1 < r->n)
			snprintf(range + at, sizeof range - at,
			         "%" PRIu64 ".%09" PRIu64, s->to / 1000000000,
			         s->to % 1000000000);
		args_add(a, range);
	}
}

static void
start_slices(struct run *r)
{
	int fds[2];

	for (unsigned k = 0; k < r->n; k++) {
		struct slice *s = &r->slices[k];
		struct child_args a = {0};
		slice_args(r, k, &a);
		if (r->o->verbose) {
			fprintf(stderr, "%s: slice %u:", progname, k + 1);
			for (size_t i = 0; i < a.n; i++)
				fprintf(stderr, " %s", a.v[i]);
			fprintf(stderr, "\n");
		}
		if (k == 0) {
			if (pipe2(fds, O_CLOEXEC) != 0)
				die_errno(EXIT_DATA, "pipe");
			s->out = fds[0];
			s->err = -1;
		} else {
			s->out =
			    dirs_scratch_file(r->o->tmpdir, "perfviews-script");
			s->err =
			    dirs_scratch_file(r->o->tmpdir, "perfviews-script");
		}
		struct child_io io = {-1, k == 0 ? fds[1] : s->out,
		                      k == 0 ? r->o->err_fd : s->err};
		s->pid = child_start(NULL, a.v, &io, &s->result);
		if (k == 0)
			close(fds[1]);
		args_free(&a);
		if (s->pid < 0)
			slice_failed(r, k);
	}
}

/* Every slice's text, in order, through the sink; false when stopped. */
static bool
run_slices(struct run *r, char *buf)
{
	start_slices(r);
	struct slice *first = &r->slices[0];
	if (!pump(r, first->out, text_feed, NULL, buf))
		return false;
	first->ended = true;
	if (!child_wait(first->pid, 0, &first->result))
		slice_failed(r, 0);
	for (unsigned k = 1; k < r->n; k++) {
		struct slice *s = &r->slices[k];
		if (!s->ended) {
			bool ok = child_wait(s->pid, 0, &s->result);
			s->ended = true;
			if (child_stopped() != 0)
				return false;
			if (!ok)
				slice_failed(r, k);
		} else if (!WIFEXITED(s->result.status) ||
		           WEXITSTATUS(s->result.status) != 0) {
			slice_failed(r, k);
		}
		read_file(r, s->out, text_feed, NULL, buf);
	}
	script_text_end(&r->text);
	return true;
}

static void
say_what_was_done(const struct run *r)
{
	fprintf(stderr, "%s: perf %s; %s\n%s: %u slice%s", progname,
	        r->perf_libbfd ? "with libbfd" : "without libbfd (addr2line)",
	        r->expand         ? "perf script --no-inline, inlined frames "
	                            "added here (libbfd)"
	        : r->perf_inlines ? "inlined frames as perf makes them"
	                          : "--no-inline, no event with user stacks: "
	                            "nothing to add",
	        progname, r->n, r->n > 1 ? "s" : "");
	if (r->single != NULL)
		fprintf(stderr, " (%s needs one run)", r->single);
	else if (r->n == 1 && r->times.seen == 0)
		fprintf(stderr, " (no prepass or no sample times)");
	if (r->times.seen > 0) {
		fprintf(stderr, " of %lu samples:", r->times.seen);
		for (unsigned k = 0; k < r->n; k++)
			fprintf(stderr, " %s~%lu", k ? "+ " : "",
			        r->slices[k].samples);
	}
	fprintf(stderr, "\n");
	if (r->text.it != NULL) {
		struct inline_text_stats st = inline_text_stats(r->text.it);
		fprintf(stderr,
		        "%s: %lu samples written; %lu frame lines of "
		        "dwarf-unwound samples (%lu distinct), %lu expanded, "
		        "%lu lines added\n",
		        progname, r->text.headers, st.frames, st.distinct,
		        st.expanded, st.added);
	}
}

bool
script_slices_write(const struct script_options *o, int fd)
{
	struct run *r = xcalloc(1, sizeof *r);
	char *buf = xmalloc(READ_SIZE);
	struct sigaction ignore;

	memset(&ignore, 0, sizeof ignore);
	ignore.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ignore, &r->old_pipe);
	child_hold_signals();
	r->o = o;
	for (unsigned k = 0; k < MAX_SLICES; k++)
		r->slices[k].out = r->slices[k].err = -1;
	args_add_words(&r->perf, o->perf, "--perf");
	plan(r, buf);
	if (!r->stopped)
		make_slices(r, buf);
	r->fd = fd;
	struct inline_text *it = NULL;
	if (r->expand)
		it = o->inlines != NULL ? o->inlines : inline_text_new();
	script_text_init(&r->text, it, &r->events, write_all, r);
	bool ok = !r->stopped && run_slices(r, buf);
	if (!ok)
		stop_slices(r);
	else if (o->verbose)
		say_what_was_done(r);
	close_slices(r);
	sigaction(SIGPIPE, &r->old_pipe, NULL);
	if (it != o->inlines)
		inline_text_free(it);
	script_text_free(&r->text);
	script_events_free(&r->events);
	args_free(&r->perf);
	free(r->times.v);
	free(buf);
	free(r);
	return ok;
}
