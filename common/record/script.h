/*
 * script.h - the text `perf script` prints for a perf.data file, made in
 * a fraction of perf's time: `perfviews script`, and every recording.
 *
 * The perf.data file is read here, without perf
 * (perfdata/perf_data_text.h: the same text, many times faster); perf
 * runs, in time slices at once with the inlined frames added here
 * (script_slices.h), only for what that reader refuses (perf script
 * options other than --ns, record types and events it does not print as
 * perf does), for a file that cannot be opened or is not perf.data (perf
 * says what), or when use_perf is set; -v says which and why, and what it
 * cost (wall and CPU time, peak memory).
 */
#ifndef PERFVIEWS_SCRIPT_H
#define PERFVIEWS_SCRIPT_H

#include "record/script_slices.h"

/*
 * Write the text of `perf script -i o->input o->args...` to fd.  False
 * when stopped by a signal (child_stopped() says which).
 */
bool script_write(const struct script_options *o, int fd);

/*
 * `perfviews script`: operands[0] is the perf.data file, the others perf
 * script options; the text to stdout.  An option that names the input
 * (-i) is a usage error; a stop signal ends the process by it.
 */
void script_command(struct script_options *o, char *const operands[], size_t n);

#endif
