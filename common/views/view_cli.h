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
 * What a view program adds to view_main_with, each hook optional (NULL).
 * Its own state is in its options (opts): made by start once the options
 * are parsed and the inputs checked (a rules file loaded: a missing input
 * is told first); handed each perf sample by sample as the profile takes
 * it (a view that counts samples itself, as bytecode places the eval
 * loop's); let go by end after the output is written, or when there were
 * no samples.
 */
struct view_hooks {
	void (*start)(void *opts);
	void (*sample)(void *opts, const struct perf_sample *s, uint32_t root);
	void (*end)(void *opts);
};

/*
 * The main of every view program of one profile (flatsort, calltree,
 * bydso, pyprofile, bytecode): its options parsed into opts, whose view
 * options are *view; each input checked (it can be opened), then every
 * input read into one profile; write(profile, opts); the output flushed.
 * The exit status: 0, or 1 when there were no samples.
 */
int view_main_with(const struct program *p, int argc, char *argv[], void *opts,
                   const struct view_options *view,
                   void (*write)(struct profile *profile, void *opts),
                   const struct view_hooks *hooks);

/* view_main_with of a view that needs no hooks. */
int view_main(const struct program *p, int argc, char *argv[], void *opts,
              const struct view_options *view,
              void (*write)(struct profile *profile, void *opts));

#endif
