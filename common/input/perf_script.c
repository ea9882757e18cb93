/*
 * perf_script.c - see perf_script.h.
 *
 * Each call reads in two steps.  First it finds the extent of one record:
 * comment, blank and bad lines before a header go to the gap, then the
 * header, then every line up to a blank line or the next header.  The
 * line reader keeps the record contiguous while it is found.  Then it
 * parses the record's lines from the stored extents, now that the buffer
 * will not move, so frame spans can point into it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "input/perf_script.h"

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
is_blank(struct span line)
{
	/* Most lines end in a non-space: no need to look at the rest. */
	if (line.n > 0 && !is_blank_char(line.p[line.n - 1]))
		return false;
	for (size_t i = 0; i < line.n; i++)
		if (!is_blank_char(line.p[i]))
			return false;
	return true;
}

/* The next whitespace-separated token at or after *p, before end. */
static struct span
next_token(const char **p, const char *end)
{
	const char *q = *p;

	while (q < end && is_blank_char(*q))
		q++;
	const char *start = q;
	while (q < end && !is_blank_char(*q))
		q++;
	*p = q;
	return span_make(start, (size_t)(q - start));
}

static bool
all_digits(struct span t)
{
	if (t.n == 0)
		return false;
	for (size_t i = 0; i < t.n; i++)
		if (!is_digit(t.p[i]))
			return false;
	return true;
}

static int64_t
parse_decimal(struct span t)
{
	int64_t v = 0;

	for (size_t i = 0; i < t.n && v < INT64_MAX / 10 - 10; i++)
		v = v * 10 + (t.p[i] - '0');
	return v;
}

/* "PID" or "PID/TID". */
static bool
parse_pid_token(struct span t, struct perf_sample *s)
{
	const char *slash = memchr(t.p, '/', t.n);

	if (slash == NULL) {
		if (!all_digits(t))
			return false;
		s->pid = -1;
		s->tid = parse_decimal(t);
		return true;
	}
	struct span a = span_make(t.p, (size_t)(slash - t.p));
	struct span b = span_make(slash + 1, t.n - a.n - 1);
	if (!all_digits(a) || !all_digits(b))
		return false;
	s->pid = parse_decimal(a);
	s->tid = parse_decimal(b);
	return true;
}

/* "[003]" */
static bool
parse_cpu_token(struct span t, int *cpu)
{
	if (t.n < 3 || t.p[0] != '[' || t.p[t.n - 1] != ']')
		return false;
	struct span d = span_make(t.p + 1, t.n - 2);
	if (!all_digits(d))
		return false;
	*cpu = (int)parse_decimal(d);
	return true;
}

/* "12345.678901:" */
static bool
is_time_token(struct span t)
{
	if (t.n < 2 || t.p[t.n - 1] != ':')
		return false;
	bool dot = false;
	for (size_t i = 0; i + 1 < t.n; i++) {
		if (t.p[i] == '.' && !dot && i > 0)
			dot = true;
		else if (!is_digit(t.p[i]))
			return false;
	}
	return true;
}

/* "cpu-clock:ppp:", "syscalls:sys_enter_read:" */
static bool
is_event_token(struct span t)
{
	return t.n >= 2 && t.p[t.n - 1] == ':' && !is_digit(t.p[0]);
}

/*
 * What follows the pid: [cpu] [time:] [period] event: [trace].  True when it
 * has that shape; the fields are stored in s.
 */
static bool
parse_header_tail(const char *p, const char *end, struct perf_sample *s)
{
	struct span t = next_token(&p, end);

	s->cpu = -1;
	if (parse_cpu_token(t, &s->cpu))
		t = next_token(&p, end);
	s->time = span_make(NULL, 0);
	if (is_time_token(t)) {
		s->time = span_make(t.p, t.n - 1);
		t = next_token(&p, end);
	}
	s->period = 1;
	s->has_period = false;
	if (all_digits(t)) {
		s->period = (uint64_t)parse_decimal(t);
		s->has_period = true;
		t = next_token(&p, end);
	}
	if (!is_event_token(t))
		return false;
	s->event = span_make(t.p, t.n - 1);
	s->trace = span_trim(span_make(p, (size_t)(end - p)));
	return true;
}

bool
perf_header_parse(struct span line, struct perf_sample *s)
{
	const char *p = line.p, *end = line.p + line.n;

	if (line.n == 0 || is_blank_char(line.p[0]) || line.p[0] == '#')
		return false;
	/* The comm is at least one token; it may hold spaces and digits. */
	next_token(&p, end);
	while (p < end) {
		const char *comm_end = p;
		struct span t = next_token(&p, end);
		if (t.n == 0)
			break;
		if (!is_digit(t.p[0]))
			continue;
		if (parse_pid_token(t, s) && parse_header_tail(p, end, s)) {
			s->comm =
			    span_make(line.p, (size_t)(comm_end - line.p));
			return true;
		}
	}
	return false;
}

bool
perf_script_detect(struct span head)
{
	struct perf_sample s;
	struct span line = first_text_line(head, false);

	return line.p != NULL && perf_header_parse(line, &s);
}

void
perf_reader_init(struct perf_reader *r, int fd, const char *name)
{
	memset(r, 0, sizeof *r);
	line_reader_init(&r->lines, fd, name);
}

void
perf_reader_free(struct perf_reader *r)
{
	if (r->own_cache != NULL) {
		frame_cache_free(r->own_cache);
		free(r->own_cache);
	}
	line_reader_free(&r->lines);
	free(r->frames);
	free(r->extents);
}

void
perf_reader_summary(const struct perf_reader *r)
{
	line_reader_summary(&r->lines);
}

static void
add_extent(struct perf_reader *r, size_t n, struct span line,
           const char *record)
{
	if (n == r->extents_cap) {
		r->extents_cap = r->extents_cap ? r->extents_cap * 2 : 256;
		r->extents = xreallocarray(r->extents, r->extents_cap,
		                           sizeof *r->extents);
	}
	r->extents[n].off = (uint32_t)(line.p - record);
	r->extents[n].len = (uint32_t)line.n;
}

static struct perf_frame *
new_frame(struct perf_reader *r, size_t n)
{
	if (n == r->frames_cap) {
		r->frames_cap = r->frames_cap ? r->frames_cap * 2 : 128;
		r->frames =
		    xreallocarray(r->frames, r->frames_cap, sizeof *r->frames);
	}
	return &r->frames[n];
}

enum { GAP_CHUNK = 1 << 20 };

static void
gap_flush(struct perf_reader *r, struct span text)
{
	if (r->gap != NULL && text.n > 0)
		r->gap(r->gap_ctx, text);
}

/*
 * A frame line that ends the input without its "(dso)", in an input whose
 * frames name their DSOs: the file was cut in the middle of it.
 */
static bool
truncated_frame(const struct perf_reader *r, struct span line)
{
	struct span t = span_trim(line);
	return r->saw_dso && t.n > 0 && t.p[t.n - 1] != ')';
}

/*
 * Find the next record.  Returns the number of its lines, with their extents
 * in r->extents relative to the mark; 0 at end of input.  *record_off is
 * where the header starts, relative to the mark.
 */
static size_t
find_record(struct perf_reader *r, struct perf_sample *s, size_t *record_off,
            unsigned long *header_lineno, unsigned long *generation)
{
	struct line_reader *lr = &r->lines;
	struct perf_sample scratch;
	struct span line;
	size_t n = 0;

	line_reader_mark(lr);
	while (line_reader_next(lr, &line)) {
		const char *base = line_reader_marked(lr).p;
		if (n == 0 && line.p - base > GAP_CHUNK) {
			/* Text between samples must not pile up. */
			gap_flush(r, span_make(base, (size_t)(line.p - base)));
			line_reader_mark_last(lr);
			base = line_reader_marked(lr).p;
		}
		if (n == 0) {
			if (lr->too_long) {
				line_reader_bad(&r->lines, lr->lineno,
				                "line too long");
				continue;
			}
			if (line.n == 0 || line.p[0] == '#' || is_blank(line))
				continue;
			if (!perf_header_parse(line, s)) {
				line_reader_bad(
				    &r->lines, lr->lineno,
				    is_blank_char(line.p[0])
				        ? "frame line outside a sample"
				        : "unrecognised header line");
				continue;
			}
			*record_off = (size_t)(line.p - base);
			*header_lineno = lr->lineno;
			*generation = lr->generation;
			add_extent(r, n++, line, base);
			continue;
		}
		if (lr->too_long) {
			add_extent(r, n++, span_make(line.p, 0), base);
			line_reader_bad(&r->lines, lr->lineno, "line too long");
			continue;
		}
		if (is_blank(line))
			break;
		if (!is_blank_char(line.p[0]) && line.p[0] != '#' &&
		    perf_header_parse(line, &scratch)) {
			line_reader_unget(lr);
			break;
		}
		add_extent(r, n++, line, base);
	}
	r->cut_at_end = n > 0 && lr->unterminated && lr->pos == lr->end;
	return n;
}

bool
perf_reader_next(struct perf_reader *r, struct perf_sample *s)
{
	size_t record_off = 0;
	unsigned long lineno = 0, generation = 0;
	size_t nlines = find_record(r, s, &record_off, &lineno, &generation);
	struct span all = line_reader_marked(&r->lines);

	if (nlines == 0) {
		gap_flush(r, all);
		return false;
	}
	gap_flush(r, span_make(all.p, record_off));
	s->text = span_make(all.p + record_off, all.n - record_off);
	s->lineno = lineno;

	/* The header was parsed in place; parse again if the data moved. */
	if (generation != r->lines.generation) {
		struct span header =
		    span_make(all.p + r->extents[0].off, r->extents[0].len);
		perf_header_parse(header, s);
	}
	if (r->skip_frames) {
		s->frames = r->frames;
		s->nframes = 0;
		r->samples++;
		return true;
	}
	if (r->cache == NULL) {
		r->own_cache = xmalloc(sizeof *r->own_cache);
		frame_cache_init(r->own_cache, FRAME_CACHE_BUDGET);
		r->cache = r->own_cache;
	}

	size_t nframes = 0;
	struct perf_frame *f;
	bool srcline_allowed = false;

	/* perf script without call graphs puts the one frame on the header. */
	if (s->trace.n > 0 &&
	    frame_cache_parse(r->cache, s->trace, new_frame(r, 0)) &&
	    r->frames[0].dso.n > 0) {
		nframes = 1;
		s->trace = span_make(NULL, 0);
	}
	for (size_t i = 1; i < nlines; i++) {
		struct span line =
		    span_make(all.p + r->extents[i].off, r->extents[i].len);
		if (line.n == 0) /* a line cut for its length */
			continue;
		if (line.p[0] == '#')
			continue;
		f = new_frame(r, nframes);
		if (i == nlines - 1 && r->cut_at_end &&
		    truncated_frame(r, line)) {
			line_reader_bad(
			    &r->lines, lineno + i,
			    "frame line cut short by the end of the "
			    "input");
		} else if (frame_cache_parse(r->cache, line, f)) {
			r->saw_dso |= f->dso.n > 0;
			nframes++;
			srcline_allowed = true;
		} else if (srcline_allowed && is_blank_char(line.p[0]) &&
		           perf_srcline_looks_valid(span_trim(line))) {
			r->frames[nframes - 1].srcline = span_trim(line);
			srcline_allowed = false;
		} else {
			line_reader_bad(&r->lines, lineno + i,
			                "unrecognised frame line");
		}
	}
	s->frames = r->frames;
	s->nframes = nframes;
	r->samples++;
	return true;
}
