/*
 * perfviews - the data-set tool behind `make record`, `views`, `compare`,
 * `publish`, `stability` and `suite`.
 *
 * Not a filter: it names, records, describes, publishes and compares
 * profile data sets (SPEC §5-6).  Each subcommand is a struct program
 * (its usage, help and options) and a few lines of glue over common/dataset:
 * dataset_id.h (the ID grammar), metadata.h (meta.json), record.h,
 * script.h, readme.h and compare_readme.h (READMEs and the published
 * index), publish.h, stability.h, suite.h.
 */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/commands.h"
#include "dataset/compare_readme.h"
#include "dataset/dataset_id.h"
#include "dataset/metadata.h"
#include "dataset/publish.h"
#include "dataset/readme.h"
#include "dataset/record.h"
#include "dataset/runs.h"
#include "dataset/script.h"
#include "dataset/stability.h"
#include "dataset/suite.h"

static const struct program id_program = {
    .name = "perfviews id",
    .usage = "perfviews id ID\n",
    .summary = "Check ID and print its parts as shell assignments.",
};

static int
cmd_id(const struct program *p, int argc, char *argv[])
{
	command_no_options(p, argc, argv);
	command_operands(p, argc - optind, 1, 1, "one ID");
	dataset_id_write_sh(stdout, argv[optind]);
	return EXIT_OK;
}

enum { OPT_FIELDS = 256, OPT_SUBTITLE };

static const struct option meta_options[] = {
    {"raw", required_argument, NULL, 'r'},
    {"set", required_argument, NULL, 's'},
    {"fields", no_argument, NULL, OPT_FIELDS},
    {NULL, 0, NULL, 0},
};

static const struct program meta_program = {
    .name = "perfviews meta",
    .usage = "perfviews meta [--raw FILE] [--set FIELD=VALUE] ... ID "
             "[FILE ...]\n       perfviews meta --fields\n",
    .summary = "Write meta.json of data set ID from FIELD=VALUE lines.",
    .help = "      --raw FILE          count the samples (per run) of FILE\n"
            "      --set FIELD=VALUE   set one field\n"
            "      --fields            list the fields and exit\n",
    .shortopts = "r:s:",
    .options = meta_options,
};

static int
cmd_meta(const struct program *p, int argc, char *argv[])
{
	const char *raw = NULL;
	struct option_list sets = {0};
	int ch;

	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 'r') {
			raw = optarg;
		} else if (ch == 's') {
			option_list_add(&sets, optarg);
		} else if (ch == OPT_FIELDS) {
			metadata_write_fields(stdout);
			option_list_free(&sets);
			return EXIT_OK;
		}
	}
	command_operands(p, argc - optind, 1, argc, "an ID");
	metadata_write_new(stdout, argv[optind], argv + optind + 1,
	                   (size_t)(argc - optind - 1), sets.v, sets.n, raw);
	option_list_free(&sets);
	return EXIT_OK;
}

static const struct program get_program = {
    .name = "perfviews get",
    .usage = "perfviews get META FIELD\n",
    .summary = "Print one field of a meta.json; nothing when it is null.",
};

static int
cmd_get(const struct program *p, int argc, char *argv[])
{
	command_no_options(p, argc, argv);
	command_operands(p, argc - optind, 2, 2, "META and FIELD");
	metadata_print_field(stdout, argv[optind], argv[optind + 1]);
	return EXIT_OK;
}

static const struct option readme_options[] = {
    {"flat", required_argument, NULL, 'f'},
    {"files", required_argument, NULL, 'F'},
    {"categories", required_argument, NULL, 'c'},
    {"raw", required_argument, NULL, 'r'},
    {"subtitle", no_argument, NULL, OPT_SUBTITLE},
    {"options", required_argument, NULL, 'o'},
    {NULL, 0, NULL, 0},
};

static const struct program readme_program = {
    .name = "perfviews readme",
    .usage = "perfviews readme [--flat FILE] [--files FILE] [--categories "
             "FILE]\n"
             "                        [--raw NAME] [--subtitle] [--options "
             "VIEW] META\n",
    .summary = "Write the README.md of the data set META describes.",
    .help = "      --flat FILE         quote the top of this flat view\n"
            "      --files FILE        a files view, beside ID-callers.txt\n"
            "      --categories FILE   quote this categories view\n"
            "      --raw NAME          the raw file's name (ID-raw.txt.xz)\n"
            "      --subtitle          only the line under the flame graph\n"
            "      --options VIEW      only the options of VIEW's program, "
            "as sh words\n",
    .shortopts = "f:F:c:r:",
    .options = readme_options,
};

static int
cmd_readme(const struct program *p, int argc, char *argv[])
{
	struct readme_options opt = {0};
	bool subtitle = false;
	const char *program = NULL;
	int ch;

	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 'f' || ch == 'F')
			*(ch == 'f' ? &opt.flat : &opt.files) = optarg;
		else if (ch == 'c')
			opt.categories = optarg;
		else if (ch == 'r' || ch == 'o')
			*(ch == 'r' ? &opt.raw : &program) = optarg;
		subtitle |= ch == OPT_SUBTITLE;
	}
	command_operands(p, argc - optind, 1, 1, "one META file");
	readme_write_file(stdout, argv[optind], &opt, subtitle, program);
	return EXIT_OK;
}

static const struct program compare_program = {
    .name = "perfviews compare",
    .usage = "perfviews compare RAW-A RAW-B [DIFF]\n",
    .summary = "Write the README.md of a comparison of two data sets (DIFF: "
               "flatdiff's text).",
};

static int
cmd_compare(const struct program *p, int argc, char *argv[])
{
	command_no_options(p, argc, argv);
	command_operands(p, argc - optind, 2, 3, "RAW-A and RAW-B (and DIFF)");
	compare_readme_of_raws(stdout, argv + optind, argv[optind + 2]);
	return EXIT_OK;
}

static const struct option record_options[] = {
    {"data", required_argument, NULL, 'd'},
    {"cmd", required_argument, NULL, 'c'},
    {"python", required_argument, NULL, 'p'},
    {"callgraph", required_argument, NULL, 'g'},
    {"python-src", required_argument, NULL, 's'},
    {"perf", required_argument, NULL, 'P'},
    {"event", required_argument, NULL, 'e'},
    {"strace", required_argument, NULL, 'S'},
    {"timeout", required_argument, NULL, 't'},
    {"xz", required_argument, NULL, 'x'},
    {"cache", required_argument, NULL, 'C'},
    {"overhead", no_argument, NULL, 'O'},
    {"views", required_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static const struct program record_program = {
    .name = "perfviews record",
    .usage =
        "perfviews record [--data DIR] [--cmd CMD] [--python PY]\n"
        "                        [--callgraph dwarf|fp] [--python-src DIR] "
        "[--perf PERF]\n"
        "                        [--event EVENT] [--strace STRACE] "
        "[--timeout SECONDS]\n"
        "                        [--xz XZ] [--cache DIR] [--overhead] "
        "[--views CMD] ID\n",
    .summary = "Record data set ID into DIR/ID-raw.txt.xz, DIR/ID-meta.json.",
    .help = "      --data DIR          where data sets go (default data)\n"
            "      --cmd CMD           what to profile (default: by workload)\n"
            "      --python PY         the Python (python3); given: its meta\n"
            "      --callgraph MODE    dwarf (default) or fp\n"
            "      --python-src DIR    the CPython checkout PY was built from\n"
            "      --perf PERF         the perf command (default perf)\n"
            "      --event EVENT       the event sampled (default cpu-clock)\n"
            "      --strace STRACE     the strace command (tag files)\n"
            "      --timeout SECONDS   per run (default 600; 0: none)\n"
            "      --xz XZ             the compressor (default xz -9 -T1)\n"
            "      --cache DIR         bm_: pyperformance's venvs "
            "(DIR/.pyperformance)\n"
            "      --overhead          bm_: run it unprofiled too, to "
            "compare\n"
            "      --views CMD         then render the views, timed\n",
    .options = record_options,
};

static int
cmd_record(const struct program *p, int argc, char *argv[])
{
	struct record_options opt;
	int ch;

	record_defaults(&opt);
	/* Most options are text: where each goes, by its letter. */
	const char **text[128] = {
	    ['d'] = &opt.data,       ['c'] = &opt.cmd,
	    ['p'] = &opt.python,     ['g'] = &opt.callgraph,
	    ['s'] = &opt.python_src, ['P'] = &opt.perf,
	    ['e'] = &opt.event,      ['x'] = &opt.xz,
	    ['C'] = &opt.cache,      ['S'] = &opt.strace,
	    ['V'] = &opt.views,
	};
	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 't')
			opt.timeout =
			    (unsigned)option_count(optarg, "--timeout", true);
		else if (ch > 0 && ch < 128 && text[ch] != NULL)
			*text[ch] = optarg;
		opt.python_given |= ch == 'p';
		opt.overhead |= ch == 'O';
		opt.event_given |= ch == 'e';
	}
	command_operands(p, argc - optind, 1, 1, "one ID");
	record(argv[optind], &opt);
	return EXIT_OK;
}

static const struct option script_options[] = {
    {"jobs", required_argument, NULL, 'j'},
    {"perf", required_argument, NULL, 'P'},
    {"verbose", no_argument, NULL, 'v'},
    {NULL, 0, NULL, 0},
};

static const struct program script_program = {
    .name = "perfviews script",
    .usage = "perfviews script [-j N] [--perf PERF] [-v] PERF.DATA "
             "[perf script options]\n",
    .summary = "Write the text perf script would: read here, or by perf "
               "in time slices at once.",
    .help = "  -j, --jobs N            time slices at most (default: one "
            "per CPU)\n"
            "      --perf PERF         run PERF script (in time slices), "
            "not the reader\n"
            "  -v, --verbose           say what was done, on stderr\n",
    .shortopts = "+j:v",
    .options = script_options,
};

static int
cmd_script(const struct program *p, int argc, char *argv[])
{
	struct script_options o = {.perf = "perf", .err_fd = STDERR_FILENO};
	int ch;

	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 'j')
			o.jobs =
			    (unsigned)option_count(optarg, "--jobs", false);
		else if (ch == 'P')
			o.perf = optarg;
		o.use_perf |= ch == 'P';
		o.verbose |= ch == 'v';
	}
	command_operands(p, argc - optind, 1, argc, "PERF.DATA");
	script_command(&o, argv + optind, (size_t)(argc - optind));
	return EXIT_OK;
}

static const struct option publish_options[] = {
    {"data", required_argument, NULL, 'd'},
    {"out", required_argument, NULL, 'o'},
    {"make", required_argument, NULL, 'm'},
    {NULL, 0, NULL, 0},
};

static const struct program publish_program = {
    .name = "perfviews publish",
    .usage = "perfviews publish [--data DIR] ... [--out DIR] [--make MAKE] "
             "DEST\n",
    .summary = "Render and copy every data set into DEST, with an index.",
    .help = "      --data DIR          data sets to publish (default data)\n"
            "      --out DIR           where make views writes (default out)\n"
            "      --make MAKE         renders views (default make; '': no)\n",
    .options = publish_options,
};

static int
cmd_publish(const struct program *p, int argc, char *argv[])
{
	struct publish_options opt = {.out = "out", .make = "make"};
	int ch;

	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 'd')
			option_list_add(&opt.data, optarg);
		else if (ch == 'o' || ch == 'm')
			*(ch == 'o' ? &opt.out : &opt.make) = optarg;
	}
	command_operands(p, argc - optind, 1, 1, "one DEST directory");
	publish(argv[optind], &opt);
	option_list_free(&opt.data);
	return EXIT_OK;
}

static const struct option stability_options[] = {
    {"splits", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, 's'},
    {"top", required_argument, NULL, 't'},
    {"sizes", required_argument, NULL, 'k'},
    {"event", required_argument, NULL, 'e'},
    {NULL, 0, NULL, 0},
};

static const struct program stability_program = {
    .name = "perfviews stability",
    .usage = "perfviews stability [--splits N] [--seed N] [--top N] "
             "[--sizes LIST]\n"
             "                           [--event NAME] RAW\n",
    .summary = "Does combining the runs of RAW stabilise the profile?",
    .help = "      --splits N          pairs of groups per size (default 200)\n"
            "      --seed N            of the random pairs (default 1)\n"
            "      --top N             functions in the second table (10)\n"
            "      --sizes LIST        group sizes (default 1,2,5,RUNS/2)\n"
            "      --event NAME        samples of event NAME (the first)\n",
    .options = stability_options,
};

static int
cmd_stability(const struct program *p, int argc, char *argv[])
{
	struct stability_options opt = {.splits = 200, .seed = 1, .top = 10};
	int ch;

	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 'n')
			opt.splits = option_count(optarg, "--splits", false);
		else if (ch == 's')
			opt.seed = option_count(optarg, "--seed", true);
		else if (ch == 't')
			opt.top = option_count(optarg, "--top", true);
		else if (ch == 'e')
			opt.event = optarg;
		else if (ch == 'k')
			stability_sizes_option(&opt, optarg);
	}
	command_operands(p, argc - optind, 1, 1, "one RAW file");
	stability_report_file(stdout, argv[optind], &opt);
	return EXIT_OK;
}

static const struct option suite_options[] = {
    {"data", required_argument, NULL, 'd'},
    {"log", required_argument, NULL, 'l'},
    {"todo", required_argument, NULL, 'n'},
    {"python", required_argument, NULL, 'p'},
    {"cache", required_argument, NULL, 'C'},
    {"categories", required_argument, NULL, 'c'},
    {NULL, 0, NULL, 0},
};

static const struct program suite_program = {
    .name = "perfviews suite",
    .usage = "perfviews suite ids [--data DIR] [--python PY] [--cache DIR] "
             "TAIL NAME ...\n"
             "       perfviews suite step --log LOG [--todo N] -- ID COMMAND "
             "...\n"
             "       perfviews suite readme [--data DIR] [--log LOG] "
             "[--categories FILE]\n"
             "                              SUITE ID ...\n"
             "       perfviews suite missing [--data DIR] ID\n"
             "       perfviews suite report LOG\n",
    .summary = "The steps of make suite: IDs, a recording, README, report.",
    .help =
        "      --data DIR          where data sets are (default data)\n"
        "      --log LOG           the suite's log of recordings\n"
        "      --todo N            recordings to make in all\n"
        "      --python PY         for NAME all: the Python (python3)\n"
        "      --cache DIR         its pyperformance (DATA/.pyperformance)\n"
        "      --categories FILE   readme: the data sets by category, a "
        "column each\n",
    .options = suite_options,
};

static int
cmd_suite(const struct program *p, int argc, char *argv[])
{
	struct suite_options o = {.data = "data", .python = "python3"};
	const char **text[128] = {['d'] = &o.data,
	                          ['l'] = &o.log,
	                          ['p'] = &o.python,
	                          ['C'] = &o.cache,
	                          ['c'] = &o.categories};
	int ch;

	while ((ch = program_option(p, argc, argv)) != -1) {
		if (ch == 'n')
			o.todo = (unsigned)option_count(optarg, "--todo", true);
		else if (ch > 0 && ch < 128 && text[ch] != NULL)
			*text[ch] = optarg;
	}
	command_operands(p, argc - optind, 1, argc, "an action");
	return suite_command(&o, argv[optind], argc - optind - 1,
	                     argv + optind + 1);
}

static const struct command commands[] = {
    {&id_program, cmd_id},
    {&meta_program, cmd_meta},
    {&get_program, cmd_get},
    {&readme_program, cmd_readme},
    {&compare_program, cmd_compare},
    {&record_program, cmd_record},
    {&script_program, cmd_script},
    {&publish_program, cmd_publish},
    {&stability_program, cmd_stability},
    {&suite_program, cmd_suite},
};

int
main(int argc, char *argv[])
{
	return commands_main("perfviews",
	                     "Name, record, describe, publish and compare "
	                     "profile data sets.",
	                     commands, sizeof commands / sizeof commands[0],
	                     argc, argv);
}
