/*
 * perf_data_stream.c - see perf_data_stream.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/dwarf_inlines.h"
#include "perfdata/frame_text.h"
#include "perfdata/perf_data.h"
#include "perfdata/perf_data_stream.h"

struct stream_ctx {
	struct sample_stream *st;
	struct frame_text *frames;
	struct perf_frame *v; /* a sample's frames */
	size_t cap;
	char time[48];
};

static void
take(void *ctx, const struct perf_data_sample *ps)
{
	struct stream_ctx *c = ctx;
	const struct sample_fields *rs = ps->s;
	const struct perf_event_attr *a = &rs->event->attr;
	struct perf_sample s;

	memset(&s, 0, sizeof s);
	s.comm = ps->comm;
	s.fields = PERF_FIELD_COMM | PERF_FIELD_PERIOD | PERF_FIELD_EVENT;
	s.pid = s.tid = -1;
	s.cpu = -1;
	if (a->sample_type & PERF_SAMPLE_TID) {
		s.pid = rs->pid;
		s.tid = rs->tid;
		s.fields |= PERF_FIELD_PID;
	}
	if (a->sample_type & PERF_SAMPLE_CPU) {
		s.cpu = (int)rs->cpu;
		s.fields |= PERF_FIELD_CPU;
	}
	if (a->sample_type & PERF_SAMPLE_TIME) {
		uint64_t us = rs->time / 1000;
		int n =
		    snprintf(c->time, sizeof c->time, "%" PRIu64 ".%06" PRIu64,
		             us / 1000000, us % 1000000);
		s.time = span_make(c->time, (size_t)n);
		s.fields |= PERF_FIELD_TIME;
	}
	s.period = rs->period;
	s.has_period = true;
	s.event = rs->event->name != NULL ? span_cstr(rs->event->name)
	                                  : span_make("[unknown]", 9);
	s.lineno = c->st->samples + 1;

	const struct sample_chain *chain = ps->chain;
	size_t n = 0;
	for (size_t i = 0; i < chain->n; i++) {
		size_t k;
		const struct perf_frame *f = frame_text_frames(
		    c->frames, &chain->v[i], &c->st->cache.frames, &k);
		c->v = array_reserve(c->v, &c->cap, n + k, sizeof *c->v);
		memcpy(c->v + n, f, k * sizeof *f);
		n += k;
	}
	s.frames = c->v;
	s.nframes = n;
	if (!chain->chain && n > 0)
		s.fields |= PERF_FIELD_IP;
	sample_stream_take(c->st, &s);
}

void
perf_data_stream_read(struct sample_stream *st, const char *path)
{
	struct perf_data d;

	perf_data_open(&d, path);
	if (d.file.refused != NULL)
		die(EXIT_DATA,
		    "%s: %s: not read here (perfviews script %s | "
		    "%s reads perf's text of it)",
		    path, d.file.refused, path, progname);
	struct inline_text *it = inline_text_new();
	struct dwarf_inlines *own = NULL, *di = st->read_perf_data_ctx;
	if (di == NULL)
		di = own = dwarf_inlines_new();
	inline_text_set_chain(it, dwarf_inlines_chain, di);
	struct stream_ctx c = {
	    st, frame_text_new(&d.file, &d.machine, it), NULL, 0, {0}};
	d.sample = take;
	d.ctx = &c;
	perf_data_read(&d);
	if (d.lost_chunks > 0 || d.lost_samples > 0)
		warnmsg(
		    "%s: perf record lost %lu chunks of records and %" PRIu64
		    " samples (perf script warns of it too)",
		    path, d.lost_chunks, d.lost_samples);
	if (d.unknown_ids > 0)
		warnmsg("%s: %lu samples of unknown event ids left out", path,
		        d.unknown_ids);
	free(c.v);
	frame_text_free(c.frames);
	dwarf_inlines_free(own);
	inline_text_free(it);
	perf_data_close(&d);
}
