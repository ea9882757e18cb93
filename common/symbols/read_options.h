/*
 * read_options.h - the options collapse and the views share, which say how
 * samples are read and what the symbolizer is asked to do: --period,
 * --event NAME (-e), --strict, --resolve, --srcline and --demangle mean
 * the same in every program that takes them.
 *
 * A program puts READ_OPTIONS_LONG among its getopt_long options and hands
 * every option code to read_option first.  Each program writes their help
 * lines itself, in its own words (collapse folds stacks, the views count
 * functions).  Their codes are 0x4800 and up: a program's own start
 * elsewhere.
 */
#ifndef PERFVIEWS_READ_OPTIONS_H
#define PERFVIEWS_READ_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>

#include "input/sample_stream.h"
#include "symbols/symbol_options.h"

enum {
	OPT_READ_PERIOD = 0x4800,
	OPT_READ_STRICT,
	OPT_READ_RESOLVE,
	OPT_READ_SRCLINE,
	OPT_READ_DEMANGLE,
};
/* clang-format off */
#define READ_OPTIONS_LONG                                                    \
	{"period", no_argument, NULL, OPT_READ_PERIOD},                      \
	{"event", required_argument, NULL, 'e'},                             \
	{"strict", no_argument, NULL, OPT_READ_STRICT},                      \
	{"resolve", no_argument, NULL, OPT_READ_RESOLVE},                    \
	{"srcline", no_argument, NULL, OPT_READ_SRCLINE},                    \
	{"demangle", no_argument, NULL, OPT_READ_DEMANGLE}
/* clang-format on */

/*
 * Apply one of them: --period, --event and --strict to input, --resolve,
 * --srcline and --demangle to symbols.  False when code is none of them.
 */
bool read_option(struct sample_stream_options *input,
                 struct symbol_options *symbols, int code, const char *arg);

#endif
