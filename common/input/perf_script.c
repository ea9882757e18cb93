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

/*
 * The next whitespace-separated token at or after *p, before end; *blanks
 * is the number of blanks and tabs skipped to reach it.
 */
static struct span
next_token(const char **p, const char *end, size_t *blanks)
{
	const char *q = *p;

	while (q < end && is_blank_char(*q))
		q++;
	*blanks = (size_t)(q - *p);
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
	if (t.n < 3 || t.n > 12 || t.p[0] != '[' || t.p[t.n - 1] != ']')
		return false;
	struct span d = span_make(t.p + 1, t.n - 2);
	if (!all_digits(d))
		return false;
	*cpu = (int)parse_decimal(d);
	return true;
}

/* "12345.678901:" (with --ns, nine decimals) */
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

/* 1 to 16 hex digits: an address as perf prints it ("%16lx"). */
static bool
is_address_token(struct span t)
{
	if (t.n == 0 || t.n > 16)
		return false;
	for (size_t i = 0; i < t.n; i++) {
		char c = t.p[i];
		if (!is_digit(c) && !(c >= 'a' && c <= 'f'))
			return false;
	}
	return true;
}

/*
 * perf prints every header field with a blank after it and an address
 * right-aligned in 16 columns: the ip of a sample without call chain after
 * one more blank (" %16lx", so 18 columns from the field before), the +addr
 * text without it (17 columns), and the ip after the +addr text after one
 * blank (17 columns).  That alignment is what tells an address from a pid,
 * a period or a symbol named "f": those come with fewer blanks.
 */
enum { ADDRESS_COLUMNS = 17, IP_COLUMNS = 18 };

static bool
aligned(struct span t, size_t blanks, size_t columns)
{
	return is_address_token(t) && blanks + t.n >= columns;
}

/*
 * The frame on a header line, in rest (what follows the fields; indent
 * blanks before it): the last address aligned as perf aligns the ip, with
 * what follows it.  For hand-written input without perf's alignment, a
 * rest that is one whole frame with a DSO is taken too.  Empty when none.
 */
static struct span
find_header_ip(struct span rest, size_t indent)
{
	const char *p = rest.p, *end = rest.p + rest.n;
	const char *found = NULL;
	size_t blanks;
	bool first = true;

	for (;;) {
		struct span t = next_token(&p, end, &blanks);
		if (t.n == 0)
			break;
		if (aligned(t, first ? indent : blanks,
		            first ? IP_COLUMNS : ADDRESS_COLUMNS))
			found = t.p;
		first = false;
	}
	if (found != NULL)
		return span_make(found, (size_t)(end - found));

	struct perf_frame f;
	const char *q = rest.p;
	struct span t = next_token(&q, end, &blanks);
	if (is_address_token(t) && indent + t.n < ADDRESS_COLUMNS &&
	    rest.p[rest.n - 1] == ')' && perf_frame_parse(rest, &f) &&
	    f.dso.n > 0)
		return rest;
	return span_make(NULL, 0);
}

/*
 * The fields after the comm (from p), each optional but in perf's order:
 * [pid[/tid]] [[cpu]] [time:] [period] [event:] [rest].  The rest (tracepoint
 * fields, the +addr text, the ip) follows the event, or starts at an
 * aligned address.  Returns the kind of line.
 */
static enum perf_line_kind
parse_fields(const char *p, const char *end, struct perf_sample *s)
{
	enum { AT_PID, AT_CPU, AT_TIME, AT_PERIOD, AT_EVENT } next = AT_PID;
	const char *rest = end;
	size_t blanks, indent = 0;

	for (;;) {
		struct span t = next_token(&p, end, &blanks);
		if (t.n == 0)
			break;
		if (aligned(t, blanks, IP_COLUMNS)) {
			rest = t.p;
			indent = blanks;
			break;
		}
		if (next <= AT_PID && parse_pid_token(t, s)) {
			s->fields |= PERF_FIELD_PID;
			next = AT_CPU;
		} else if (next <= AT_CPU && parse_cpu_token(t, &s->cpu)) {
			s->fields |= PERF_FIELD_CPU;
			next = AT_TIME;
		} else if (next <= AT_TIME && is_time_token(t)) {
			s->time = span_make(t.p, t.n - 1);
			s->fields |= PERF_FIELD_TIME;
			next = AT_PERIOD;
		} else if (next <= AT_PERIOD && all_digits(t)) {
			s->period = (uint64_t)parse_decimal(t);
			s->has_period = true;
			s->fields |= PERF_FIELD_PERIOD;
			next = AT_EVENT;
		} else if (span_starts_with(t, "PERF_RECORD_")) {
			return s->fields & (PERF_FIELD_COMM | PERF_FIELD_PID |
			                    PERF_FIELD_CPU | PERF_FIELD_TIME)
			           ? PERF_LINE_SIDEBAND
			           : PERF_LINE_OTHER;
		} else if (is_event_token(t)) {
			s->event = span_make(t.p, t.n - 1);
			s->fields |= PERF_FIELD_EVENT;
			const char *q = p;
			struct span first = next_token(&q, end, &indent);
			if (first.n > 0)
				rest = first.p;
			break;
		} else if (aligned(t, blanks, ADDRESS_COLUMNS)) {
			rest = t.p;
			indent = blanks;
			break;
		} else {
			return PERF_LINE_OTHER;
		}
	}
	s->trace = span_trim(span_make(rest, (size_t)(end - rest)));
	if (s->trace.n > 0) {
		s->ip = find_header_ip(s->trace, indent);
		if (s->ip.n > 0) {
			s->fields |= PERF_FIELD_IP;
			s->trace = span_trim(span_make(
			    s->trace.p, (size_t)(s->ip.p - s->trace.p)));
		}
	}
	/* Something must say this is a header, not a line of text. */
	if (s->fields & (PERF_FIELD_PID | PERF_FIELD_CPU | PERF_FIELD_TIME))
		return PERF_LINE_HEADER;
	if ((s->fields & PERF_FIELD_IP) &&
	    (s->fields & (PERF_FIELD_COMM | PERF_FIELD_EVENT)))
		return PERF_LINE_HEADER;
	return PERF_LINE_OTHER;
}

enum { MAX_COMM = 64 };

/* Fields not printed are empty, never NULL: callers may memcpy them. */
static void
clear_header(struct perf_sample *s)
{
	struct span none = span_make("", 0);

	s->comm = none;
	s->pid = s->tid = -1;
	s->cpu = -1;
	s->time = none;
	s->period = 1;
	s->has_period = false;
	s->event = none;
	s->trace = none;
	s->ip = none;
	s->fields = 0;
}

enum perf_line_kind
perf_line_classify(struct span line, struct perf_sample *s)
{
	const char *p = line.p, *end = line.p + line.n;
	size_t blanks;

	if (line.n == 0 || line.p[0] == '\t' || line.p[0] == '#')
		return PERF_LINE_OTHER;
	while (p < end && is_blank_char(*p))
		p++;
	/*
	 * The comm may hold blanks and digits ("Web Content", "worker 2"), or
	 * be missing: try it ever longer, from none, until the fields after
	 * it read as a header.  A wrong split fails within a token or two.
	 * The kernel keeps 15 bytes of a comm; past MAX_COMM, the line is not
	 * a header (and a long line costs no more than MAX_COMM tries).
	 */
	const char *comm = p, *comm_end = p;
	for (;;) {
		if (comm_end - comm > MAX_COMM)
			return PERF_LINE_OTHER;
		clear_header(s);
		if (comm_end > comm)
			s->fields |= PERF_FIELD_COMM;
		enum perf_line_kind kind = parse_fields(comm_end, end, s);
		if (kind != PERF_LINE_OTHER) {
			s->comm = span_trim(
			    span_make(comm, (size_t)(comm_end - comm)));
			return kind;
		}
		if (next_token(&comm_end, end, &blanks).n == 0)
			return PERF_LINE_OTHER;
	}
}

bool
perf_header_parse(struct span line, struct perf_sample *s)
{
	return perf_line_classify(line, s) == PERF_LINE_HEADER;
}

void
perf_reader_init(struct perf_reader *r, int fd, const char *name)
{
	memset(r, 0, sizeof *r);
	line_reader_init(&r->lines, fd, name);
	run_marks_init(&r->runs, r->lines.name, false);
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
 * A line holding a comm alone (or an event alone): the header of
 * `perf script -F comm,ip,sym` with call chains, when frame lines follow.
 */
static bool
bare_header(struct span line, struct perf_sample *s)
{
	struct span t = span_trim(line);

	if (t.n == 0 || t.n > MAX_COMM || is_blank_char(line.p[0]) ||
	    t.p[0] == '#')
		return false;
	for (size_t i = 0; i < t.n; i++)
		if ((unsigned char)t.p[i] < ' ' && t.p[i] != '\t')
			return false;
	clear_header(s);
	if (memchr(t.p, ' ', t.n) == NULL && is_event_token(t)) {
		s->event = span_make(t.p, t.n - 1);
		s->fields = PERF_FIELD_EVENT;
	} else {
		s->comm = t;
		s->fields = PERF_FIELD_COMM;
	}
	return true;
}

/* A frame line as perf prints it under a header: a tab, then a frame. */
static bool
is_frame_line(struct span line)
{
	struct perf_frame f;
	return line.n > 0 && line.p[0] == '\t' && perf_frame_parse(line, &f);
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
	bool bare = false; /* the header is a bare comm, on probation */

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
			if (line.n > 0 && line.p[0] == '#' &&
			    run_marks_is_mark(line))
				run_marks_line(&r->runs, line, lr->lineno);
			if (line.n == 0 || line.p[0] == '#' || is_blank(line))
				continue;
			enum perf_line_kind kind = perf_line_classify(line, s);
			if (kind == PERF_LINE_SIDEBAND)
				continue;
			bare = kind == PERF_LINE_OTHER && bare_header(line, s);
			if (kind == PERF_LINE_OTHER && !bare) {
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
		if (bare) {
			/* A bare comm is a header only above a frame. */
			bare = false;
			if (lr->too_long || !is_frame_line(line)) {
				line_reader_bad(&r->lines, *header_lineno,
				                "unrecognised header line");
				n = 0;
				/* Read the line again, unless it was cut. */
				if (!lr->too_long)
					line_reader_unget(lr);
				else
					line_reader_bad(&r->lines, lr->lineno,
					                "line too long");
				continue;
			}
		}
		if (lr->too_long) {
			add_extent(r, n++, span_make(line.p, 0), base);
			line_reader_bad(&r->lines, lr->lineno, "line too long");
			continue;
		}
		if (is_blank(line))
			break;
		/* A run line ends a sample cut short: it is read again. */
		if (line.p[0] == '#' && run_marks_is_mark(line)) {
			line_reader_unget(lr);
			break;
		}
		/* perf indents frames with a tab: no header starts so. */
		if (line.p[0] != '\t' && line.p[0] != '#' &&
		    perf_line_classify(line, &scratch) != PERF_LINE_OTHER) {
			line_reader_unget(lr);
			break;
		}
		add_extent(r, n++, line, base);
	}
	if (bare && n == 1) {
		/* The input ended under a bare comm. */
		line_reader_bad(&r->lines, *header_lineno,
		                "unrecognised header line");
		n = 0;
	}
	r->cut_at_end = n > 0 && lr->unterminated && lr->pos == lr->end;
	return n;
}

/*
 * perf prints the srcline of an inlined frame with " (inlined)" after it,
 * and the frame without its "(inlined)": the frame is made inlined here.
 */
static void
make_inlined(struct perf_reader *r, struct perf_frame *f)
{
	f->inlined = true;
	f->dso = span_cstr("inlined");
	f->id = frame_table_intern(&r->cache->frames, f->symbol, f->dso, true);
}

/* A srcline line under frame f: "file.c:12", "file.c:12 (inlined)". */
static bool
srcline_read(struct perf_reader *r, struct span text, struct perf_frame *f)
{
	bool inlined = span_ends_with(text, " (inlined)");

	if (inlined)
		text = span_trim(span_make(text.p, text.n - 10));
	if (!perf_srcline_looks_valid(text))
		return false;
	f->srcline = text;
	if (inlined && !f->inlined)
		make_inlined(r, f);
	return true;
}

bool
perf_reader_next(struct perf_reader *r, struct perf_sample *s)
{
	size_t record_off = 0;
	unsigned long lineno = 0, generation = 0;
	r->runs.strict |= r->lines.strict;
	size_t nlines = find_record(r, s, &record_off, &lineno, &generation);
	struct span all = line_reader_marked(&r->lines);

	if (nlines == 0) {
		gap_flush(r, all);
		run_marks_finish(&r->runs, r->lines.lineno);
		return false;
	}
	gap_flush(r, span_make(all.p, record_off));
	run_marks_sample(&r->runs);
	s->text = span_make(all.p + record_off, all.n - record_off);
	s->lineno = lineno;

	/* The header was parsed in place; parse again if the data moved. */
	struct span header =
	    span_make(all.p + r->extents[0].off, r->extents[0].len);
	if (generation != r->lines.generation &&
	    perf_line_classify(header, s) != PERF_LINE_HEADER)
		bare_header(header, s);
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

	/*
	 * Without a call chain, the sample's one frame is on the header line.
	 * Under a call chain, what the header holds there is the sample's
	 * +addr, never a frame: perf prints no ip on the header then.
	 */
	if (s->ip.n > 0) {
		bool chain = false;
		for (size_t i = 1; i < nlines && !chain; i++) {
			struct span line = span_make(all.p + r->extents[i].off,
			                             r->extents[i].len);
			if (line.n > 0 && line.p[0] != '#') {
				chain = is_frame_line(line);
				break;
			}
		}
		if (!chain &&
		    frame_cache_parse(r->cache, s->ip, new_frame(r, 0))) {
			r->saw_dso |= r->frames[0].dso.n > 0;
			nframes = 1;
			srcline_allowed = true;
		} else {
			const char *from =
			    s->trace.n > 0 ? s->trace.p : s->ip.p;
			s->trace =
			    span_make(from, (size_t)(s->ip.p + s->ip.n - from));
			s->ip = span_make("", 0);
			s->fields &= ~(unsigned)PERF_FIELD_IP;
		}
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
		           srcline_read(r, span_trim(line),
		                        &r->frames[nframes - 1])) {
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
