/*
 * view_cli.h - the command line the text views share.
 *
 * flatsort, calltree and bydso (and every view of a profile) take the same
 * options for reading: --period, --event, --inline, --strict, --srcline,
 * the libbfd work (--resolve, --expand-inline, --demangle), and --format.
 * A view puts struct view_options in its options and view_option_table in
 * its table (OPT_TABLE), and reads its inputs with view_load.
 */
#ifndef PERFVIEWS_VIEW_CLI_H
#define PERFVIEWS_VIEW_CLI_H

#include <stdbool.h>

#include "base/cli.h"
#include "base/options.h"
#include "symbols/symbol_options.h"
#include "views/profile.h"
#include "views/report.h"

struct view_options {
	struct profile_options profile;
	struct symbol_options symbols;
	enum report_format format;
};

/* The shared options, their fields in struct view_options. */
extern const struct option_row view_option_table[];

/*
 * Read every input (stdin when there is none) into p, with a symbolizer
 * when the options ask for one.  False, with a message, when there were no
 * samples; p must be freed either way.
 */
bool view_load(struct profile *p, const struct view_options *o, int argc,
               char *const argv[]);

/*
 * The same, each perf sample also handed to also, after the profile took
 * it: another aggregate (a fold) made in the same pass over the inputs.
 */
bool view_load_with(struct profile *p, const struct view_options *o, int argc,
                    char *const argv[],
                    void (*also)(void *ctx, const struct perf_sample *s,
                                 uint32_t root),
                    void *also_ctx);

/*
 * The main of a view program of one profile (flatsort, calltree, bydso):
 * its options parsed into opts, whose view options are *view; every input
 * read into one profile; write(profile, opts); the output flushed.  The
 * exit status: 0, or 1 when there were no samples.
 */
int view_main(const struct program *p, int argc, char *argv[], void *opts,
              const struct view_options *view,
              void (*write)(struct profile *profile, void *opts));

#endif
