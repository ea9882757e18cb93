/*
 * runs.c - see runs.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "input/input_format.h"
#include "input/perf_script.h"
#include "input/run_marks.h"

void
raw_header_write(int fd, const char *name, const char *id, unsigned runs)
{
	char *text = xasprintf(
	    RAW_HEADER_FIRST_LINE
	    "# perfviews raw file of data set %s: the `perf script` text of "
	    "%u run%s,\n"
	    "# each after a \"" RUN_MARK_START "N/%u\" line (perfviews(5))\n"
	    "# ========\n"
	    "#\n",
	    id, runs, runs == 1 ? "" : "s", runs);
	size_t n = strlen(text);

	if (write(fd, text, n) != (ssize_t)n)
		die_errno(EXIT_DATA, "%s", name);
	free(text);
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
		                     RUN_MARK_START))
			new_run(g->ix, g->lines + 1);
		if (nl != NULL)
			g->lines++;
		p = next;
	}
}

void
run_index_read(struct run_index *ix, const char *path, bool strict)
{
	struct indexing g = {ix, 0};
	struct perf_reader r;
	struct perf_sample s;

	memset(ix, 0, sizeof *ix);
	string_table_init(&ix->events);
	string_table_init(&ix->comms);
	int fd = input_open(path);
	perf_reader_init(&r, fd, input_name(path));
	r.runs.strict = strict;
	input_format_require(&r.lines, ACCEPT_PERF);
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
		uint32_t c = string_table_intern(&ix->comms, s.comm);
		ix->comm_samples =
		    array_reserve(ix->comm_samples, &ix->comm_cap,
		                  (size_t)c + 1, sizeof *ix->comm_samples);
		ix->comm_samples[c]++;
		/* A -X perf frame line: "\t    7f0a1b2c py::advance:/x.py". */
		if (memmem(s.text.p, s.text.n, " py::", 5) != NULL)
			ix->python_samples++;
		g.lines += count_lines(s.text);
	}
	perf_reader_summary(&r);
	ix->whole = run_marks_state(&r.runs);
	ix->not_whole = r.runs.not_whole;
	perf_reader_free(&r);
	input_close(fd);
}

off_t
run_text_start(int fd, const char *path, uint32_t n, uint32_t m,
               const char *words)
{
	char line[RUN_MARK_SIZE];
	int len = run_mark_start(line, n, m, words);

	if (write(fd, line, (size_t)len) != len)
		die_errno(EXIT_DATA, "%s", path);
	off_t at = lseek(fd, 0, SEEK_END);
	if (at < 0)
		die_errno(EXIT_DATA, "%s", path);
	return at;
}

unsigned long
run_text_end(int fd, const char *path, uint32_t n, uint32_t m, off_t from)
{
	struct perf_reader r;
	struct perf_sample s;
	char line[RUN_MARK_SIZE];
	int in = open(path, O_RDONLY | O_CLOEXEC);

	if (in < 0 || lseek(in, from, SEEK_SET) != from)
		die_errno(EXIT_DATA, "%s", path);
	perf_reader_init(&r, in, path);
	r.skip_frames = true;
	while (perf_reader_next(&r, &s))
		;
	unsigned long samples = r.samples;
	perf_reader_free(&r);
	close(in);
	int len = run_mark_end(line, n, m, samples);
	if (write(fd, line, (size_t)len) != len)
		die_errno(EXIT_DATA, "%s", path);
	return samples;
}

void
run_index_free(struct run_index *ix)
{
	free(ix->runs);
	free(ix->event);
	free(ix->event_samples);
	string_table_free(&ix->events);
	free(ix->comm_samples);
	string_table_free(&ix->comms);
	memset(ix, 0, sizeof *ix);
}

/* A list field of NAME=COUNT words, names made word-safe. */
static void
set_counts(struct metadata *m, const char *field,
           const struct string_table *names, const unsigned long *counts)
{
	size_t cap = 2, n = 0;

	for (uint32_t i = 0; i < names->count; i++)
		cap += string_table_get(names, i).n + 24;
	char *list = xcalloc(cap, 1);
	for (uint32_t i = 0; i < names->count; i++) {
		if (n > 0)
			list[n++] = ' ';
		/* A comm may hold spaces ("Web Content"): a list is words. */
		struct span name = string_table_get(names, i);
		for (size_t j = 0; j < name.n; j++)
			list[n++] = name.p[j] == ' ' ? '_' : name.p[j];
		n += (size_t)snprintf(list + n, cap - n, "=%lu", counts[i]);
	}
	metadata_set_or_die(m, field, n > 0 ? list : " ");
	free(list);
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
	metadata_set_or_die(m, "samples.total", number);
	snprintf(number, sizeof number, "%lu", ix->python_samples);
	metadata_set_or_die(m, "samples.python", number);
	metadata_set_or_die(m, "samples.per_run", ix->nruns > 0 ? list : " ");
	if (ix->whole != NULL && *ix->whole != '\0')
		metadata_set_or_die(m, "samples.runs_whole", ix->whole);
	if (metadata_get(m, "tool.event") == NULL && ix->event != NULL)
		metadata_set_or_die(m, "tool.event", ix->event);
	free(list);
	/* "page-faults=806 major-faults=2", "python3.12=5000 perf-exec=3" */
	set_counts(m, "samples.by_event", &ix->events, ix->event_samples);
	set_counts(m, "samples.by_comm", &ix->comms, ix->comm_samples);
	return total;
}

void
run_index_describe_file(struct metadata *m, const char *path, bool strict)
{
	struct run_index ix;
	const char *runs = metadata_get(m, "tool.runs");

	run_index_read(&ix, path, strict);
	run_index_describe(&ix, m);
	if (runs != NULL && strtoul(runs, NULL, 10) != ix.nruns)
		warnmsg("%s: %zu runs, but the ID says %s", input_name(path),
		        ix.nruns, runs);
	run_index_free(&ix);
}

char *
raw_shortfall(const struct sample_stream_runs *read, const struct metadata *m)
{
	const char *runs = metadata_get(m, "tool.runs");
	const char *total = metadata_get(m, "samples.total");

	if (runs == NULL || total == NULL)
		return NULL;
	bool unknown = strcmp(read->whole, "unknown") == 0;
	unsigned long whole = read->runs - read->not_whole;
	if (read->not_whole == 0 && read->samples == strtoul(total, NULL, 10) &&
	    read->runs == strtoul(runs, NULL, 10))
		return NULL;
	return xasprintf("%lu of %s runs %s, %lu of %s samples read", whole,
	                 runs,
	                 unknown ? "read (whether whole is unknown: no end "
	                           "lines)"
	                         : "whole",
	                 read->samples, total);
}

char *
raw_file_shortfall(const char *path, const struct metadata *m)
{
	struct run_index ix;
	struct sample_stream_runs read = {0};

	if (metadata_get(m, "tool.runs") == NULL ||
	    metadata_get(m, "samples.total") == NULL)
		return NULL;
	run_index_read(&ix, path, false);
	for (size_t i = 0; i < ix.nruns; i++)
		read.samples += ix.runs[i].samples;
	read.runs = ix.nruns;
	read.not_whole = ix.not_whole;
	read.whole = ix.whole;
	char *text = raw_shortfall(&read, m);
	run_index_free(&ix);
	return text;
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
	return file_kind_id_or_name(path, "raw");
}
