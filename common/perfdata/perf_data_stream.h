/*
 * perf_data_stream.h - a perf.data file read straight into a
 * sample_stream: the views and collapse take perf.data as they take
 * perf script text, with no text in between.
 *
 * Each sample is handed over (sample_stream_take) as the text reader
 * would hand over perf script's text of it (perf_data_text.h): the same
 * command name, pid, tid, cpu, time, period and event name, the same
 * frames (symbol, offset, DSO, inlined, address as perf prints it), so a
 * view of a perf.data file is the view of its perf script text.  A file
 * the reader refuses (perf_file.h) is an error saying why, and how to
 * make its text with perf.
 */
#ifndef PERFVIEWS_PERF_DATA_STREAM_H
#define PERFVIEWS_PERF_DATA_STREAM_H

#include "input/sample_stream.h"

/*
 * A read_perf_data for sample_stream: every sample of path into st.
 * st->read_perf_data_ctx, when set, is a struct dwarf_inlines
 * (dwarf_inlines.h) the reader looks inlined calls up in, so that the
 * DWARF it read serves whoever looks up the same DSOs after it (a
 * profile placing its orphans); else it makes its own.
 */
void perf_data_stream_read(struct sample_stream *st, const char *path);

#endif
