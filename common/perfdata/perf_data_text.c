/*
 * perf_data_text.c - see perf_data_text.h.
 */
#include <stdio.h>
#include <string.h>

#include "base/message.h"
#include "perfdata/dwarf_inlines.h"
#include "perfdata/frame_text.h"
#include "perfdata/perf_data.h"
#include "perfdata/perf_data_text.h"
#include "perfdata/sample_text.h"

/* The options the reader takes; others go to perf. */
static const char *
refused_option(const struct perf_data_text_options *o, bool *ns)
{
	*ns = false;
	for (size_t i = 0; i < o->nargs; i++) {
		if (strcmp(o->args[i], "--ns") == 0)
			*ns = true;
		else
			return o->args[i];
	}
	return NULL;
}

bool
perf_data_text(const struct perf_data_text_options *o, const char **why)
{
	static char reason[256];
	struct perf_data d;
	bool ns;

	const char *opt = refused_option(o, &ns);
	if (opt != NULL) {
		snprintf(reason, sizeof reason, "option %s", opt);
		*why = reason;
		return false;
	}
	perf_data_open(&d, o->path);
	if (d.file.refused != NULL) {
		*why = d.file.refused;
		perf_data_close(&d);
		return false;
	}
	struct inline_text *it =
	    o->inlines != NULL ? o->inlines : inline_text_new();
	struct dwarf_inlines *di = dwarf_inlines_new();
	inline_text_set_chain(it, dwarf_inlines_chain, di);
	struct frame_text *ft = frame_text_new(&d.file, &d.machine, it);
	struct sample_text out;
	sample_text_init(&out, &d, ft, o->write, o->ctx);
	out.ns = ns;
	d.sample = sample_text_sample;
	d.ctx = &out;
	perf_data_read(&d);
	sample_text_flush(&out);
	perf_data_warn_lost(&d);
	if (o->verbose) {
		struct dwarf_unwind_stats us = dwarf_unwind_stats(d.unwind);
		struct inline_text_stats is = inline_text_stats(it);
		fprintf(stderr,
		        "%s: read %s here: %lu records, %lu samples; %lu "
		        "unwound (%lu frames, %lu rules, %lu DSOs, %lu without "
		        "frame information); %lu distinct frames looked up for "
		        "inlined calls\n",
		        progname, o->path, d.records, d.samples, us.samples,
		        us.frames, us.rules, us.dsos, us.no_cfi, is.distinct);
		if (d.queue.late > 0)
			fprintf(stderr, "%s: %lu records out of time order\n",
			        progname, d.queue.late);
	}
	if (d.unknown_ids > 0)
		warnmsg("%s: %lu samples of unknown event ids left out",
		        o->path, d.unknown_ids);
	sample_text_free(&out);
	frame_text_free(ft);
	inline_text_set_chain(it, NULL, NULL);
	if (o->verbose) {
		struct dwarf_inlines_stats ds = dwarf_inlines_stats(di);
		fprintf(stderr,
		        "%s: inlined calls: %lu addresses read with libdw (%lu "
		        "units; %lu named by their symbol), %lu with libbfd\n",
		        progname, ds.answered, ds.units, ds.symbols, ds.to_bfd);
	}
	dwarf_inlines_free(di);
	if (it != o->inlines)
		inline_text_free(it);
	perf_data_close(&d);
	return true;
}
