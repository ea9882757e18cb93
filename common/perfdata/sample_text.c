/*
 * sample_text.c - see sample_text.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "perfdata/sample_text.h"

enum { OUT_SIZE = 64 << 10, OUTPUT_OTHER = 7 };

/* perf script's PERF_OUTPUT_* fields that its defaults show. */
enum {
	F_COMM = 1,
	F_TID = 2,
	F_CPU = 4,
	F_TIME = 8,
	F_PERIOD = 16,
	F_EVNAME = 32,
	F_IP = 64, /* with SYM, SYMOFFSET and DSO: the frames */
	F_ALL = 127,
};

static unsigned
output_type(uint32_t attr_type)
{
	return attr_type < PERF_TYPE_MAX ? attr_type : OUTPUT_OTHER;
}

/*
 * perf_session__check_output_opt: for each output type, the first event
 * whose attr.type is that number (for "other" PMUs literally 7) loses
 * the default fields it did not record; a dummy event loses none.  In
 * the pipe format (process_attr) the same, as each event comes, but
 * never for other PMUs.
 */
static void
set_fields(struct sample_text *o, const struct perf_file *f)
{
	for (unsigned j = 0; j < 8; j++) {
		o->fields[j] = F_ALL;
		if (j == OUTPUT_OTHER && f->pipe_format)
			continue;
		for (size_t i = 0; i < f->nevents; i++) {
			const struct perf_event_attr *a = &f->events[i].attr;
			if (a->type != j)
				continue;
			if (a->type == PERF_TYPE_SOFTWARE &&
			    a->config == PERF_COUNT_SW_DUMMY)
				break;
			uint64_t st = a->sample_type;
			if (!(st & PERF_SAMPLE_IP))
				o->fields[j] &= ~F_IP;
			if (!(st & PERF_SAMPLE_TID))
				o->fields[j] &= ~F_TID;
			if (!(st & PERF_SAMPLE_TIME))
				o->fields[j] &= ~F_TIME;
			if (!(st & PERF_SAMPLE_CPU))
				o->fields[j] &= ~F_CPU;
			break;
		}
	}
}

/*
 * What depends on the events, worked out at the first sample: in the
 * pipe format the events come as records before it.
 */
static void
prepare(struct sample_text *o)
{
	const struct perf_file *f = o->file;

	o->prepared = true;
	o->use_callchain = f->pipe_format; /* perf keeps it on in a pipe */
	for (size_t i = 0; i < f->nevents; i++) {
		const struct perf_file_event *e = &f->events[i];
		int n = e->name != NULL ? (int)strlen(e->name) : 9;
		if (n > o->name_width)
			o->name_width = n;
		if (e->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			o->use_callchain = true;
	}
	set_fields(o, f);
}

void
sample_text_init(struct sample_text *o, const struct perf_data *d,
                 struct frame_text *frames,
                 void (*write)(void *ctx, const char *p, size_t n), void *ctx)
{
	memset(o, 0, sizeof *o);
	o->write = write;
	o->ctx = ctx;
	o->frames = frames;
	o->file = &d->file;
	o->buf = xmalloc(OUT_SIZE);
}

void
sample_text_free(struct sample_text *o)
{
	free(o->buf);
}

void
sample_text_flush(struct sample_text *o)
{
	if (o->len > 0)
		o->write(o->ctx, o->buf, o->len);
	o->len = 0;
}

static void
put(struct sample_text *o, const char *p, size_t n)
{
	if (o->len + n > OUT_SIZE) {
		sample_text_flush(o);
		if (n > OUT_SIZE) {
			o->write(o->ctx, p, n);
			return;
		}
	}
	memcpy(o->buf + o->len, p, n);
	o->len += n;
}

static void
header(struct sample_text *o, const struct perf_data_sample *ps,
       unsigned fields, bool chain)
{
	const struct sample_fields *s = ps->s;
	char buf[256];
	int n;

	if (fields & F_COMM) {
		if (chain) {
			put(o, ps->comm.p, ps->comm.n);
			put(o, " ", 1);
		} else {
			n = snprintf(buf, sizeof buf, "%16.*s ",
			             (int)ps->comm.n, ps->comm.p);
			if (ps->comm.n >= 16) { /* "%16s" of a longer comm */
				put(o, ps->comm.p, ps->comm.n);
				put(o, " ", 1);
			} else {
				put(o, buf, (size_t)n);
			}
		}
	}
	n = 0;
	if (fields & F_TID)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "%5d ", s->tid);
	if (fields & F_CPU)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "[%03d] ",
		              (int)s->cpu);
	if (fields & F_TIME) {
		uint64_t secs = s->time / 1000000000;
		if (o->ns)
			n += snprintf(buf + n, sizeof buf - (size_t)n,
			              "%5" PRIu64 ".%09" PRIu64 ": ", secs,
			              s->time - secs * 1000000000);
		else {
			char t[64];
			uint64_t us = s->time / 1000;
			snprintf(t, sizeof t, "%" PRIu64 ".%06" PRIu64,
			         us / 1000000, us % 1000000);
			n += snprintf(buf + n, sizeof buf - (size_t)n,
			              "%12s: ", t);
		}
	}
	if (fields & F_PERIOD)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "%10" PRIu64 " ",
		              s->period);
	put(o, buf, (size_t)n);
	if (fields & F_EVNAME) {
		const char *name = s->event->name;
		if (name == NULL)
			name = "[unknown]";
		n = snprintf(buf, sizeof buf, "%*s: ", o->name_width, name);
		if ((size_t)n >= sizeof buf) {
			put(o, name, strlen(name));
			put(o, ": ", 2);
		} else {
			put(o, buf, (size_t)n);
		}
	}
}

void
sample_text_sample(void *ctx, const struct perf_data_sample *ps)
{
	struct sample_text *o = ctx;
	const struct sample_chain *c = ps->chain;
	if (!o->prepared)
		prepare(o);
	unsigned fields = o->fields[output_type(ps->s->event->attr.type)];
	bool chain = (fields & F_IP) && c->chain && o->use_callchain;

	header(o, ps, fields, chain);
	if (fields & F_IP) {
		if (chain) {
			put(o, "\n", 1);
			for (size_t i = 0; i < c->n; i++) {
				struct span t =
				    frame_text_chain(o->frames, &c->v[i]);
				put(o, t.p, t.n);
			}
		} else {
			put(o, " ", 1);
			struct span t = frame_text_single(o->frames, &c->v[0]);
			put(o, t.p, t.n);
		}
	}
	put(o, "\n", 1);
	o->samples++;
}
