/*
 * sample_stream.c - see sample_stream.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "input/input_format.h"
#include "input/sample_stream.h"

void
sample_stream_init(struct sample_stream *st,
                   const struct sample_stream_options *opt,
                   struct string_table *names)
{
	memset(st, 0, sizeof *st);
	st->opt = *opt;
	st->names = names;
	frame_cache_init(&st->cache, FRAME_CACHE_BUDGET);
	event_select_init(&st->events, opt->event);
	inline_chains_init(&st->chains);
}

void
sample_stream_free(struct sample_stream *st)
{
	frame_cache_free(&st->cache);
	event_select_free(&st->events);
	inline_chains_free(&st->chains);
	free(st->root_comm);
	free(st->namebuf);
}

/* Fields an input may lack (sample_stream.missing). */
enum { NO_COMM = 1, NO_PID = 2, NO_TID = 4, NO_EVENT = 8, NO_PERIOD = 16 };

/* Say once that the input lacks a field the options need. */
static void
missing_field(struct sample_stream *st, const struct perf_sample *s,
              unsigned field, const char *what)
{
	if (st->missing & field)
		return;
	st->missing |= field;
	warnmsg("%s:%lu: %s", st->input, s->lineno, what);
}

/* "comm", "comm-PID" or "comm-PID/TID", interned in the caller's names. */
static uint32_t
make_root_name(struct sample_stream *st, const struct perf_sample *s)
{
	static const char unknown[] = "[unknown]";
	st->namebuf = array_reserve(st->namebuf, &st->namebuf_cap,
	                            s->comm.n + sizeof unknown + 48, 1);
	char *p = st->namebuf;
	size_t n = comm_tidy(s->comm, p);

	if (s->comm.n == 0) {
		missing_field(st, s, NO_COMM,
		              "no command name in the header (perf script -F "
		              "+comm): stacks without one are rooted at "
		              "[unknown]");
		memcpy(p, unknown, sizeof unknown - 1);
		n = sizeof unknown - 1;
	}
	if (st->opt.root != ROOT_COMM) {
		if (s->pid >= 0) {
			n += (size_t)sprintf(p + n, "-%lld", (long long)s->pid);
		} else {
			missing_field(
			    st, s, NO_PID,
			    "no process id in the header (a lone number is "
			    "the thread id; perf script -F +pid,+tid prints "
			    "both): roots without one read COMM-?");
			n += (size_t)sprintf(p + n, "-?");
		}
	}
	if (st->opt.root == ROOT_TID) {
		if (s->tid >= 0) {
			n += (size_t)sprintf(p + n, "/%lld", (long long)s->tid);
		} else {
			missing_field(
			    st, s, NO_TID,
			    "no thread id in the header (perf script -F "
			    "+tid): roots without one read COMM-PID/?");
			n += (size_t)sprintf(p + n, "/?");
		}
	}
	return string_table_intern(st->names, span_make(p, n));
}

/* The root name of a sample: the previous sample's when it is the same. */
static uint32_t
root_name(struct sample_stream *st, const struct perf_sample *s)
{
	if (st->root_valid && s->pid == st->root_pid &&
	    s->tid == st->root_tid && s->comm.n == st->root_comm_len &&
	    (s->comm.n == 0 ||
	     memcmp(s->comm.p, st->root_comm, s->comm.n) == 0))
		return st->root_name;
	st->root_comm =
	    array_reserve(st->root_comm, &st->root_comm_cap, s->comm.n + 1, 1);
	if (s->comm.n > 0)
		memcpy(st->root_comm, s->comm.p, s->comm.n);
	st->root_comm_len = s->comm.n;
	st->root_pid = s->pid;
	st->root_tid = s->tid;
	st->root_name = make_root_name(st, s);
	st->root_valid = true;
	return st->root_name;
}

void
sample_stream_take(struct sample_stream *st, struct perf_sample *s)
{
	if (!event_select_take(&st->events, s->event)) {
		event_select_check(&st->events, st->input, s->lineno);
		return;
	}
	if (!s->has_period && st->opt.period)
		missing_field(st, s, NO_PERIOD,
		              "no period in the header (perf script -F "
		              "+period): samples without one weigh 1");
	if (s->event.n == 0 && st->opt.event != NULL)
		missing_field(st, s, NO_EVENT,
		              "no event name in the header (perf script "
		              "-F +event): --event cannot choose, samples "
		              "without one are all shown");
	s->nframes = inline_chains_split(&st->chains, &st->cache.frames,
	                                 s->frames, s->nframes, &s->frames);
	if (st->rewrite != NULL)
		s->nframes = st->rewrite(st->rewrite_ctx, &st->cache.frames,
		                         s->frames, s->nframes, &s->frames);
	st->sample(st->ctx, s, root_name(st, s));
	st->samples++;
}

static void
read_perf(struct sample_stream *st, struct perf_reader *r)
{
	struct perf_sample s;
	uint32_t runs_before = st->run;

	bool before_runs = false; /* a sample before the first run line */

	r->cache = &st->cache;
	while (perf_reader_next(r, &s)) {
		/* The run lines read before this sample (run_marks.h). */
		st->run = runs_before + (uint32_t)r->runs.starts;
		before_runs |= r->runs.starts == 0;
		sample_stream_take(st, &s);
	}
	st->run = runs_before + (uint32_t)r->runs.starts;
	perf_reader_summary(r);
	st->text_runs.runs = r->runs.starts + (before_runs ? 1 : 0);
	st->text_runs.not_whole = r->runs.not_whole;
	st->text_runs.whole = run_marks_state(&r->runs);
	st->text_runs.samples = r->samples;
	st->saw_perf = true;
}

/* Take over the perf reader's buffered lines, already partly peeked at. */
static void
read_folded(struct sample_stream *st, struct perf_reader *from)
{
	struct folded_reader r;
	struct folded_line line;

	folded_reader_init(&r, from->lines.fd, from->lines.name);
	line_reader_free(&r.lines);
	r.lines = from->lines;
	memset(&from->lines, 0, sizeof from->lines);
	while (folded_reader_next(&r, &line)) {
		st->folded(st->ctx, &line);
		st->samples++;
	}
	folded_reader_summary(&r);
	if (r.ncounts == 2)
		warnmsg("%s: a diff file; showing its first counts",
		        r.lines.name);
	folded_reader_free(&r);
	st->saw_folded = true;
}

void
sample_stream_read(struct sample_stream *st, const char *path)
{
	struct perf_reader r;
	/* Text is read from this one opening; a perf.data, told by its
	 * first bytes, is closed here and opened again by its reader. */
	int fd = input_open(path);

	if (st->read_perf_data != NULL && strcmp(path, "-") != 0 &&
	    input_fd_is_perf_data(fd)) {
		input_close(fd);
		st->input = path;
		st->read_perf_data(st, path);
		st->saw_perf = true;
		return;
	}

	perf_reader_init(&r, fd, input_name(path));
	st->input = r.lines.name;
	r.lines.strict = st->opt.strict;
	if (input_format_require(
	        &r.lines,
	        ACCEPT_PERF | (st->folded != NULL ? ACCEPT_FOLDED : 0)) ==
	    INPUT_FOLDED)
		read_folded(st, &r);
	else
		read_perf(st, &r);
	perf_reader_free(&r);
	input_close(fd);
}

static void
read_one(void *ctx, const char *path)
{
	sample_stream_read(ctx, path);
}

void
sample_stream_read_all(struct sample_stream *st, int argc, char *const argv[])
{
	each_input(argc, argv, read_one, st);
}

bool
sample_stream_finish(struct sample_stream *st)
{
	event_select_report(&st->events);
	if (st->samples > 0)
		return true;
	/* The report named the events there were instead of the one asked. */
	if (st->opt.event == NULL || st->events.events.count == 0)
		warnmsg("no samples%s%s", st->opt.event ? " of event " : "",
		        st->opt.event ? st->opt.event : "");
	return false;
}
