/*
 * suite_commands.c - perfviews publish, suite, suite run and
 * compare-suites: the glue over common/suite (publish, suite, suite_run,
 * suite_compare); a suite's Python and its build are asked of record's
 * pyperformance and record_meta.
 */
#include <string.h>

#include "base/commands.h"
#include "compare/compare.h"
#include "record/pyperformance.h"
#include "record/record_meta.h"
#include "suite/publish.h"
#include "suite/suite.h"
#include "suite/suite_compare.h"
#include "suite/suite_run.h"
#include "tool/suite_commands.h"

static const struct option_choice publish_paths[] = {
    {"full", PUBLISH_PATHS_FULL},
    {"short", PUBLISH_PATHS_SHORT},
    {NULL, 0},
};

#define O struct publish_options
static const struct option_row publish_options[] = {
    OPT_LIST(0, "data", "DIR", O, data, "data sets to publish (default data)"),
    OPT_TEXT(0, "out", "DIR", O, out,
             "where the views are written (default out)"),
    OPT_TEXT(0, "make", "MAKE", O, make,
             "render views by MAKE views (default: perfviews views; '': no)"),
    OPT_FLAG(0, "force", O, force,
             "replace another recording published under an ID"),
    OPT_CHOICE(0, "paths", "full|short", O, paths, publish_paths,
               "short: home, venv, data and temporary paths as "
               "placeholders"),
    OPT_TEXT(0, "xz", "CMD", O, xz,
             "compresses a shortened raw file (default xz -9 -T1)"),
    OPT_END,
};
#undef O

const struct program publish_program = {
    .name = "perfviews publish",
    .operands = "DEST",
    .summary = "Render and copy every data set into DEST, with an index.",
    .options = publish_options,
};

int
cmd_publish(const struct program *p, int argc, char *argv[])
{
	struct publish_options o = {.out = "out", .xz = "xz -9 -T1"};
	int first = program_parse(p, argc, argv, &o);

	command_operands(p, argc - first, 1, 1, "one DEST directory");
	publish(argv[first], &o);
	option_list_free(&o.data);
	return EXIT_OK;
}

#define O struct suite_options
static const struct option_row suite_options[] = {
    OPT_TEXT(0, "data", "DIR", O, data, "where data sets are (default data)"),
    OPT_TEXT(0, "log", "LOG", O, log, "the suite's log of recordings"),
    OPT_UNSIGNED(0, "todo", "N", O, todo, "recordings to make in all"),
    OPT_TEXT(0, "python", "PY", O, python,
             "for NAME all: the Python (python3)"),
    OPT_TEXT(0, "cache", "DIR", O, cache,
             "its pyperformance (~/.cache/perfviews/pyperformance)"),
    OPT_TEXT(0, "categories", "FILE", O, categories,
             "readme: the data sets by category, a column each"),
    OPT_TEXT(0, "views", "DIR", O, views,
             "readme: where the data sets' views are (their\n"
             "eval loop by instruction family)"),
    OPT_FLAG(0, "check-build", O, check_build,
             "ids: refuse data sets of another build than PY"),
    OPT_FLAG(0, "force", O, force, "ids --check-build: allow them"),
    OPT_FLAG(0, "recordings", O, recordings,
             "ids: a benchmark's variants as one recording"),
    OPT_END,
};
#undef O

const struct program suite_program = {
    .name = "perfviews suite",
    .forms = "ids [--data] [--python] [--cache] [--check-build [--force]] "
             "[--recordings] TAIL NAME ...\n"
             "step --log [--todo] -- ID COMMAND ...\n"
             "readme [--data] [--log] [--categories] [--views] SUITE ID ...\n"
             "define [--data] SUITE ID ...\n"
             "missing [--data] ID\n"
             "report [--data] LOG [SUITE ID ...]",
    .summary = "The steps of make suite: IDs, a recording, README, "
               "definition, report.",
    .options = suite_options,
};

int
cmd_suite(const struct program *p, int argc, char *argv[])
{
	/* suite run: a command of its own, with its own options. */
	if (argc > 1 && strcmp(argv[1], "run") == 0)
		return cmd_suite_run(&suite_run_program, argc - 1, argv + 1);
	struct suite_options o = {.data = "data",
	                          .python = "python3",
	                          .all = pyperformance_default,
	                          .build = record_python_build};
	int first = program_parse(p, argc, argv, &o);

	command_operands(p, argc - first, 1, argc, "an action");
	return suite_command(&o, argv[first], argc - first - 1,
	                     argv + first + 1);
}

#define O struct suite_run_options
static const struct option_row suite_run_options[] = {
    OPT_TEXT(0, "data", "DIR", O, data, "where data sets are (default data)"),
    OPT_TEXT(0, "out", "DIR", O, out,
             "where the views and the suite's files go (default out)"),
    OPT_POSITIVE_UNSIGNED(0, "freq", "HZ", O, freq,
                          "perf's frequency (default 1000)"),
    OPT_POSITIVE_UNSIGNED(0, "runs", "N", O, runs,
                          "value workers of each benchmark (default 10)"),
    OPT_TEXT(0, "tags", "TAGS", O, tags,
             "the IDs' tags, words apart (\"nosite py312\")"),
    OPT_TEXT(0, "python", "PY", O, python, "the Python (python3)"),
    OPT_TEXT(0, "cache", "DIR", O, cache,
             "pyperformance's venvs (~/.cache/perfviews/pyperformance)"),
    OPT_TEXT(0, "loops", "FILE", O, loops,
             "pyperf's loops (default OUT/NAME-loops.json)"),
    OPT_UNSIGNED('j', "jobs", "N", O, jobs,
                 "views made at once (default: one per CPU)"),
    OPT_FLAG(0, "force", O, force, "record every benchmark again"),
    OPT_TEXT(0, "callgraph", "MODE", O, callgraph, "dwarf (default) or fp"),
    OPT_TEXT(0, "perf", "PERF", O, perf,
             "run PERF script (in time slices), not the reader"),
    OPT_TEXT(0, "event", "EVENT", O, event,
             "the event sampled (default cpu-clock)"),
    OPT_TEXT(0, "strace", "STRACE", O, strace,
             "the strace command (tag files)"),
    OPT_TEXT(0, "timeout", "SECONDS", O, timeout,
             "per run (default 600; 0: none)"),
    OPT_TEXT(0, "xz", "XZ", O, xz, "the compressor (default xz -3 -T1)"),
    OPT_FLAG(0, "overhead", O, overhead, "run each unprofiled too, to compare"),
    OPT_END,
};
#undef O

const struct program suite_run_program = {
    .name = "perfviews suite run",
    .operands = "NAME BENCHMARK ...|all",
    .summary = "Record suite NAME's missing data sets one at a time, then "
               "every view, its README and definition (make suite, "
               "ENGINE=local).",
    .options = suite_run_options,
};

int
cmd_suite_run(const struct program *p, int argc, char *argv[])
{
	struct suite_run_options o = {
	    .data = "data", .out = "out", .freq = 1000, .runs = 10};
	int first = program_parse(p, argc, argv, &o);
	uint64_t seconds;

	/* Passed on as it is: a bad one would fail every recording. */
	if (o.timeout != NULL && !parse_u64(o.timeout, &seconds))
		usage_error("--timeout: not a non-negative whole number: '%s'",
		            o.timeout);
	command_operands(p, argc - first, 1, argc, "NAME");
	return suite_run(argv[first], argv + first + 1, argc - first - 1, &o);
}

#define O struct suite_compare_options
static const struct option_row compare_suites_options[] = {
    OPT_TEXT(0, "out", "DIR", O, out,
             "where the suites' definitions are and the files go\n"
             "(default out)"),
    OPT_CALL(0, "fdr", "P", O, alpha, compare_fdr_option,
             "false discovery rate of the categories, percent\n"
             "(default 5)"),
    OPT_TEXT(0, "rules", "FILE", O, rules,
             "the category rules (default: bycategory's)"),
    OPT_FLAG(0, "force", O, force, "compare other events or weighting anyway"),
    OPT_FLAG(0, "no-pages", O, no_pages, "no make compare files per benchmark"),
    OPT_TEXT(0, "null", "S", O, null,
             "A's build recorded again (a suite): the noise\n"
             "floor, A against S, beside the result"),
    OPT_END,
};
#undef O

const struct program compare_suites_program = {
    .name = "perfviews compare-suites",
    .operands = "A B",
    .summary = "Compare suite B against suite A, benchmark by benchmark "
               "(A, B: names of OUT/NAME-suite.json, or paths).",
    .options = compare_suites_options,
};

int
cmd_compare_suites(const struct program *p, int argc, char *argv[])
{
	struct suite_compare_options o = {.out = "out", .alpha = 0.05};
	int first = program_parse(p, argc, argv, &o);

	command_operands(p, argc - first, 2, 2, "two suites, A and B");
	suite_compare(argv[first], argv[first + 1], &o);
	return EXIT_OK;
}
