/*
 * view_commands.c - perfviews readme, views and stability: the glue over
 * common/pages (readme: a data set's README, view_make and
 * perf_data_views: its views, stability_report) and dataset's metadata
 * and stability.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/commands.h"
#include "dataset/metadata.h"
#include "dataset/stability.h"
#include "pages/perf_data_views.h"
#include "pages/readme.h"
#include "pages/stability_report.h"
#include "pages/view_make.h"
#include "tool/view_commands.h"

struct readme_command {
	struct readme_options readme;
	bool subtitle;
	const char *view; /* --options VIEW */
};

#define O struct readme_command
static const struct option_row readme_options[] = {
    OPT_TEXT('f', "flat", "FILE", O, readme.flat,
             "quote the top of this flat view"),
    OPT_TEXT('F', "files", "FILE", O, readme.files,
             "a files view, beside ID-callers.txt"),
    OPT_TEXT('c', "categories", "FILE", O, readme.categories,
             "quote this categories view"),
    OPT_TEXT('y', "python", "FILE", O, readme.python,
             "quote this Python functions view (pyprofile)"),
    OPT_TEXT('b', "bytecode", "FILE", O, readme.bytecode,
             "quote this eval loop view (bytecode)"),
    OPT_TEXT('r', "raw", "NAME", O, readme.raw,
             "the raw file's name (ID-raw.txt.xz)"),
    OPT_FLAG(0, "subtitle", O, subtitle, "only the line under the flame graph"),
    OPT_TEXT(0, "options", "VIEW", O, view,
             "only the options of VIEW's program, as sh words"),
    OPT_END,
};
#undef O

const struct program readme_program = {
    .name = "perfviews readme",
    .operands = "META",
    .summary = "Write the README.md of the data set META describes.",
    .options = readme_options,
};

int
cmd_readme(const struct program *p, int argc, char *argv[])
{
	struct readme_command o = {0};
	int first = program_parse(p, argc, argv, &o);

	command_operands(p, argc - first, 1, 1, "one META file");
	if (o.view == NULL) {
		readme_write_file(stdout, argv[first], &o.readme, o.subtitle);
		return EXIT_OK;
	}
	struct metadata m;
	metadata_read_or_die(&m, argv[first]);
	if (!view_options_write(stdout, &m, o.view))
		usage_error("--options: no such view: %s", o.view);
	metadata_free(&m);
	return EXIT_OK;
}

struct views_command {
	struct view_files files;
	const char *view, *data;
	bool source, incomplete, quiet;
	struct perf_data_views perf_data; /* --perf-data */
};

#define O struct views_command
static const struct option_row views_options[] = {
    OPT_TEXT(0, "view", "VIEW", O, view,
             "write VIEW (flat, flamegraph, ...) to stdout"),
    OPT_FLAG('q', "quiet", O, quiet, "say nothing of the views written"),
    OPT_FLAG(0, "incomplete", O, incomplete,
             "only say, on stderr, when DIR/ID-README.md says\n"
             "RAW is short of its counts (make views does)"),
    OPT_FLAG(0, "source", O, source,
             "note RAW and META as the views' source in\n"
             "DIR/.ID.source (rewritten when it changes)"),
    OPT_TEXT(0, "data", "DIR", O, data, "where the data set is (default data)"),
    OPT_TEXT(0, "raw", "RAW", O, files.raw, "the data set's raw file"),
    OPT_TEXT(0, "meta", "META", O, files.meta, "its meta.json"),
    OPT_TEXT(0, "out", "DIR", O, files.out,
             "where its views are (default out)"),
    OPT_TEXT(0, "perf-data", "FILE", O, perf_data.path,
             "every view of perf.data FILE, read once"),
    OPT_TEXT(0, "name", "NAME", O, perf_data.name,
             "--perf-data: the views' names begin NAME-\n"
             "(default: FILE's name without .data)"),
    OPT_TEXT('e', "event", "EVENT", O, perf_data.event,
             "--perf-data: the samples of EVENT (default: the\n"
             "first seen)"),
    OPT_END,
};
#undef O

const struct program views_program = {
    .name = "perfviews views",
    .forms = "[--data] [--raw] [--meta] [--out] [--quiet] ID\n"
             "--incomplete --raw [--out] ID\n"
             "--source --raw --meta [--out] ID\n"
             "--view --raw --meta [--out] ID\n"
             "--perf-data [--out] [--name] [--event]",
    .summary = "The views of data set ID: all written into DIR (out), "
               "from one read of its raw file, or one of them written; or "
               "every view of a perf.data file, from one read of it.",
    .options = views_options,
};

/* perfviews views --perf-data FILE: every view of it, in one pass. */
static int
views_of_perf_data(struct views_command *o, int operands)
{
	char *name = NULL;

	if (operands != 0 || o->view != NULL || o->source || o->incomplete ||
	    o->files.raw != NULL || o->files.meta != NULL)
		usage_error("views --perf-data: no ID, --view, --source, "
		            "--incomplete, --raw or --meta with it");
	if (o->perf_data.name == NULL)
		o->perf_data.name = name =
		    perf_data_views_name(o->perf_data.path);
	o->perf_data.out = o->files.out;
	unsigned n = perf_data_views_write(&o->perf_data);
	printf("wrote %u views of %s into %s/ (%s-*)\n", n, o->perf_data.path,
	       o->perf_data.out, o->perf_data.name);
	free(name);
	return EXIT_OK;
}

int
cmd_views(const struct program *p, int argc, char *argv[])
{
	struct views_command o = {.files.out = "out", .data = "data"};
	int first = program_parse(p, argc, argv, &o);

	if (o.perf_data.path != NULL)
		return views_of_perf_data(&o, argc - first);
	if (o.perf_data.name != NULL || o.perf_data.event != NULL)
		usage_error("views: --name and --event go with --perf-data");
	command_operands(p, argc - first, 1, 1, "one ID");
	o.files.id = argv[first];
	if (o.source + o.incomplete + (o.view != NULL) > 1)
		program_usage(p);
	if (o.incomplete) {
		if (o.files.raw == NULL)
			program_usage(p);
		view_incomplete_say(&o.files);
		return EXIT_OK;
	}
	if (o.source || o.view != NULL) {
		if (o.files.raw == NULL || o.files.meta == NULL)
			program_usage(p);
		if (o.source)
			view_source_write(&o.files);
		else
			view_render(o.view, &o.files);
		return EXIT_OK;
	}
	view_render_all(o.data, &o.files);
	if (!o.quiet)
		printf("wrote the views of %s into %s/\n", o.files.id,
		       o.files.out);
	return EXIT_OK;
}
#define O struct stability_options
static const struct option_row stability_options[] = {
    OPT_POSITIVE(0, "splits", "N", O, splits,
                 "pairs of groups per size (default 200)"),
    OPT_COUNT(0, "seed", "N", O, seed, "of the random pairs (default 1)"),
    OPT_COUNT(0, "top", "N", O, top, "functions in the second table (10)"),
    OPT_CALL_ALL(0, "sizes", "LIST", stability_sizes_option,
                 "group sizes (default 1,2,5,RUNS/2)"),
    OPT_TEXT(0, "event", "NAME", O, event, "samples of event NAME (the first)"),
    OPT_END,
};
#undef O

const struct program stability_program = {
    .name = "perfviews stability",
    .operands = "RAW",
    .summary = "Does combining the runs of RAW stabilise the profile?",
    .options = stability_options,
};

int
cmd_stability(const struct program *p, int argc, char *argv[])
{
	struct stability_options o = {.splits = 200, .seed = 1, .top = 10};
	int first = program_parse(p, argc, argv, &o);

	command_operands(p, argc - first, 1, 1, "one RAW file");
	stability_report_file(stdout, argv[first], &o);
	return EXIT_OK;
}
