/*
 * compare_commands.c - perfviews compare: the glue over pages'
 * comparison_readme (the README alone, beside flatdiff's text) and
 * comparison_files (its three files from one reading of each raw file),
 * each side's ID checked as make compare names it.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/commands.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "pages/comparison_files.h"
#include "pages/comparison_readme.h"
#include "tool/compare_commands.h"
#include "tool/dataset_commands.h"

struct compare_command_options {
	const char *name;
	const char *out;
	bool force;
};

#define O struct compare_command_options
static const struct option_row compare_options[] = {
    OPT_TEXT(0, "name", "NAME", O, name,
             "the files' prefix (default IDA-vs-IDB)"),
    OPT_TEXT(0, "out", "DIR", O, out,
             "write all three files into DIR (make compare)"),
    OPT_FLAG(0, "force", O, force,
             "--out: compare other events or weighting anyway"),
    OPT_END,
};
#undef O

const struct program compare_program = {
    .name = "perfviews compare",
    .forms = "[--name] RAW-A RAW-B [DIFF]\n"
             "--out [--name] [--force] RAW-A RAW-B",
    .summary = "Write the README.md of a comparison of two data sets (DIFF: "
               "flatdiff's text), or all its files.",
    .options = compare_options,
};

int
cmd_compare(const struct program *p, int argc, char *argv[])
{
	struct compare_command_options o = {NULL};
	int first = program_parse(p, argc, argv, &o);

	if (o.out == NULL) {
		command_operands(p, argc - first, 2, 3,
		                 "RAW-A and RAW-B (and DIFF)");
		comparison_readme_of_raws(stdout, argv + first, argv[first + 2],
		                          o.name);
		return EXIT_OK;
	}
	command_operands(p, argc - first, 2, 2, "RAW-A and RAW-B");
	for (int s = 0; s < 2; s++) { /* as make compare names them */
		char *id = file_kind_id_or_name(argv[first + s], NULL);
		struct dataset_id parsed;
		dataset_id_parse_or_die(id, &parsed);
		dataset_id_free(&parsed);
		free(id);
	}
	char *name = o.name != NULL ? xstrdup(o.name)
	                            : comparison_files_name(argv + first);
	if (!comparison_files_write(o.out, name, argv + first, o.force))
		return EXIT_DATA; /* the program that failed said why */
	char *readme = comparison_path("readme", o.out, name);
	printf("wrote %s, %s and %s\n", readme, comparison_suffix("diff"),
	       comparison_suffix("diffgraph"));
	free(readme);
	free(name);
	return EXIT_OK;
}
