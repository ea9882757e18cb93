/*
 * record_commands.c - perfviews record and script: the glue over
 * common/record (record: the driver, script: perf.data's text), the
 * recorded data set's views rendered through pages' view_make, which
 * record may not call (it uses only the model of a data set).
 */
#include <unistd.h>

#include "base/commands.h"
#include "pages/view_make.h"
#include "record/record.h"
#include "record/script.h"
#include "tool/record_commands.h"

/* --python: the interpreter, whose metadata is read even with --cmd. */
static void
python_option(void *field, const char *value, const char *option)
{
	struct record_options *o = field;

	(void)option;
	o->python = value;
	o->python_given = true;
}

/* --event: refused with the tags that record events of their own. */
static void
event_option(void *field, const char *value, const char *option)
{
	struct record_options *o = field;

	(void)option;
	o->event = value;
	o->event_given = true;
}

#define O struct record_options
static const struct option_row record_options[] = {
    OPT_TEXT(0, "data", "DIR", O, data, "where data sets go (default data)"),
    OPT_TEXT(0, "cmd", "CMD", O, cmd, "what to profile (default: by workload)"),
    OPT_CALL_ALL(0, "python", "PY", python_option,
                 "the Python (python3); given: its meta"),
    OPT_TEXT(0, "callgraph", "MODE", O, callgraph, "dwarf (default) or fp"),
    OPT_TEXT(0, "python-src", "DIR", O, python_src,
             "the CPython checkout PY was built from"),
    OPT_TEXT(0, "perf", "PERF", O, perf,
             "run PERF script (in time slices), not the reader"),
    OPT_CALL_ALL(0, "event", "EVENT", event_option,
                 "the event sampled (default cpu-clock)"),
    OPT_TEXT(0, "strace", "STRACE", O, strace,
             "the strace command (tag files)"),
    OPT_UNSIGNED(0, "timeout", "SECONDS", O, timeout,
                 "per run (default 600; 0: none)"),
    OPT_TEXT(0, "xz", "XZ", O, xz, "the compressor (default xz -9 -T1)"),
    OPT_TEXT(0, "cache", "DIR", O, cache,
             "bm_: pyperformance's venvs (~/.cache/perfviews/pyperformance)"),
    OPT_FLAG(0, "overhead", O, overhead,
             "bm_: run it unprofiled too, to compare"),
    OPT_TEXT(0, "loops", "FILE", O, loops,
             "bm_: pyperf's loops from FILE; calibrated ones added"),
    OPT_TEXT(0, "out", "DIR", O, out, "where the views go (default out)"),
    OPT_TEXT(0, "views", "CMD", O, views,
             "render the views with CMD ID=ID ('': none)"),
    OPT_FLAG(0, "force", O, force,
             "record over a data set of this ID (make: FORCE=1)"),
    OPT_END,
};
#undef O

const struct program record_program = {
    .name = "perfviews record",
    .operands = "ID",
    .summary = "Record data set ID into DIR/ID-raw.txt.xz, DIR/ID-meta.json.",
    .options = record_options,
};

/* A recorded data set's views, as perfviews views writes them. */
static void
record_render(const char *data, const char *id, const char *out)
{
	struct view_files f = {.id = id, .out = out};

	view_render_all(data, &f);
}

int
cmd_record(const struct program *p, int argc, char *argv[])
{
	struct record_options o;

	record_defaults(&o);
	o.render = record_render;
	int first = program_parse(p, argc, argv, &o);
	command_operands(p, argc - first, 1, 1, "one ID");
	record(argv[first], &o);
	return EXIT_OK;
}

#define O struct script_options
static const struct option_row script_options[] = {
    OPT_POSITIVE_UNSIGNED('j', "jobs", "N", O, jobs,
                          "time slices at most (default: one per CPU)"),
    OPT_TEXT(0, "perf", "PERF", O, perf,
             "run PERF script (in time slices), not the reader"),
    OPT_FLAG('v', "verbose", O, verbose, "say what was done, on stderr"),
    OPT_END,
};
#undef O

const struct program script_program = {
    .name = "perfviews script",
    .operands = "PERF.DATA [perf script options]",
    .summary = "Write the text perf script would: read here, or by perf "
               "in time slices at once.",
    .options = script_options,
    .options_first = true,
};

int
cmd_script(const struct program *p, int argc, char *argv[])
{
	struct script_options o = {.err_fd = STDERR_FILENO};
	int first = program_parse(p, argc, argv, &o);

	/* --perf: perf is asked for, not the reader. */
	o.use_perf = o.perf != NULL;
	if (o.perf == NULL)
		o.perf = "perf";

	command_operands(p, argc - first, 1, argc, "PERF.DATA");
	script_command(&o, argv + first, (size_t)(argc - first));
	return EXIT_OK;
}
