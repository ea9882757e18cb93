/*
 * runs.c - see runs.h.
 */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "dataset/runs.h"
#include "input/perf_script.h"

extern char **environ;

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

void
raw_open(struct raw_input *in, const char *path)
{
	memset(in, 0, sizeof *in);
	in->name = input_name(path);
	in->fd = input_open(path);
	if (!ends_with(path, ".xz"))
		return;
	/* xz reads the file we opened: one wording for a missing file. */
	int pipefd[2];
	posix_spawn_file_actions_t fa;
	char *argv[] = {"xz", "-dc", NULL};
	if (pipe(pipefd) != 0)
		die_errno(EXIT_DATA, "pipe");
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in->fd, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	int err = posix_spawnp(&in->xz, "xz", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err != 0) {
		errno = err;
		die_errno(EXIT_DATA, "%s: cannot run xz -dc", in->name);
	}
	close(pipefd[1]);
	input_close(in->fd);
	in->fd = pipefd[0];
	snprintf(in->path, sizeof in->path, "/dev/fd/%d", in->fd);
}

void
raw_close(struct raw_input *in)
{
	int status;

	input_close(in->fd);
	if (in->xz == 0)
		return;
	while (waitpid(in->xz, &status, 0) == -1)
		if (errno != EINTR)
			die_errno(EXIT_DATA, "waitpid");
	in->xz = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die(EXIT_DATA, "%s: xz -dc failed", in->name);
}

const char *
raw_path(const struct raw_input *in, const char *path)
{
	return in->xz != 0 ? in->path : path;
}

/* What the reader has seen so far: lines, and the runs they began. */
struct indexing {
	struct run_index *ix;
	unsigned long lines; /* newlines read so far */
};

static void
new_run(struct run_index *ix, unsigned long marker_line)
{
	ix->runs =
	    array_reserve(ix->runs, &ix->cap, ix->nruns + 1, sizeof *ix->runs);
	ix->runs[ix->nruns++].marker_line = marker_line;
}

static unsigned long
count_lines(struct span text)
{
	const char *p = text.p, *end = text.p + text.n;
	unsigned long n = 0;

	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n++;
		p++;
	}
	return n;
}

/* The text between samples: whole lines, markers among them. */
static void
index_gap(void *ctx, struct span text)
{
	struct indexing *g = ctx;
	const char *p = text.p, *end = text.p + text.n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl != NULL ? nl + 1 : end;
		if (span_starts_with(span_make(p, (size_t)(next - p)),
		                     RUN_MARKER))
			new_run(g->ix, g->lines + 1);
		if (nl != NULL)
			g->lines++;
		p = next;
	}
}

void
run_index_read(struct run_index *ix, const char *path)
{
	struct indexing g = {ix, 0};
	struct raw_input in;
	struct perf_reader r;
	struct perf_sample s;

	memset(ix, 0, sizeof *ix);
	string_table_init(&ix->events);
	raw_open(&in, path);
	perf_reader_init(&r, in.fd, in.name);
	r.skip_frames = true;
	r.gap = index_gap;
	r.gap_ctx = &g;
	while (perf_reader_next(&r, &s)) {
		if (ix->nruns == 0)
			new_run(ix, 0); /* samples before any marker */
		if (ix->event == NULL)
			ix->event = xstrndup(s.event.p, s.event.n);
		ix->runs[ix->nruns - 1].samples++;
		uint32_t e = string_table_intern(&ix->events, s.event);
		ix->event_samples =
		    array_reserve(ix->event_samples, &ix->event_cap,
		                  (size_t)e + 1, sizeof *ix->event_samples);
		ix->event_samples[e]++;
		g.lines += count_lines(s.text);
	}
	perf_reader_summary(&r);
	perf_reader_free(&r);
	raw_close(&in);
}

void
run_index_free(struct run_index *ix)
{
	free(ix->runs);
	free(ix->event);
	free(ix->event_samples);
	string_table_free(&ix->events);
	memset(ix, 0, sizeof *ix);
}

static void
set_or_die(struct metadata *m, const char *field, const char *value)
{
	char why[256];

	if (!metadata_set(m, field, value, why, sizeof why))
		die(EXIT_DATA, "%s", why);
}

unsigned long
run_index_describe(const struct run_index *ix, struct metadata *m)
{
	char *list = xcalloc(ix->nruns * 21 + 2, 1), number[24];
	unsigned long total = 0;
	size_t len = 0;

	for (size_t i = 0; i < ix->nruns; i++) {
		len += (size_t)sprintf(list + len, "%s%lu", i ? " " : "",
		                       ix->runs[i].samples);
		total += ix->runs[i].samples;
	}
	snprintf(number, sizeof number, "%lu", total);
	set_or_die(m, "samples.total", number);
	set_or_die(m, "samples.per_run", ix->nruns > 0 ? list : " ");
	if (metadata_get(m, "tool.event") == NULL && ix->event != NULL)
		set_or_die(m, "tool.event", ix->event);
	free(list);
	/* "page-faults=806 major-faults=2" */
	size_t cap = 2, n = 0;
	for (uint32_t e = 0; e < ix->events.count; e++)
		cap += string_table_get(&ix->events, e).n + 24;
	char *by_event = xcalloc(cap, 1);
	for (uint32_t e = 0; e < ix->events.count; e++)
		n += (size_t)snprintf(
		    by_event + n, cap - n, "%s%s=%lu", e ? " " : "",
		    string_table_cstr(&ix->events, e), ix->event_samples[e]);
	set_or_die(m, "samples.by_event", n > 0 ? by_event : " ");
	free(by_event);
	return total;
}

void
run_index_describe_file(struct metadata *m, const char *path)
{
	struct run_index ix;
	const char *runs = metadata_get(m, "tool.runs");

	run_index_read(&ix, path);
	run_index_describe(&ix, m);
	if (runs != NULL && strtoul(runs, NULL, 10) != ix.nruns)
		warnmsg("%s: %zu runs, but the ID says %s", input_name(path),
		        ix.nruns, runs);
	run_index_free(&ix);
}

size_t
run_index_find(const struct run_index *ix, unsigned long lineno)
{
	size_t lo = 0, hi = ix->nruns;

	/* The last run whose marker is before the line. */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ix->runs[mid].marker_line < lineno)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

char *
raw_dataset_name(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	static const char *const suffixes[] = {"-raw.txt.xz", "-raw.txt"};
	for (size_t i = 0; i < 2; i++)
		if (ends_with(base, suffixes[i]) &&
		    strlen(base) > strlen(suffixes[i]))
			return xstrndup(base,
			                strlen(base) - strlen(suffixes[i]));
	return xstrdup(base);
}
