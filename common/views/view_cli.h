/*
 * view_cli.h - the command line the text views share.
 *
 * flatsort, calltree and bydso (and every view of a profile) take the same
 * options for reading: --period, --event, --inline, --strict, --srcline,
 * the libbfd work (--resolve, --expand-inline, --demangle), and --format.
 * A view names view_options_long in its struct program (the shared
 * options), hands every option code it does not know to view_option, and
 * reads its inputs with view_load.
 */
#ifndef PERFVIEWS_VIEW_CLI_H
#define PERFVIEWS_VIEW_CLI_H

#include <stdbool.h>

#include "symbols/symbol_options.h"
#include "views/profile.h"
#include "views/report.h"

struct view_options {
	struct profile_options profile;
	struct symbol_options symbols;
	enum report_format format;
};

/* The shared options, for struct program, and their --help lines. */
extern const struct option view_options_long[];
extern const char view_options_help[];
/* The short options among them, for struct program's shortopts. */
#define VIEW_SHORTOPTS "e:f:"

/* Apply one shared option; false when code is not one of them. */
bool view_option(struct view_options *o, int code, const char *arg);

/*
 * Read every input (stdin when there is none) into p, with a symbolizer
 * when the options ask for one.  False, with a message, when there were no
 * samples; p must be freed either way.
 */
bool view_load(struct profile *p, const struct view_options *o, int argc,
               char *const argv[]);

#endif
